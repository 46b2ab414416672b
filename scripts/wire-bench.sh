#!/usr/bin/env bash
# The wire benchmark of issue #18, in one run: wrk -> nginx direct and wrk -> serve -> nginx, at 1 and
# 64 connections, non-streaming and SSE, printing p50, p99 and requests/s (wrk --latency) as one
# markdown table plus the machine and its load average.
#
# nginx (127.0.0.1, a private prefix under a temp dir) answers a fixed chat completion, or a fixed
# SSE stream (role, 8 content deltas, finish, usage, [DONE]), at /a/v1 and /b/v1; serve runs from
# cli/target/orchestrator.jar with a catalog of two routes a/m and b/m to that nginx, and every
# request names `"models": ["a/m", "b/m"]` (OpenRouter's fallback list); Portkey, when given, gets the same
# two targets as a fallback config. Streaming is compared against nginx direct (the raw wire) and, when the
# Portkey given streams, against Portkey.
#
# usage: scripts/wire-bench.sh [--duration S] [--warmup S] [--conns "1 64"] [--modes "json sse"]
#                              [--serve-java-opts "..."] [--jar JAR] [--jfr DIR] [--portkey-dir DIR]
#   --serve-warmup S   wrk load on serve (64 connections, JSON then SSE) before its first cell, so the JIT
#                      has compiled the hot path (default 30; on 2 busy cores C1/C2 still took ~40 % of
#                      serve's CPU 30 s after start)
#   --jar JAR          the CLI jar to run serve from (default: cli/target/orchestrator.jar)
#   --jfr DIR          record each serve cell with JFR into DIR/serve-<mode>-c<N>.jfr (profile)
#   --floor-jar JAR    the benchmarks jar (default: benchmarks/target/benchmarks.jar when it exists; build it:
#                      mvn -B -q -DskipTests package -pl benchmarks -am): adds wrk -> floor proxy -> nginx rows,
#                      the same Jetty server and java.net.http client as serve with nothing in between
#                      (benchmarks/.../load/FloorProxy), i.e. what the stack costs before the product's work,
#                      then the same with a handler that never blocks (sendAsync, answer written from the
#                      client's callback) and with a plain blocking socket as the upstream client (both JSON only)
#   --no-floor         no floor rows
#   --portkey-dir DIR  a directory with node_modules/@portkey-ai/gateway 1.15.2 (scripts/portkey-setup.sh DIR
#                      installs it with the two fixes it needs to stream): adds wrk -> Portkey -> nginx rows
#                      (JSON, and SSE when that Portkey streams; needs node)
# Installs nothing: it names what is missing (Debian packages wrk, nginx-light or nginx, a JDK 17+,
# python3) and stops. Only 127.0.0.1 is contacted; every process it starts is stopped on exit.
set -euo pipefail

duration=8
warmup=2
serve_warmup=30
conns="1 64"
modes="json sse"
serve_java_opts="-Xms512m -Xmx512m"
jfr_dir=""
portkey_dir=""
jar=""
floor_jar=""
floor=1
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --serve-warmup) serve_warmup="$2"; shift 2 ;;
    --conns) conns="$2"; shift 2 ;;
    --modes) modes="$2"; shift 2 ;;
    --serve-java-opts) serve_java_opts="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    --jfr) jfr_dir="$2"; shift 2 ;;
    --portkey-dir) portkey_dir="$2"; shift 2 ;;
    --floor-jar) floor_jar="$2"; shift 2 ;;
    --no-floor) floor=0; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "wire-bench: unknown option '$1' (expected: --duration, --warmup, --serve-warmup, --conns, --modes, --serve-java-opts, --jar, --jfr, --floor-jar, --no-floor, --portkey-dir)" >&2; exit 2 ;;
  esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${jar:-$root/cli/target/orchestrator.jar}"
if [ "$floor" = 1 ] && [ -z "$floor_jar" ]; then
  floor_jar="$root/benchmarks/target/benchmarks.jar"
  [ -f "$floor_jar" ] || { echo "wire-bench: no $floor_jar, so no floor rows (build it: mvn -B -q -DskipTests package -pl benchmarks -am)" >&2; floor=0; }
