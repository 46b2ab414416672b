#!/usr/bin/env bash
# Fleet soak (docs/benchmarks.md, issue #17): two serve replicas and a private redis-server, a
# 30 % fault mix, one free route down for half the run. Three runs: in-memory health per replica,
# health shared on Redis, and shared with redis-server killed halfway and restarted. Reports the
# upstream calls to the down route, the propagation delay p50/p99 and the lost requests (must be 0).
# Needs the Debian package redis-server. A few minutes.
#
#   scripts/fleet-soak.sh                          # 4,000 requests, 16 callers
#   scripts/fleet-soak.sh --requests 10000         # any FleetSoak option
set -euo pipefail
cd "$(dirname "$0")/.."

command -v redis-server > /dev/null || {
  echo "fleet-soak: redis-server not found: install the Debian package redis-server" >&2
  exit 2
}
mvn -B -q ${MVN_FLAGS:-} -DskipTests package -pl benchmarks -am
exec java -Xms512m -Xmx512m -cp benchmarks/target/benchmarks.jar \
  dev.orchestrator.benchmarks.load.FleetSoak "$@"
