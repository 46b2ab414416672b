#!/usr/bin/env bash
# Smoke test: the OpenAI Responses front (docs/reference.md §5) with the official OpenAI Node SDK's
# Responses API (npm "openai") and Codex CLI (npm "@openai/codex", `codex exec` with a custom
# provider speaking the Responses wire API), both pointed at `orchestrator serve` over a fake
# OpenAI-compatible Chat Completions upstream (scripts/smoke-upstream.mjs, node, 127.0.0.1), so
# every request crosses protocols.
#
# Upstream providers: "flaky" always answers 503; "steady" answers "Hello from steady"; "toolish"
# asks for the tool "weather" until the conversation holds its result, then answers with it; "cut"
# streams part of an answer and falls silent. The virtual model "smoke" tries flaky, then steady.
#
# Checked: a response and a stream through an invisible failover (model = the serving route), the
# agent tool loop through previous_response_id (function_call → function_call_output → answer),
# retrieve and delete, a typed 404, a cut stream that ends with response.failed and then an error,
# an OpenAI Agents SDK agent running its function tool to a final output, and Codex answering a
# prompt through serve. Nothing reaches the internet.
#
# Needs java 17, maven and node >= 18 with npm (registry access). Not part of `mvn verify`.
# Usage: scripts/openai-agents-smoke.sh   (SKIP_CODEX=1 skips the Codex part)
set -euo pipefail

source "$(dirname "$0")/smoke-lib.sh"
PACKAGES=("openai@${OPENAI_SDK_VERSION:-6}" "@openai/agents@${AGENTS_VERSION:-latest}" "zod@4")
[[ -z "${SKIP_CODEX:-}" ]] && PACKAGES+=("@openai/codex@${CODEX_VERSION:-latest}")
smoke_setup openai-agents-smoke "${PACKAGES[@]}"
smoke_serve 20000
BASE="$SERVE_URL/v1"

cat > smoke.mjs <<'JS'
import OpenAI from 'openai';
import assert from 'node:assert/strict';

const client = new OpenAI({ baseURL: process.env.BASE, apiKey: 'smoke-token', maxRetries: 0 });

const r = await client.responses.create({ model: 'smoke', input: 'Say hello' });
assert.equal(r.object, 'response');
assert.equal(r.status, 'completed');
assert.equal(r.model, 'steady/m');
assert.equal(r.output_text, 'Hello from steady');
console.log('response ok:', r.model, JSON.stringify(r.output_text));

const stream = await client.responses.create({ model: 'smoke', input: 'Say hello', stream: true });
let text = '', completed = null;
for await (const e of stream) {
  if (e.type === 'response.output_text.delta') text += e.delta;
  if (e.type === 'response.completed') completed = e.response;
}
assert.equal(text, 'Hello from steady');
assert.equal(completed.model, 'steady/m');
console.log('stream ok:', completed.model, JSON.stringify(text));

// The agent loop over previous_response_id.
const tools = [{ type: 'function', name: 'weather', description: 'Current weather', strict: false,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
const call = await client.responses.create({ model: 'toolish/m', input: 'Weather in Oslo?', tools });
const fc = call.output.find((i) => i.type === 'function_call');
assert.deepEqual([fc.call_id, fc.name, JSON.parse(fc.arguments)], ['call_w1', 'weather', { city: 'Oslo' }]);
const answer = await client.responses.create({ model: 'toolish/m', tools, previous_response_id: call.id,
  input: [{ type: 'function_call_output', call_id: fc.call_id, output: '21 C' }] });
assert.equal(answer.output_text, 'Weather: 21 C (for call_w1)');
console.log('tool loop ok:', JSON.stringify(answer.output_text));

const again = await client.responses.retrieve(answer.id);
assert.equal(again.output_text, answer.output_text);
await client.responses.delete(answer.id);
await assert.rejects(client.responses.retrieve(answer.id), (e) => e instanceof OpenAI.NotFoundError);
await assert.rejects(client.responses.create({ model: 'smok', input: 'x' }),
  (e) => e instanceof OpenAI.NotFoundError);
console.log('retrieve, delete and errors ok');

let partial = '';
const seen = [];
await assert.rejects(
  (async () => {
    const cut = await client.responses.create({ model: 'cut/m', input: 'Say hello', stream: true });
    for await (const e of cut) {
      seen.push(e.type);
      if (e.type === 'response.output_text.delta') partial += e.delta;
    }
  })(),
  (e) => { console.log('cut stream raised:', e.constructor.name, JSON.stringify(e.message)); return true; });
assert.equal(partial, 'Hello from');
assert.equal(seen.at(-1), 'response.failed'); // the protocol's own failure event, then the cut
assert.ok(!seen.includes('response.completed'));
console.log('cut stream ok');

// The OpenAI Agents SDK: an agent with a function tool, run to its final output.
const { Agent, run, tool, setDefaultOpenAIClient, setTracingDisabled, setOpenAIAPI } =
  await import('@openai/agents');
const { z } = await import('zod');
setDefaultOpenAIClient(client);
setOpenAIAPI('responses');
setTracingDisabled(true);
const weather = tool({ name: 'weather', description: 'Current weather',
  parameters: z.object({ city: z.string() }), execute: async () => '21 C' });
const agent = new Agent({ name: 'Forecaster', instructions: 'Answer with the weather.',
  model: 'toolish/m', tools: [weather] });
const result = await run(agent, 'Weather in Oslo?');
assert.equal(result.finalOutput, 'Weather: 21 C (for call_w1)');
console.log('agents sdk ok:', JSON.stringify(result.finalOutput));
JS

BASE="$BASE" node smoke.mjs

if [[ -z "${SKIP_CODEX:-}" ]]; then
  mkdir -p codex-home
  cat > codex-home/config.toml <<TOML
model = "steady/m"
model_provider = "orchestrator"

[model_providers.orchestrator]
name = "orchestrator"
base_url = "$BASE"
env_key = "ORCHESTRATOR_TOKEN"
wire_api = "responses"
TOML
  echo "codex $(node -p "require('./node_modules/@openai/codex/package.json').version")" >&2
  smoke_agent codex "Hello from steady" env CODEX_HOME="$WORK/codex-home" \
    ORCHESTRATOR_TOKEN=smoke-token ./node_modules/.bin/codex exec --skip-git-repo-check "Say hello"
  # Codex's own tool loop: the model asks for its shell tool, Codex runs it (no sandbox: the
  # command is a fixed echo) and sends the output back through serve's Responses front.
  smoke_agent "codex (its shell tool)" "Tool said:" env CODEX_HOME="$WORK/codex-home" \
    ORCHESTRATOR_TOKEN=smoke-token ./node_modules/.bin/codex exec --skip-git-repo-check \
    -m agenttool/m --dangerously-bypass-approvals-and-sandbox "Run the marker command"
fi

smoke_no_secrets
echo "openai-agents-smoke: passed"
