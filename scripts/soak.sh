#!/usr/bin/env bash
# Fault soak (docs/benchmarks.md): 10,000 requests at 200 callers with 30 % injected faults, through
# the in-process orchestrator, then through `serve` when the CLI has it. Asserts a terminal answer
# for every request, no free request on a priced route, no leaked thread or socket, bounded memory,
# p99 under the deadline. Exits non-zero when an assertion fails. About a minute.
#
#   scripts/soak.sh                       # in-process, then serve (skipped when unavailable)
#   scripts/soak.sh --target in-process   # one target; any FaultSoak option may follow
set -euo pipefail
cd "$(dirname "$0")/.."

mvn -B -q -DskipTests package -pl benchmarks,cli -am
run() {
  java -Xms256m -Xmx256m -cp benchmarks/target/benchmarks.jar \
    dev.orchestrator.benchmarks.load.FaultSoak --serve-jar cli/target/orchestrator.jar \
    --serve-java-opts "-Xms256m -Xmx256m" "$@"
}
if [[ $# -gt 0 ]]; then
  run "$@"
  exit
fi
status=0
run --target in-process || status=1
if java -jar cli/target/orchestrator.jar serve --help 2>/dev/null | grep -q 'Usage: orchestrator serve'; then
  run --target serve || status=1
else
  echo "soak: serve: skipped: this CLI has no 'serve' command yet"
fi
exit $status
