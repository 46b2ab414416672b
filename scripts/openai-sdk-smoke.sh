#!/usr/bin/env bash
# Smoke test: the official OpenAI Node SDK (npm "openai") against `orchestrator serve`.
#
# Starts the fake OpenAI-compatible upstream (scripts/smoke-upstream.mjs, node, 127.0.0.1) — among
# its providers "flaky" always answers 503, "steady" answers — and `orchestrator serve` with a
# catalog whose virtual model "smoke" tries flaky first. The SDK then makes a non-streaming and a streaming call to
# "smoke" and asserts the answer, the serving route (model, x-orchestrator-route), the attempt count
# and the usage; it also checks /v1/models and that an unknown model is a 404 the SDK understands.
# Another provider, "cut", streams part of an answer and then falls silent: serve's stream-idle limit
# ends the attempt after visible output, and the SDK must raise an error (docs/reference.md §5),
# never return the partial text as a completed answer.
#
# Needs java 17, maven and node >= 18 with npm (registry access). Not part of `mvn verify`.
# Usage: scripts/openai-sdk-smoke.sh        (OPENAI_SDK_VERSION=6 by default)
set -euo pipefail

source "$(dirname "$0")/smoke-lib.sh"
smoke_setup openai-sdk-smoke "openai@${OPENAI_SDK_VERSION:-6}"
echo "openai $(node -p "require('./node_modules/openai/package.json').version") on node $(node --version)" >&2
smoke_serve 10000
BASE="$SERVE_URL/v1"

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
smoke_no_secrets
echo "openai-sdk-smoke: 1 passed, 0 failed"
