#!/usr/bin/env bash
# Smoke test: the OpenAI Responses front (docs/reference.md §5) with the official OpenAI Node SDK's
# Responses API (npm "openai") and Codex CLI (npm "@openai/codex", `codex exec` with a custom
# provider speaking the Responses wire API), both pointed at `orchestrator serve` over a fake
# OpenAI-compatible Chat Completions upstream (node, 127.0.0.1) — so every request crosses
# protocols.
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

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="$ROOT/cli/target/orchestrator.jar"
SDK_VERSION="${OPENAI_SDK_VERSION:-6}"
CODEX_VERSION="${CODEX_VERSION:-latest}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/openai-agents-smoke.XXXXXX")"
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
PACKAGES=("openai@$SDK_VERSION" "@openai/agents@${AGENTS_VERSION:-latest}" "zod@4")
[[ -z "${SKIP_CODEX:-}" ]] && PACKAGES+=("@openai/codex@$CODEX_VERSION")
echo "installing ${PACKAGES[*]} into $WORK" >&2
npm install --silent --no-audit --no-fund "${PACKAGES[@]}" >/dev/null

# The same fake upstream as scripts/anthropic-agents-smoke.sh.
sed -n '/^cat > upstream.mjs/,/^JS$/p' "$ROOT/scripts/anthropic-agents-smoke.sh" | sed '1d;$d' > upstream.mjs
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
  BASE="$(grep -o 'http://127.0.0.1:[0-9]*/v1' serve.log | head -1 || true)"
  [[ -n "$BASE" ]] && break
  sleep 0.1
done
[[ -n "$BASE" ]] || { echo "serve did not start:" >&2; cat serve.log >&2; exit 1; }
echo "serve at $BASE" >&2

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
  OUT="$(CODEX_HOME="$WORK/codex-home" ORCHESTRATOR_TOKEN=smoke-token \
    timeout 120 ./node_modules/.bin/codex exec --skip-git-repo-check "Say hello" 2>&1)" || {
      echo "FAIL: codex: $OUT" >&2; exit 1; }
  echo "codex said: $OUT" >&2
  [[ "$OUT" == *"Hello from steady"* ]] || { echo "FAIL: unexpected codex output" >&2; exit 1; }
  echo "codex ok"
fi

if grep -q -e sk-smoke-upstream -e smoke-token serve.log; then
  echo "FAIL: a secret reached the serve log" >&2
  exit 1
fi
echo "openai-agents-smoke: passed"
