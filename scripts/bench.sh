#!/usr/bin/env bash
# JMH micro-benchmarks (docs/benchmarks.md). Builds benchmarks/target/benchmarks.jar and runs the
# planner, classifier, orchestrator-overhead and serialization benchmarks with settings sized for a
# 2-core machine. Extra arguments go to JMH (e.g. a benchmark regex, or -prof jfr).
#
#   scripts/bench.sh                      # everything, ~6 minutes
#   scripts/bench.sh ClassifierBenchmark  # one class
#
# Results: benchmarks/target/jmh-results.json (JMH JSON) and a median table on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

SNAPSHOT="${ORCHESTRATOR_SNAPSHOT:-}"
if [[ -z "$SNAPSHOT" ]]; then
  for c in ../shared/data/models-dev-api.json ../../shared/data/models-dev-api.json; do
    [[ -f "$c" ]] && SNAPSHOT="$(cd "$(dirname "$c")" && pwd)/$(basename "$c")" && break
  done
fi
if [[ -z "$SNAPSHOT" ]]; then
  echo "bench: no Models.dev snapshot found; set ORCHESTRATOR_SNAPSHOT=PATH (the models-dev params will fail)" >&2
  SNAPSHOT=/nonexistent
fi

mvn -B -q -DskipTests -pl benchmarks -am package
OUT=benchmarks/target/jmh-results.json
java -Dorchestrator.snapshot="$SNAPSHOT" -jar benchmarks/target/benchmarks.jar \
  -f 1 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend "-Dorchestrator.snapshot=$SNAPSHOT" \
  -rf json -rff "$OUT" "$@"
python3 scripts/jmh-table.py "$OUT"
