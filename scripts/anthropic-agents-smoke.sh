#!/usr/bin/env bash
# Smoke test: the Anthropic Messages front (docs/reference.md §5) with the official Anthropic Node
# SDK (npm "@anthropic-ai/sdk") and Claude Code in print mode (npm "@anthropic-ai/claude-code"),
# both pointed at `orchestrator serve` with ANTHROPIC_BASE_URL, over a fake OpenAI-compatible
# upstream (node, 127.0.0.1) — so every request also crosses protocols.
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

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="$ROOT/cli/target/orchestrator.jar"
SDK_VERSION="${ANTHROPIC_SDK_VERSION:-latest}"
CLAUDE_VERSION="${CLAUDE_CODE_VERSION:-latest}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/anthropic-smoke.XXXXXX")"
UP_PID=""
SERVE_PID=""

cleanup() {
  [[ -n "$SERVE_PID" ]] && kill "$SERVE_PID" 2>/dev/null && wait "$SERVE_PID" 2>/dev/null || true
  [[ -n "$UP_PID" ]] && kill "$UP_PID" 2>/dev/null && wait "$UP_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if [[ ! -f "$JAR" ]]; then
  echo "building $JAR" >&2
  (cd "$ROOT" && mvn -B -q -DskipTests package)
fi

cd "$WORK"
npm init -y >/dev/null
PACKAGES=("@anthropic-ai/sdk@$SDK_VERSION")
[[ -z "${SKIP_CLAUDE_CODE:-}" ]] && PACKAGES+=("@anthropic-ai/claude-code@$CLAUDE_VERSION")
echo "installing ${PACKAGES[*]} into $WORK" >&2
npm install --silent --no-audit --no-fund "${PACKAGES[@]}" >/dev/null

cat > upstream.mjs <<'JS'
// A fake OpenAI-compatible upstream; see the script's header for what each provider does.
import http from 'node:http';
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.url.startsWith('/flaky/')) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'flaky is down', type: 'server_error' } }));
      return;
    }
    const r = JSON.parse(body);
    const base = { id: 'up-1', created: 1, model: r.model };
    const usage = { prompt_tokens: 7, completion_tokens: 4, total_tokens: 11 };
    let message = { role: 'assistant', content: 'Hello from steady' };
    let finish = 'stop';
    if (req.url.startsWith('/toolish/')) {
      const result = r.messages.find((m) => m.role === 'tool');
      if (result) {
        message = { role: 'assistant', content: `Weather: ${result.content} (for ${result.tool_call_id})` };
      } else {
        message = { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function',
          function: { name: 'weather', arguments: '{"city":"Oslo"}' } }] };
        finish = 'tool_calls';
      }
    }
    if (req.url.startsWith('/cut/')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Hello', ' from']) {
        res.write('data: ' + JSON.stringify({ ...base, object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }) + '\n\n');
      }
      return; // silent from here on
    }
    if (!r.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...base, object: 'chat.completion', usage,
        choices: [{ index: 0, message, finish_reason: finish }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (o) => res.write('data: ' + JSON.stringify(o) + '\n\n');
    const chunk = (delta, finish_reason = null) =>
      send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason }] });
    if (message.tool_calls) {
      const c = message.tool_calls[0];
      chunk({ tool_calls: [{ index: 0, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] });
      chunk({ tool_calls: [{ index: 0, function: { arguments: c.function.arguments } }] });
    } else {
      for (const piece of message.content.match(/.{1,6}/g)) chunk({ content: piece });
    }
    chunk({}, finish);
    send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
    res.end('data: [DONE]\n\n');
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
JS

node upstream.mjs > upstream.port &
UP_PID=$!
for _ in $(seq 1 50); do [[ -s upstream.port ]] && break; sleep 0.1; done
UP_PORT="$(cat upstream.port)"

cat > catalog.yaml <<YAML
version: 1
providers:
  flaky:   {baseUrl: "http://127.0.0.1:$UP_PORT/flaky/v1",   protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  steady:  {baseUrl: "http://127.0.0.1:$UP_PORT/steady/v1",  protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  toolish: {baseUrl: "http://127.0.0.1:$UP_PORT/toolish/v1", protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  cut:     {baseUrl: "http://127.0.0.1:$UP_PORT/cut/v1",     protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
routes:
  "flaky/m":   {tier: free, contextWindow: 200000, capabilities: [tools]}
  "steady/m":  {tier: free, contextWindow: 200000, capabilities: [tools]}
  "toolish/m": {tier: free, contextWindow: 200000, capabilities: [tools]}
  "cut/m":     {tier: free, contextWindow: 200000, capabilities: [tools]}
pools:
  smoke: {kind: virtual, routes: ["flaky/m", "steady/m"]}
YAML

SMOKE_UPSTREAM_KEY=sk-smoke-upstream ORCHESTRATOR_TOKEN=smoke-token \
  java -jar "$JAR" serve --port 0 --catalog catalog.yaml --deadline-ms 20000 \
  --stream-idle-timeout-ms 1000 2> serve.log &
SERVE_PID=$!
BASE=""
for _ in $(seq 1 100); do
  BASE="$(grep -o 'http://127.0.0.1:[0-9]*' serve.log | head -1 || true)"
  [[ -n "$BASE" ]] && break
  sleep 0.1
done
[[ -n "$BASE" ]] || { echo "serve did not start:" >&2; cat serve.log >&2; exit 1; }
echo "serve at $BASE" >&2

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
  OUT="$(HOME="$WORK" ANTHROPIC_BASE_URL="$BASE" ANTHROPIC_API_KEY=smoke-token \
    ANTHROPIC_MODEL=steady/m ANTHROPIC_SMALL_FAST_MODEL=steady/m \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 \
    timeout 120 ./node_modules/.bin/claude -p "Say hello" --output-format text 2>&1)" || {
      echo "FAIL: claude code: $OUT" >&2; exit 1; }
  echo "claude code said: $OUT" >&2
  [[ "$OUT" == *"Hello from steady"* ]] || { echo "FAIL: unexpected claude code output" >&2; exit 1; }
  echo "claude code ok"
fi

if grep -q -e sk-smoke-upstream -e smoke-token serve.log; then
  echo "FAIL: a secret reached the serve log" >&2
  exit 1
fi
echo "anthropic-agents-smoke: passed"
