#!/usr/bin/env bash
# Fault soak (docs/benchmarks.md) in the standard shape: 3 free routes, 2 s deadline, 600 ms attempt
# limit, 300 ms first-token limit, half streamed, 5,000 requests at 200 callers. Each run counts
# answers (the share answered 200, by outcome) and fails below its floor, and asserts a terminal
# answer for every request, no free request on a priced route, no leaked thread or socket, bounded
# memory, p99 under the deadline. Each run first warms up on 5,000 fault-free requests. The runs:
#
#   in-process, 10 % faults            answered >= 99 %
#   in-process, 30 % faults            answered >= 95 %
#   in-process, one route hard down    answered >= 99 %, the down route sees at most 3 calls a second
#   in-process, every route hard down  typed errors, upstream calls within the retry budget's bound
#   serve,      30 % faults            answered >= 93 % (skipped when the CLI has no serve)
#
# Exits non-zero when an assertion fails. A few minutes.
#
#   scripts/soak.sh                       # every run above
#   scripts/soak.sh --target in-process   # one run; any FaultSoak option may follow
#   MVN_FLAGS=-o scripts/soak.sh          # build offline
set -euo pipefail
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'  # the comment above, as help
  exit 0
fi
cd "$(dirname "$0")/.."

mvn -B -q ${MVN_FLAGS:-} -DskipTests package -pl benchmarks,cli -am
run() {
  java -Xms256m -Xmx256m -cp benchmarks/target/benchmarks.jar \
    dev.orchestrator.benchmarks.load.FaultSoak --serve-jar cli/target/orchestrator.jar \
    --serve-java-opts "-Xms256m -Xmx256m" "$@"
}
if [[ $# -gt 0 ]]; then
  run "$@"
  exit
fi
out=benchmarks/target/soak
status=0
run --target in-process --fault-rate 0.10 --min-answered 0.99 --out $out/faults-10 || status=1
run --target in-process --fault-rate 0.30 --min-answered 0.95 --out $out/faults-30 || status=1
run --target in-process --fault-rate 0 --down-routes 1 --min-answered 0.99 --out $out/one-down \
  || status=1
run --target in-process --fault-rate 0 --down-routes 3 --out $out/all-down || status=1
if java -jar cli/target/orchestrator.jar serve --help 2>/dev/null | grep -q 'Usage: orchestrator serve'; then
  run --target serve --fault-rate 0.30 --min-answered 0.93 --out $out/serve-faults-30 || status=1
else
  echo "soak: serve: skipped: this CLI has no 'serve' command yet"
fi
exit $status