fi
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
nginx_bin="$(command -v nginx || true)"
[ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx

missing=()
command -v wrk >/dev/null || missing+=("wrk (Debian package wrk)")
[ -n "$nginx_bin" ] || missing+=("nginx (Debian package nginx-light or nginx)")
command -v "$java" >/dev/null || missing+=("java (a JDK 17+; or set JAVA_HOME)")
command -v python3 >/dev/null || missing+=("python3 (to pick free ports)")
command -v curl >/dev/null || missing+=("curl (to wait for readiness)")
[ -f "$jar" ] || missing+=("$jar (build it: ./orchestrator --version, or mvn -B -q -DskipTests package -pl cli -am)")
if [ "$floor" = 1 ] && [ ! -f "$floor_jar" ]; then missing+=("$floor_jar (--floor-jar)"); fi
if [ -n "$portkey_dir" ]; then
  command -v node >/dev/null || missing+=("node (for --portkey-dir)")
  [ -f "$portkey_dir/node_modules/@portkey-ai/gateway/build/start-server.js" ] \
    || missing+=("$portkey_dir/node_modules/@portkey-ai/gateway/build/start-server.js (scripts/portkey-setup.sh DIR installs it)")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "wire-bench: missing:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 1
fi

work="$(mktemp -d /tmp/wire-bench.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

wait_ready() { # url, name, log
  for _ in $(seq 1 300); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "wire-bench: $2 did not become ready at $1; its log:" >&2
  tail -n 30 "$3" >&2 || true
  exit 1
}

# --- nginx: a fixed completion and a fixed SSE stream ---------------------------------------------
nginx_port="$(free_port)"
completion='{"id":"chatcmpl-wire","object":"chat.completion","created":1764441600,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Hello! This is a benchmark answer from nginx."},"finish_reason":"stop"}],"usage":{"prompt_tokens":21,"completion_tokens":9,"total_tokens":30}}'
chunk() { printf 'data: {"id":"chatcmpl-wire","object":"chat.completion.chunk","created":1764441600,"model":"m","choices":[{"index":0,"delta":%s,"finish_reason":%s}]}\\n\\n' "$1" "$2"; }
sse="$(chunk '{"role":"assistant","content":""}' null)"
for t in 'Hello!' ' This' ' is' ' a' ' benchmark' ' answer' ' from' ' nginx.'; do
  sse+="$(chunk "{\"content\":\"$t\"}" null)"
done
sse+="$(chunk '{}' '"stop"')"
sse+='data: {"id":"chatcmpl-wire","object":"chat.completion.chunk","created":1764441600,"model":"m","choices":[],"usage":{"prompt_tokens":21,"completion_tokens":9,"total_tokens":30}}\n\n'
sse+='data: [DONE]\n\n'
mkdir -p "$work/nginx/logs"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  keepalive_timeout 120s;
  client_body_buffer_size 64k;
  tcp_nodelay on;
  server {
    listen 127.0.0.1:$nginx_port backlog=4096;
    location ~ ^/[ab]/v1/chat/completions\$ { default_type application/json; return 200 '$completion'; }
    location ~ ^/[ab]s/v1/chat/completions\$ { default_type text/event-stream; return 200 '$sse'; }
    location = /ready { return 204; }
  }
}
EOF
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' >"$work/nginx/logs/stdout.log" 2>&1 &
pids+=($!)
wait_ready "http://127.0.0.1:$nginx_port/ready" nginx "$work/nginx/logs/error.log"

