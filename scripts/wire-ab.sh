#!/usr/bin/env bash
# Paired A/B of two serve builds (or two JVM option sets) through the wire: one nginx answering a fixed
# chat completion or SSE stream on 127.0.0.1, two serve processes in front of it (A and B, each with the
# same two-route catalog), both warmed up, then ROUNDS rounds of one 5 s wrk cell on A and one on B, so
# both sides see the same machine load; prints p50, p99, requests/s, serve CPU µs per request and
# voluntary thread switches per request for each cell. The warm-up is SECONDS at 64 connections on
# each side (default 12; 60 lets the JIT settle). For changes of tens of µs that a whole wire-bench run cannot separate from the noise of a
# shared 2-core machine (docs/benchmarks.md §6, fifth round).
#
# usage: scripts/wire-ab.sh --jar-a JAR [--jar-b JAR] [--opts-a "..."] [--opts-b "..."]
#                           [--rounds N] [--warmup SECONDS] [--mode json|sse] [--conns N]
# Installs nothing: needs wrk, nginx (Debian packages wrk, nginx-light), java, python3 and curl.
set -euo pipefail
warmup=12; rounds=6; optsA=""; optsB=""; jarA=""; jarB=""; mode=json; conns=1
while [ $# -gt 0 ]; do
  case "$1" in
    --jar-a) jarA="$2"; shift 2 ;;
    --jar-b) jarB="$2"; shift 2 ;;
    --opts-a) optsA="$2"; shift 2 ;;
    --opts-b) optsB="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --mode) mode="$2"; shift 2 ;;
    --conns) conns="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "wire-ab: unknown option '$1' (expected: --jar-a, --jar-b, --opts-a, --opts-b, --rounds, --warmup, --mode, --conns)" >&2; exit 2 ;;
  esac
