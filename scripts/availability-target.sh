#!/usr/bin/env bash
# The design's availability target (docs/benchmarks.md §4): with faults independent per call at
# rate p on k free routes, the answered share is at least 1 − p^k at 200 concurrent callers. The
# fault soak in-process with --free-routes k, faults drawn from every kind that happens before
# visible output (--faults pre-output: 500, 503, 429 with and without Retry-After, reset, stall
# after the head, slow first token; the cut after visible output is left out, since no failover
# can answer it), half streamed, 2 s deadline; then one route hard down among healthy ones, and
# every route down (upstream calls per request). About 7 minutes on 2 cores.
#
#   scripts/availability-target.sh                 # 3,000 requests per cell after 2,000 warm-up
#   REQUESTS=5000 WARMUP=5000 scripts/availability-target.sh
#   SKIP_BUILD=1 scripts/availability-target.sh    # use the jar already built
# Each cell's report: benchmarks/target/availability-target/k<k>-p<p>/soak-in-process.json
set -euo pipefail
cd "$(dirname "$0")/.."

requests=${REQUESTS:-3000}
warmup=${WARMUP:-2000}
if [[ -z "${SKIP_BUILD:-}" ]]; then
  mvn -B -q ${MVN_FLAGS:-} -DskipTests package -pl benchmarks -am
fi
base=benchmarks/target/availability-target
mkdir -p $base
: >"$base/loads.txt"
cell() { # name, then FaultSoak's options
  local name=$1
  shift
  local load
  load=$(uptime | sed 's/.*load average: //' | cut -d, -f1)
  echo "$name $load" >>"$base/loads.txt"
  echo "== $name (load $load)" >&2
  java -Xms256m -Xmx256m -cp benchmarks/target/benchmarks.jar \
    dev.orchestrator.benchmarks.load.FaultSoak --target in-process --concurrency 200 \
    --requests "$requests" --warmup-requests "$warmup" --faults pre-output \
    --out "$base/$name" "$@" >"$base/$name.log" 2>&1 || true
  grep -E '^answered:' "$base/$name.log" >&2 || true
}
for k in 2 3 4; do
  for p in 0.10 0.20 0.30; do
    cell "k$k-p$p" --free-routes "$k" --fault-rate "$p"
  done
done
cell "k3-down1-p0.00" --free-routes 3 --down-routes 1 --fault-rate 0
cell "k3-down1-p0.20" --free-routes 3 --down-routes 1 --fault-rate 0.20
# Every route down: the retry budget, not the number of routes, bounds the upstream calls.
cell "k3-down3-p0.00" --free-routes 3 --down-routes 3 --fault-rate 0
python3 - "$base" "$requests" <<'PY'
import json, pathlib, sys
base, requests = pathlib.Path(sys.argv[1]), sys.argv[2]
loads = dict(l.split(" ", 1) for l in (base / "loads.txt").read_text().splitlines())
print(f"{requests} requests per cell after the warm-up, 200 callers, in-process.\n")
print("| cell | k (up) | p | target 1 − p^k | answered | met | mostly not answered | load (1 min) |")
print("|---|---|---|---|---|---|---|---|")
for name in loads:
    f = base / name / "soak-in-process.json"
    if not f.exists():
        print(f"| {name} | | | | — | | | {loads[name]} |")
        continue
    r = json.loads(f.read_text())
    o, a = r["options"], r["answers"]
    k, p, down = o["freeRoutes"], o["faultRate"], o["downRoutes"]
    if down == k:
        detail = r["checks"]["upstreamLoadBounded"]["detail"]
        print(f"| {name} | {k} (0) | — | — | {100 * a['answeredShare']:.2f} % | — "
              f"| every route down: {detail.split(';')[0]} | {loads[name]} |")
        continue
    # A hard-down route answers nothing: the target counts the routes that can answer.
    target = 1 - p ** (k - down) if p > 0 else 1.0
    share = a["answeredShare"]
    worst = [(n, v["total"]) for n, v in a["byOutcome"].items() if n != "ok"][:2]
    print(f"| {name} | {k} ({k - down}) | {p:.2f} | {100 * target:.2f} % | {100 * share:.2f} % "
          f"| {'yes' if share >= target else '**no**'} | "
          f"{', '.join(f'`{n}` {t}' for n, t in worst) or '—'} | {loads[name]} |")
PY
