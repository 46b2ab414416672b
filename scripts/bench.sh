#!/usr/bin/env bash
# JMH micro-benchmarks (docs/benchmarks.md). Builds benchmarks/target/benchmarks.jar and runs every
# benchmark in it (planner, classifiers, orchestrator overhead, metrics listener, serialization and
# the health stores: the Redis one starts its own redis-server, and without one on the PATH that
# benchmark errors while the rest still run) with settings sized for a 2-core machine. Extra
# arguments go to JMH (e.g. a benchmark regex, or -prof jfr). MVN_FLAGS=-o builds offline.
#
#   scripts/bench.sh                      # everything, ~6 minutes
#   scripts/bench.sh ClassifierBenchmark  # one class
#
# Results: benchmarks/target/jmh-results.json (JMH JSON) and a median table on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Models.dev snapshot is the project's copy inside the jar (docs/benchmarks.md);
# ORCHESTRATOR_SNAPSHOT=PATH plans over another catalog file.
SNAPSHOT_ARGS=()
if [[ -n "${ORCHESTRATOR_SNAPSHOT:-}" ]]; then
  SNAPSHOT_ARGS=(-jvmArgsAppend "-Dorchestrator.snapshot=$(cd "$(dirname "$ORCHESTRATOR_SNAPSHOT")" && pwd)/$(basename "$ORCHESTRATOR_SNAPSHOT")")
fi

mvn -B -q ${MVN_FLAGS:-} -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true -pl benchmarks -am package
OUT=benchmarks/target/jmh-results.json
java -jar benchmarks/target/benchmarks.jar \
  -f 1 -wi 3 -i 5 -w 1s -r 1s "${SNAPSHOT_ARGS[@]}" \
  -rf json -rff "$OUT" "$@"
python3 scripts/jmh-table.py "$OUT"
