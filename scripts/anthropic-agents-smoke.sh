#!/usr/bin/env bash
# Smoke test: the Anthropic Messages front (docs/reference.md §5) with the official Anthropic Node
# SDK (npm "@anthropic-ai/sdk") and Claude Code in print mode (npm "@anthropic-ai/claude-code"),
# both pointed at `orchestrator serve` with ANTHROPIC_BASE_URL, over a fake OpenAI-compatible
# upstream (scripts/smoke-upstream.mjs, node, 127.0.0.1) — so every request also crosses protocols.
#
# Upstream providers: "flaky" always answers 503; "steady" answers "Hello from steady"; "toolish"
# asks for the tool "weather" until the conversation holds its result, then answers with it; "cut"
# streams part of an answer and falls silent. The virtual model "smoke" tries flaky, then steady.
#
# Checked: a message and a stream through an invisible failover (model = the serving route), the
# agent tool loop (tool_use → tool_result → answer, ids kept), a typed 404, a cut stream that the
# SDK reports as an error, and Claude Code answering a prompt through serve. Nothing reaches the
# internet: Claude Code runs with its non-essential traffic off.
#
# Needs java 17, maven and node >= 18 with npm (registry access). Not part of `mvn verify`.
# Usage: scripts/anthropic-agents-smoke.sh   (SKIP_CLAUDE_CODE=1 skips the Claude Code part)
set -euo pipefail

source "$(dirname "$0")/smoke-lib.sh"
PACKAGES=("@anthropic-ai/sdk@${ANTHROPIC_SDK_VERSION:-latest}")
[[ -z "${SKIP_CLAUDE_CODE:-}" ]] && PACKAGES+=("@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION:-latest}")
smoke_setup anthropic-smoke "${PACKAGES[@]}"
smoke_serve 20000
BASE="$SERVE_URL" # the Anthropic SDK and Claude Code add /v1 themselves

cat > smoke.mjs <<'JS'
import Anthropic from '@anthropic-ai/sdk';
import assert from 'node:assert/strict';

const client = new Anthropic({ baseURL: process.env.BASE, apiKey: 'smoke-token', maxRetries: 0 });

const m = await client.messages.create({ model: 'smoke', max_tokens: 64,
  messages: [{ role: 'user', content: 'Say hello' }] });
assert.equal(m.type, 'message');
assert.equal(m.model, 'steady/m');
assert.equal(m.content[0].text, 'Hello from steady');
assert.equal(m.stop_reason, 'end_turn');
console.log('message ok:', m.model, JSON.stringify(m.content[0].text));

const stream = client.messages.stream({ model: 'smoke', max_tokens: 64,
  messages: [{ role: 'user', content: 'Say hello' }] });
const streamed = await stream.finalMessage();
assert.equal(streamed.content[0].text, 'Hello from steady');
assert.equal(streamed.model, 'steady/m');
console.log('stream ok:', streamed.model, JSON.stringify(streamed.content[0].text));

// The agent loop: tool_use, then the tool's result, then the answer.
const tools = [{ name: 'weather', description: 'Current weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
const ask = [{ role: 'user', content: 'Weather in Oslo?' }];
for (const streaming of [false, true]) {
  const call = streaming
    ? await client.messages.stream({ model: 'toolish/m', max_tokens: 64, tools, messages: ask }).finalMessage()
    : await client.messages.create({ model: 'toolish/m', max_tokens: 64, tools, messages: ask });
  assert.equal(call.stop_reason, 'tool_use');
  const use = call.content.find((b) => b.type === 'tool_use');
  assert.deepEqual([use.id, use.name, use.input], ['call_w1', 'weather', { city: 'Oslo' }]);
  const answer = await client.messages.create({ model: 'toolish/m', max_tokens: 64, tools, messages: [
    ...ask, { role: 'assistant', content: call.content },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '21 C' }] }] });
  assert.equal(answer.content[0].text, 'Weather: 21 C (for call_w1)');
  console.log(`tool loop ok (${streaming ? 'streamed' : 'whole'}):`, JSON.stringify(answer.content[0].text));
}

await assert.rejects(
  client.messages.create({ model: 'smok', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }),
  (e) => e instanceof Anthropic.NotFoundError && e.error?.error?.type === 'not_found_error');
await assert.rejects(
  new Anthropic({ baseURL: process.env.BASE, apiKey: 'wrong', maxRetries: 0 }).messages.create(
    { model: 'smoke', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }),
  (e) => e instanceof Anthropic.AuthenticationError);
console.log('errors ok');

let partial = '';
await assert.rejects(
  (async () => {
    const cut = client.messages.stream({ model: 'cut/m', max_tokens: 64,
      messages: [{ role: 'user', content: 'Say hello' }] });
    cut.on('text', (t) => (partial += t));
    await cut.finalMessage();
  })(),
  (e) => { console.log('cut stream raised:', e.constructor.name, JSON.stringify(e.message)); return true; });
assert.equal(partial, 'Hello from');
console.log('cut stream ok');
JS

BASE="$BASE" node smoke.mjs

if [[ -z "${SKIP_CLAUDE_CODE:-}" ]]; then
  echo "claude code $(node -p "require('./node_modules/@anthropic-ai/claude-code/package.json').version")" >&2
  smoke_agent "claude code" "Hello from steady" env HOME="$WORK" ANTHROPIC_BASE_URL="$BASE" \
    ANTHROPIC_API_KEY=smoke-token ANTHROPIC_MODEL=steady/m ANTHROPIC_SMALL_FAST_MODEL=steady/m \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 \
    ./node_modules/.bin/claude -p "Say hello" --output-format text
  # Claude Code's own tool loop: the model asks for its Bash tool, Claude Code runs it and sends
  # the result back through serve, and the model answers with what the tool printed.
  smoke_agent "claude code (its Bash tool)" "Tool said: orchestrator-tool-ok" env HOME="$WORK" \
    ANTHROPIC_BASE_URL="$BASE" ANTHROPIC_API_KEY=smoke-token ANTHROPIC_MODEL=agenttool/m \
    ANTHROPIC_SMALL_FAST_MODEL=agenttool/m CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
    DISABLE_AUTOUPDATER=1 \
    ./node_modules/.bin/claude -p "Run the marker command" --output-format text --allowedTools Bash
fi

smoke_no_secrets
echo "anthropic-agents-smoke: passed"