# --- serve: two routes to that nginx; the SSE routes point at the SSE locations ---------------------
cat >"$work/catalog.json" <<EOF
{"version":1,
 "providers":{
  "a":{"baseUrl":"http://127.0.0.1:$nginx_port/a/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]},
  "b":{"baseUrl":"http://127.0.0.1:$nginx_port/b/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]},
  "as":{"baseUrl":"http://127.0.0.1:$nginx_port/as/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]},
  "bs":{"baseUrl":"http://127.0.0.1:$nginx_port/bs/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]}},
 "routes":{
  "a/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000},
  "b/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000},
  "as/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000},
  "bs/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000}}}
EOF
serve_port="$(free_port)"
jit_warmup() { # json lua, json url, sse lua, sse url: --serve-warmup seconds of load, half JSON, half SSE
  local half=$(( (serve_warmup + 1) / 2 ))
  if [ "$half" -gt 0 ]; then
    wrk -t2 -c64 -d"${half}s" -s "$1" "$2" >/dev/null 2>&1 || true
    wrk -t2 -c64 -d"${half}s" -s "$3" "$4" >/dev/null 2>&1 || true
  fi
}
start_serve() { # extra JVM options...
  # shellcheck disable=SC2086 # serve_java_opts is a list of flags, split on purpose
  BENCH_API_KEY=sk-wire-bench-placeholder "$java" $serve_java_opts "$@" -jar "$jar" serve \
    --host 127.0.0.1 --port "$serve_port" --catalog "$work/catalog.json" >"$work/serve.log" 2>&1 &
  serve_pid=$!
  pids+=("$serve_pid")
  wait_ready "http://127.0.0.1:$serve_port/healthz" serve "$work/serve.log"
  jit_warmup "$work/serve-json.lua" "http://127.0.0.1:$serve_port/v1/chat/completions" \
    "$work/serve-sse.lua" "http://127.0.0.1:$serve_port/v1/chat/completions"
}
stop_serve() {
  kill "$serve_pid" 2>/dev/null || true
  wait "$serve_pid" 2>/dev/null || true
}

portkey_port=""
if [ -n "$portkey_dir" ]; then
  portkey_port="$(free_port)"
  # its start script passes no host, so Node would listen on every interface: force 127.0.0.1
  # (the same module as benchmarks/.../load/Gateway.BIND_LOOPBACK)
  cat >"$work/bind-loopback.mjs" <<'MJS'
import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || typeof args[0] === 'string') {
    if (typeof args[1] === 'string' || args[1] === undefined) args[1] = '127.0.0.1';
    else args.splice(1, 0, '127.0.0.1');
  } else if (args[0] && typeof args[0] === 'object') {
    args[0] = { ...args[0], host: '127.0.0.1' };
  }
  return listen.apply(this, args);
};
MJS
  (cd "$portkey_dir" && exec node --import "file://$work/bind-loopback.mjs" node_modules/@portkey-ai/gateway/build/start-server.js --headless --port="$portkey_port") \
    >"$work/portkey.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$portkey_port/" && break; sleep 0.1; done
fi

# --- wrk bodies (Lua) ---------------------------------------------------------------------------------
lua() { # file, model json, models json or "", stream true/false, extra header lines
  local models=""; [ -n "$3" ] && models=",\"models\":$3"
  local stream=""; [ "$4" = true ] && stream=',"stream":true'
  cat >"$1" <<EOF
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer sk-wire-bench-placeholder"
$5
wrk.body = '{"model":$2$models,"messages":[{"role":"user","content":"Say hello in one short sentence."}],"max_tokens":32$stream}'
EOF
}
lua "$work/direct-json.lua" '"m"' "" false ""
lua "$work/direct-sse.lua" '"m"' "" true ""
lua "$work/serve-json.lua" '"a/m"' '["a/m","b/m"]' false ""
lua "$work/serve-sse.lua" '"as/m"' '["as/m","bs/m"]' true ""
portkey_config() { # location prefix of the two targets (a or as)
  printf '{"strategy":{"mode":"fallback"},"targets":[{"provider":"openai","custom_host":"http://127.0.0.1:%s/%s/v1","api_key":"sk-wire-bench-placeholder"},{"provider":"openai","custom_host":"http://127.0.0.1:%s/%s/v1","api_key":"sk-wire-bench-placeholder"}]}' \
    "$nginx_port" "$1" "$nginx_port" "${1/a/b}"
}
lua "$work/portkey-json.lua" '"m"' "" false "wrk.headers[\"x-portkey-config\"] = '$(portkey_config a)'"
lua "$work/portkey-sse.lua" '"m"' "" true "wrk.headers[\"x-portkey-config\"] = '$(portkey_config as)'"

# to_us: wrk's "1.23ms" / "845.00us" / "1.02s" -> microseconds
to_us() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) u = n; else if (v ~ /ms$/) u = n * 1000; else if (v ~ /s$/) u = n * 1e6; else u = n; printf "%.0f", u }'; }

rows=()
serve_pid=""
cpu_ticks() { # utime + stime of $1 in clock ticks, or nothing
  if [ -n "$1" ] && [ -r "/proc/$1/stat" ]; then awk '{ print $14 + $15 }' "/proc/$1/stat"; fi
}
run_cell() { # label, mode, conns, url, lua, pid whose CPU to count (or "")
  local threads=1; [ "$3" -gt 1 ] && threads=2
  wrk -t"$threads" -c"$3" -d"${warmup}s" -s "$5" "$4" >/dev/null 2>&1 || true
  local before; before="$(cpu_ticks "${6:-}")"
  local out; out="$(wrk -t"$threads" -c"$3" -d"${duration}s" --latency -s "$5" "$4" 2>&1)"
  local after; after="$(cpu_ticks "${6:-}")"
  local p50 p99 rps n non2xx cpu="–"
  p50="$(echo "$out" | awk '$1 == "50%" { print $2 }')"
  p99="$(echo "$out" | awk '$1 == "99%" { print $2 }')"
  rps="$(echo "$out" | awk '$1 == "Requests/sec:" { printf "%.0f", $2 }')"
  n="$(echo "$out" | awk '$2 == "requests" && $3 == "in" { print $1 }')"
  non2xx="$(echo "$out" | awk '/Non-2xx/ { print $NF }')"
  [ -n "$non2xx" ] && echo "wire-bench: $1 c$3 $2: $non2xx non-2xx answers" >&2
  if [ -n "$before" ] && [ -n "$after" ] && [ "${n:-0}" -gt 0 ]; then
    cpu="$(awk -v t="$((after - before))" -v hz="$(getconf CLK_TCK)" -v n="$n" 'BEGIN { printf "%.0f", t / hz * 1e6 / n }')"
  fi
  rows+=("| $1 | $2 | $3 | $(to_us "$p50") | $(to_us "$p99") | $rps | $cpu | ${non2xx:-0} |")
}

direct="http://127.0.0.1:$nginx_port/a/v1/chat/completions"
for mode in $modes; do
  for c in $conns; do
    if [ "$mode" = sse ]; then run_cell "wrk → nginx direct" sse "$c" "http://127.0.0.1:$nginx_port/as/v1/chat/completions" "$work/direct-sse.lua"
    else run_cell "wrk → nginx direct" json "$c" "$direct" "$work/direct-json.lua"; fi
  done
done
if [ -z "$jfr_dir" ]; then start_serve; fi
for mode in $modes; do
  for c in $conns; do
    if [ -n "$jfr_dir" ]; then
      mkdir -p "$jfr_dir"
      start_serve "-XX:StartFlightRecording=filename=$jfr_dir/serve-$mode-c$c.jfr,settings=profile"
    fi
    run_cell "wrk → serve → nginx" "$mode" "$c" "http://127.0.0.1:$serve_port/v1/chat/completions" "$work/serve-$mode.lua" "$serve_pid"
    if [ -n "$jfr_dir" ]; then stop_serve; fi
  done
done
if [ "$floor" = 1 ]; then
  [ -n "$serve_pid" ] && [ -z "$jfr_dir" ] && stop_serve
  lua "$work/floor-json.lua" '"m"' "" false ""
  lua "$work/floor-sse.lua" '"m"' "" true ""
  for client in jdk async socket; do
    floor_port="$(free_port)"
    flag=""; label="wrk → floor proxy → nginx"
    if [ "$client" = async ]; then flag="--async"; label="wrk → floor proxy, async → nginx"; fi
    if [ "$client" = socket ]; then flag="--socket-client"; label="wrk → floor proxy, socket client → nginx"; fi
    # shellcheck disable=SC2086 # serve_java_opts is a list of flags, split on purpose
    "$java" $serve_java_opts -cp "$floor_jar" dev.orchestrator.benchmarks.load.FloorProxy "$floor_port" "http://127.0.0.1:$nginx_port" $flag \
      >"$work/floor-$client.log" 2>&1 &
    floor_pid=$!
    pids+=("$floor_pid")
    for _ in $(seq 1 300); do grep -q '^floor proxy on' "$work/floor-$client.log" 2>/dev/null && break; sleep 0.1; done
    jit_warmup "$work/floor-json.lua" "http://127.0.0.1:$floor_port/a/v1/chat/completions" \
      "$work/floor-sse.lua" "http://127.0.0.1:$floor_port/as/v1/chat/completions"
    for mode in $modes; do
      prefix=a; [ "$mode" = sse ] && prefix=as
      # the async and socket variants read whole answers: they would relay a stream at once, so JSON only
      [ "$client" != jdk ] && [ "$mode" = sse ] && continue
      for c in $conns; do
        run_cell "$label" "$mode" "$c" "http://127.0.0.1:$floor_port/$prefix/v1/chat/completions" "$work/floor-$mode.lua" "$floor_pid"
      done
    done
    kill "$floor_pid" 2>/dev/null || true
    wait "$floor_pid" 2>/dev/null || true
  done
fi
if [ -n "$portkey_port" ]; then
  portkey_url="http://127.0.0.1:$portkey_port/v1/chat/completions"
  portkey_streams=0
  # an unpatched Portkey 1.15.2 answers every stream with {"status":"failure",...} (see scripts/portkey-setup.sh)
  if curl -fsS -m 10 -N "$portkey_url" -H 'Content-Type: application/json' -H "x-portkey-config: $(portkey_config as)" \
       -d '{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true}' 2>/dev/null | grep -q '^data: \[DONE\]'; then
    portkey_streams=1
  else
    echo "wire-bench: Portkey in $portkey_dir does not stream; no Portkey SSE rows (scripts/portkey-setup.sh DIR installs it with the two fixes)" >&2
  fi
  for mode in $modes; do
    [ "$mode" = sse ] && [ "$portkey_streams" = 0 ] && continue
    for c in $conns; do
      run_cell "wrk → Portkey → nginx" "$mode" "$c" "$portkey_url" "$work/portkey-$mode.lua"
    done
  done
fi

echo
echo "machine: $(nproc) cores, $(uname -sr), $("$java" -version 2>&1 | head -n 1), $(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2), $("$nginx_bin" -v 2>&1)"
echo "load average (1/5/15 min) at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "serve warmed up for ${serve_warmup} s (64 connections, JSON then SSE) after start; wrk ${warmup} s warm-up then ${duration} s per cell, -t1 at 1 connection, -t2 otherwise; serve JVM: $serve_java_opts"
echo
echo "| path | mode | conns | p50 µs | p99 µs | req/s | proxy CPU µs/req | non-2xx |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
