# Shared by the SDK smoke scripts (openai-sdk-smoke.sh, openai-agents-smoke.sh,
# anthropic-agents-smoke.sh); source it after `set -euo pipefail`. It gives them a work directory
# removed on exit, the CLI jar (built when missing), their npm packages, the fake OpenAI-compatible
# upstream (smoke-upstream.mjs) and `orchestrator serve` over it, and the check that no secret
# reached serve's log.
#
# Sets ROOT, JAR, WORK (the current directory after smoke_setup) and SERVE_URL (serve's root URL,
# http://127.0.0.1:PORT, after smoke_serve).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAR="$ROOT/cli/target/orchestrator.jar"
UP_PID=""
SERVE_PID=""

smoke_cleanup() {
  [[ -n "$SERVE_PID" ]] && kill "$SERVE_PID" 2>/dev/null && wait "$SERVE_PID" 2>/dev/null || true
  [[ -n "$UP_PID" ]] && kill "$UP_PID" 2>/dev/null && wait "$UP_PID" 2>/dev/null || true
  rm -rf "$WORK"
}

# smoke_setup NAME PACKAGE...: a fresh work directory named after NAME holding the npm PACKAGEs.
smoke_setup() {
  local name="$1"
  shift
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")"
  trap smoke_cleanup EXIT
  if [[ ! -f "$JAR" ]]; then
    echo "building $JAR" >&2
    (cd "$ROOT" && mvn -B -q -DskipTests package)
  fi
  cd "$WORK"
  npm init -y >/dev/null
  echo "installing $* into $WORK" >&2
  npm install --silent --no-audit --no-fund "$@" >/dev/null
}

# smoke_serve DEADLINE_MS: the fake upstream, and `orchestrator serve` over it with a catalog of its
# five providers (model m each, free) and the virtual model "smoke" (flaky first, then steady).
smoke_serve() {
  node "$ROOT/scripts/smoke-upstream.mjs" > upstream.port &
  UP_PID=$!
  for _ in $(seq 1 50); do [[ -s upstream.port ]] && break; sleep 0.1; done
  local up_port
  up_port="$(cat upstream.port)"

  cat > catalog.yaml <<YAML
version: 1
providers:
  flaky:   {baseUrl: "http://127.0.0.1:$up_port/flaky/v1",   protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  steady:  {baseUrl: "http://127.0.0.1:$up_port/steady/v1",  protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  toolish: {baseUrl: "http://127.0.0.1:$up_port/toolish/v1", protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  cut:     {baseUrl: "http://127.0.0.1:$up_port/cut/v1",     protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
  agenttool: {baseUrl: "http://127.0.0.1:$up_port/agenttool/v1", protocol: openai-chat, apiKeyEnv: [SMOKE_UPSTREAM_KEY]}
routes:
  "flaky/m":   {tier: free, contextWindow: 200000, capabilities: [tools]}
  "steady/m":  {tier: free, contextWindow: 200000, capabilities: [tools]}
  "toolish/m": {tier: free, contextWindow: 200000, capabilities: [tools]}
  "cut/m":     {tier: free, contextWindow: 200000, capabilities: [tools]}
  "agenttool/m": {tier: free, contextWindow: 200000, capabilities: [tools]}
pools:
  smoke: {kind: virtual, routes: ["flaky/m", "steady/m"]}
YAML

  SMOKE_UPSTREAM_KEY=sk-smoke-upstream ORCHESTRATOR_TOKEN=smoke-token \
    java -jar "$JAR" serve --port 0 --catalog catalog.yaml --deadline-ms "$1" \
    --stream-idle-timeout-ms 1000 2> serve.log &
  SERVE_PID=$!
  SERVE_URL=""
  for _ in $(seq 1 100); do
    SERVE_URL="$(grep -o 'http://127.0.0.1:[0-9]*' serve.log | head -1 || true)"
    [[ -n "$SERVE_URL" ]] && break
    sleep 0.1
  done
  [[ -n "$SERVE_URL" ]] || { echo "serve did not start:" >&2; cat serve.log >&2; exit 1; }
  echo "serve at $SERVE_URL" >&2
}

# smoke_agent NAME EXPECT COMMAND...: runs an agent CLI (COMMAND, at most 120 s) through serve;
# fails unless it ran and its output holds EXPECT (the steady provider's "Hello from steady", or
# the marker the agenttool provider had the agent's own shell tool print).
smoke_agent() {
  local name="$1" expect="$2" out
  shift 2
  out="$(timeout 120 "$@" 2>&1)" || { echo "FAIL: $name: $out" >&2; exit 1; }
  echo "$name said: $out" >&2
  [[ "$out" == *"$expect"* ]] || { echo "FAIL: $name's output lacks: $expect" >&2; exit 1; }
  echo "$name ok"
}

# smoke_no_secrets: fails when the upstream key or the client token reached serve's log.
smoke_no_secrets() {
  if grep -q -e sk-smoke-upstream -e smoke-token serve.log; then
    echo "FAIL: a secret reached the serve log" >&2
    exit 1
  fi
}