done
[ -n "$jarA" ] || { echo "wire-ab: --jar-a JAR is required (e.g. cli/target/orchestrator.jar)" >&2; exit 2; }
jarB="${jarB:-$jarA}"
nginx_bin="$(command -v nginx || true)"; [ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx
missing=()
command -v wrk >/dev/null || missing+=("wrk (Debian package wrk)")
[ -n "$nginx_bin" ] || missing+=("nginx (Debian package nginx-light or nginx)")
command -v java >/dev/null || missing+=("java (a JDK 17+)")
command -v python3 >/dev/null || missing+=("python3")
command -v curl >/dev/null || missing+=("curl")
for j in "$jarA" "$jarB"; do [ -f "$j" ] || missing+=("$j"); done
if [ ${#missing[@]} -gt 0 ]; then echo "wire-ab: missing:" >&2; printf '  - %s\n' "${missing[@]}" >&2; exit 1; fi
work=$(mktemp -d /tmp/wire-ab.XXXXXX); pids=()
cleanup(){ for p in "${pids[@]}"; do kill $p 2>/dev/null||true; done; wait 2>/dev/null||true; }
trap 'cleanup; rm -rf "$work"' EXIT
fp(){ python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
np=$(fp)
completion='{"id":"chatcmpl-wire","object":"chat.completion","created":1764441600,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Hello! This is a benchmark answer from nginx."},"finish_reason":"stop"}],"usage":{"prompt_tokens":21,"completion_tokens":9,"total_tokens":30}}'
chunk() { printf 'data: {"id":"chatcmpl-wire","object":"chat.completion.chunk","created":1764441600,"model":"m","choices":[{"index":0,"delta":%s,"finish_reason":%s}]}\\n\\n' "$1" "$2"; }
sse="$(chunk '{"role":"assistant","content":""}' null)"
for t in 'Hello!' ' This' ' is' ' a' ' benchmark' ' answer' ' from' ' nginx.'; do sse+="$(chunk "{\"content\":\"$t\"}" null)"; done
sse+="$(chunk '{}' '"stop"')"
sse+='data: {"id":"chatcmpl-wire","object":"chat.completion.chunk","created":1764441600,"model":"m","choices":[],"usage":{"prompt_tokens":21,"completion_tokens":9,"total_tokens":30}}\n\n'
sse+='data: [DONE]\n\n'
mkdir -p $work/nginx/logs
cat >$work/nginx/nginx.conf <<NG
worker_processes 1; pid $work/nginx/nginx.pid; error_log $work/nginx/logs/error.log warn;
events { worker_connections 4096; }
http { access_log off; keepalive_requests 1000000; keepalive_timeout 120s; tcp_nodelay on;
  server { listen 127.0.0.1:$np backlog=4096;
    location ~ ^/[ab]/v1/chat/completions\$ { default_type application/json; return 200 '$completion'; }
    location ~ ^/[ab]s/v1/chat/completions\$ { default_type text/event-stream; return 200 '$sse'; }
    location = /ready { return 204; } } }
NG
"$nginx_bin" -p $work/nginx -c $work/nginx/nginx.conf -g 'daemon off;' & pids+=($!)
cat >$work/catalog.json <<C
{"version":1,"providers":{
  "a":{"baseUrl":"http://127.0.0.1:$np/a/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]},
  "b":{"baseUrl":"http://127.0.0.1:$np/b/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]},
  "as":{"baseUrl":"http://127.0.0.1:$np/as/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]},
  "bs":{"baseUrl":"http://127.0.0.1:$np/bs/v1","protocol":"openai-chat","apiKeyEnv":["BENCH_API_KEY"]}},
 "routes":{"a/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000},
  "b/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000},
  "as/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000},
  "bs/m":{"tier":"priced","inputPerMtok":0.15,"outputPerMtok":0.6,"contextWindow":128000}}}
C
pa=$(fp); pb=$(fp)
BENCH_API_KEY=x java -Xms512m -Xmx512m $optsA -jar $jarA serve --host 127.0.0.1 --port $pa --catalog $work/catalog.json 2>$work/a.log & pids+=($!); PA=$!
BENCH_API_KEY=x java -Xms512m -Xmx512m $optsB -jar $jarB serve --host 127.0.0.1 --port $pb --catalog $work/catalog.json 2>$work/b.log & pids+=($!); PB=$!
for p in $pa $pb; do for i in $(seq 300); do curl -fs -o /dev/null http://127.0.0.1:$p/healthz && break; sleep 0.1; done; done
mk(){ local st=""; local m='"a/m"' ms='["a/m","b/m"]'; if [ $mode = sse ]; then st=',"stream":true'; m='"as/m"'; ms='["as/m","bs/m"]'; fi
cat > $work/s.lua <<L
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"model":$m,"models":$ms,"messages":[{"role":"user","content":"Say hello in one short sentence."}],"max_tokens":32$st}'
L
}
mk
for p in $pa $pb; do wrk -t2 -c64 -d${warmup}s -s $work/s.lua http://127.0.0.1:$p/v1/chat/completions >/dev/null; done
for p in $pa $pb; do wrk -t1 -c1 -d6s -s $work/s.lua http://127.0.0.1:$p/v1/chat/completions >/dev/null; done
ticks(){ awk '{print $14+$15}' /proc/$1/stat; }
# voluntary context switches of every thread of the process: thread hand-offs and waits
vcs(){ cat /proc/$1/task/*/status 2>/dev/null | awk '/^voluntary_ctxt/{s+=$2}END{print s}'; }
to_us() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) u = n; else if (v ~ /ms$/) u = n * 1000; else if (v ~ /s$/) u = n * 1e6; else u = n; printf "%.0f", u }'; }
th=1; [ $conns -gt 1 ] && th=2
for r in $(seq $rounds); do
  line="round $r"
  for x in A B; do
    if [ $x = A ]; then p=$pa; P=$PA; else p=$pb; P=$PB; fi
    v0=$(vcs $P); t0=$(ticks $P); out=$(wrk -t$th -c$conns -d5s --latency -s $work/s.lua http://127.0.0.1:$p/v1/chat/completions); t1=$(ticks $P); v1=$(vcs $P)
    p50=$(echo "$out" | awk '$1=="50%"{print $2}'); p99=$(echo "$out" | awk '$1=="99%"{print $2}'); n=$(echo "$out" | awk '$2=="requests"&&$3=="in"{print $1}')
    rps=$(echo "$out" | awk '$1=="Requests/sec:"{printf "%.0f",$2}')
    cpu=$(awk -v t=$((t1-t0)) -v n=$n -v hz=$(getconf CLK_TCK) 'BEGIN{printf "%.0f", t/hz*1e6/n}')
    line="$line | $x p50 $(to_us $p50) p99 $(to_us $p99) rps $rps cpu $cpu vcs/req $(awk -v c=$((v1-v0)) -v n=$n 'BEGIN{printf "%.2f", c/n}')"
  done
  echo "$line"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
