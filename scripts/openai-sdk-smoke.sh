#!/usr/bin/env bash
# Smoke test: the official OpenAI Node SDK (npm "openai") against `orchestrator serve`.
#
# Starts a tiny fake OpenAI-compatible upstream (node, 127.0.0.1) with two providers — "flaky"
# always answers 503, "steady" answers — and `orchestrator serve` with a catalog whose virtual
# model "smoke" tries flaky first. The SDK then makes a non-streaming and a streaming call to
# "smoke" and asserts the answer, the serving route (model, x-orchestrator-route), the attempt count
# and the usage; it also checks /v1/models and that an unknown model is a 404 the SDK understands.
# A third provider, "cut", streams part of an answer and then falls silent: serve's stream-idle limit
# ends the attempt after visible output, and the SDK must raise an error (docs/reference.md §5),
# never return the partial text as a completed answer.
#
# Needs java 17, maven and node >= 18 with npm (registry access). Not part of `mvn verify`.
# Usage: scripts/openai-sdk-smoke.sh        (OPENAI_SDK_VERSION=6 by default)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="$ROOT/cli/target/orchestrator.jar"
SDK_VERSION="${OPENAI_SDK_VERSION:-6}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/openai-sdk-smoke.XXXXXX")"
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
echo "installing openai@$SDK_VERSION into $WORK" >&2
npm init -y >/dev/null
npm install --silent --no-audit --no-fund "openai@$SDK_VERSION" >/dev/null
echo "openai $(node -p "require('./node_modules/openai/package.json').version") on node $(node --version)" >&2

cat > upstream.mjs <<'JS'
// A fake OpenAI-compatible upstream: /flaky/v1/* answers 503, /steady/v1/* answers "Hello from steady",
// /cut/v1/* streams "Hello from" and then stays silent (the connection is left open).
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
    if (req.url.startsWith('/cut/')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Hello', ' from']) {
        res.write('data: ' + JSON.stringify({ id: 'up-cut', created: 1, model: 'm', object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] }) + '\n\n');
      }
      return; // silent from here on
    }
    const r = JSON.parse(body);
    const base = { id: 'up-1', created: 1, model: r.model };
    const usage = { prompt_tokens: 7, completion_tokens: 4, total_tokens: 11 };
    if (!r.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...base, object: 'chat.completion', usage,
        choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from steady' }, finish_reason: 'stop' }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (o) => res.write('data: ' + JSON.stringify(o) + '\n\n');
    for (const piece of ['Hello', ' from', ' steady']) {
      send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    }
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
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
  flaky:  {baseUrl: "http://127.0.0.1:$UP_PORT/flaky/v1",  protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  steady: {baseUrl: "http://127.0.0.1:$UP_PORT/steady/v1", protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  cut:    {baseUrl: "http://127.0.0.1:$UP_PORT/cut/v1",    protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
routes:
  "flaky/m":  {tier: free, contextWindow: 32000}
  "steady/m": {tier: free, contextWindow: 32000}
  "cut/m":    {tier: free, contextWindow: 32000}
pools:
  smoke: {kind: virtual, routes: ["flaky/m", "steady/m"]}
YAML

SMOKE_UPSTREAM_KEY=sk-smoke-upstream ORCHESTRATOR_TOKEN=smoke-token \
  java -jar "$JAR" serve --port 0 --catalog catalog.yaml --deadline-ms 10000 \
  --stream-idle-timeout-ms 1000 2> serve.log &
SERVE_PID=$!
BASE=""
for _ in $(seq 1 100); do
  BASE="$(grep -o 'http://127.0.0.1:[0-9]*/v1' serve.log || true)"
  [[ -n "$BASE" ]] && break
  sleep 0.1
done
[[ -n "$BASE" ]] || { echo "serve did not start:" >&2; cat serve.log >&2; exit 1; }
echo "serve at $BASE" >&2

cat > smoke.mjs <<'JS'
import OpenAI from 'openai';
import assert from 'node:assert/strict';

const client = new OpenAI({ baseURL: process.env.BASE, apiKey: 'smoke-token', maxRetries: 0 });

// Non-streaming: flaky fails (503, retried once), steady serves.
const { data: completion, response } = await client.chat.completions
  .create({ model: 'smoke', messages: [{ role: 'user', content: 'Say hello' }] })
  .withResponse();
assert.equal(completion.choices[0].message.content, 'Hello from steady');
assert.equal(completion.model, 'steady/m');
assert.equal(response.headers.get('x-orchestrator-route'), 'steady/m');
assert.equal(response.headers.get('x-orchestrator-attempts'), '3');
// serve adds usage.cost (ADR 0017): 0 on a free route.
assert.deepEqual(completion.usage, { prompt_tokens: 7, completion_tokens: 4, total_tokens: 11, cost: 0 });
console.log('non-streaming ok:', completion.model, JSON.stringify(completion.choices[0].message.content));

// Streaming with usage.
const stream = await client.chat.completions.create({
  model: 'smoke', stream: true, stream_options: { include_usage: true },
  messages: [{ role: 'user', content: 'Say hello' }],
});
let text = '', finish = null, usage = null, model = null;
for await (const chunk of stream) {
  model = chunk.model;
  if (chunk.usage) usage = chunk.usage;
  const c = chunk.choices[0];
  if (c?.delta?.content) text += c.delta.content;
  if (c?.finish_reason) finish = c.finish_reason;
}
assert.equal(text, 'Hello from steady');
assert.equal(finish, 'stop');
assert.equal(model, 'steady/m');
assert.equal(usage.total_tokens, 11);
console.log('streaming ok:', model, JSON.stringify(text));

// The model list and a typed 404.
const ids = [];
for await (const m of client.models.list()) ids.push(m.id);
assert.ok(ids.includes('smoke') && ids.includes('orchestrator/free') && ids.includes('steady/m'));
await assert.rejects(
  client.chat.completions.create({ model: 'smok', messages: [{ role: 'user', content: 'x' }] }),
  (e) => e instanceof OpenAI.NotFoundError && e.code === 'model_not_found',
);
// A wrong token is a typed 401.
await assert.rejects(
  new OpenAI({ baseURL: process.env.BASE, apiKey: 'wrong', maxRetries: 0 }).models.list(),
  (e) => e instanceof OpenAI.AuthenticationError,
);
console.log('models and errors ok');

// A stream cut after visible output is an error, not a shorter answer.
const cut = await client.chat.completions.create({
  model: 'cut/m', stream: true, messages: [{ role: 'user', content: 'Say hello' }],
});
let partial = '';
await assert.rejects(
  (async () => {
    for await (const chunk of cut) partial += chunk.choices[0]?.delta?.content ?? '';
  })(),
  (e) => {
    assert.ok(e instanceof OpenAI.APIError, 'expected an APIError, got ' + e);
    console.log('cut stream raised:', e.constructor.name, JSON.stringify(e.message));
    return true;
  },
);
assert.equal(partial, 'Hello from');
console.log('cut stream ok: the SDK raised an error after', JSON.stringify(partial));
JS

BASE="$BASE" node smoke.mjs
if grep -q -e sk-smoke-upstream -e smoke-token serve.log; then
  echo "FAIL: a secret reached the serve log" >&2
  exit 1
fi
echo "openai-sdk-smoke: 1 passed, 0 failed"
