#!/usr/bin/env bash
# Routing-quality benchmark (docs/benchmarks.md, issue #32): one simulated day of agent sessions
# against ten loopback routes, served by the learning router, today's static plan and a
# LiteLLM-style simple shuffle on the same seed. Prints the markdown table. A few minutes.
#
#   scripts/routing-benchmark.sh              # seed 42
#   scripts/routing-benchmark.sh --seed 7
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q ${MVN_FLAGS:-} -DskipTests package -pl benchmarks -am
exec java -Xms256m -Xmx512m -cp benchmarks/target/benchmarks.jar \
  dev.orchestrator.benchmarks.routing.RoutingBenchmark "$@"
