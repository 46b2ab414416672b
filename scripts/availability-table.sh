#!/usr/bin/env bash
# Answered share under independent per-call faults (issue 26, docs/benchmarks.md): the fault soak in
# its standard shape (3 free routes, 2 s deadline, 600 ms attempt limit, 300 ms first-token limit,
# half streamed) for callers {20, 200} x fault rate {0, 10, 30, 50 %} x {in-process, serve}, with
# no floor, printed as a markdown table with the load average before each cell. Each cell warms
# up first on 5,000 fault-free requests (the JIT; the cold share is each report's "warmup"). About
# 12 minutes on 2 cores.
#
#   scripts/availability-table.sh                 # 5,000 requests per cell
#   REQUESTS=2000 scripts/availability-table.sh   # fewer
#   SKIP_BUILD=1 scripts/availability-table.sh    # use the jars already built
#   MVN_FLAGS=-o scripts/availability-table.sh    # build offline
# Each cell's report: benchmarks/target/availability/<target>-<callers>-<fault>/soak-<target>.json
set -euo pipefail
cd "$(dirname "$0")/.."

requests=${REQUESTS:-5000}
if [[ -z "${SKIP_BUILD:-}" ]]; then
  mvn -B -q ${MVN_FLAGS:-} -DskipTests package -pl benchmarks,cli -am
fi
base=benchmarks/target/availability
mkdir -p $base
loads=$base/loads.txt
: >"$loads"
for target in in-process serve; do
  for callers in 20 200; do
    for fault in 0 0.10 0.30 0.50; do
      dir=$base/$target-$callers-$fault
      load=$(uptime | sed 's/.*load average: //')
      echo "$target $callers $fault $load" >>"$loads"
      echo "== $target, $callers callers, $fault faults (load $load)" >&2
      java -Xms256m -Xmx256m -cp benchmarks/target/benchmarks.jar \
        dev.orchestrator.benchmarks.load.FaultSoak --serve-jar cli/target/orchestrator.jar \
        --serve-java-opts "-Xms256m -Xmx256m" --target $target --concurrency $callers \
        --fault-rate $fault --requests "$requests" --out "$dir" >"$dir.log" 2>&1 || true
      grep -E '^answered:|^FAIL|SKIPPED' "$dir.log" >&2 || true
    done
  done
done
python3 - "$base" "$requests" <<'PY'
import json, pathlib, sys
base, requests = pathlib.Path(sys.argv[1]), sys.argv[2]
loads = {}
for line in (base / "loads.txt").read_text().splitlines():
    t, c, f, load = line.split(" ", 3)
    loads[(t, c, f)] = load
def cell(t, c, f):
    p = base / f"{t}-{c}-{f}" / f"soak-{t}.json"
    if not p.exists():
        return None
    r = json.loads(p.read_text())
    if "answers" not in r:
        return None
    return r
print(f"{requests} requests per cell; load average (1, 5, 15 min) taken before each cell.\n")
print("| callers | fault rate | answered (in-process) | answered (serve) | mostly (not ok) | other failed checks | load (in-process / serve) |")
print("|---|---|---|---|---|---|---|")
for c in ("20", "200"):
    for f in ("0", "0.10", "0.30", "0.50"):
        shares, mostly, failed = [], [], []
        for t in ("in-process", "serve"):
            r = cell(t, c, f)
            if r is None:
                shares.append("—")
                continue
            a = r["answers"]
            shares.append(f"{100 * a['answeredShare']:.1f} %")
            worst = [(k, v["total"]) for k, v in a["byOutcome"].items() if k != "ok"][:2]
            if worst:
                mostly.append(t + ": " + ", ".join(f"`{k}` {n}" for k, n in worst))
            failed += [f"{t}: {k}" for k, v in r["checks"].items() if not v["passed"] and k != "answeredShare"]
        load = " / ".join(loads.get((t, c, f), "—").split(",")[0].strip() for t in ("in-process", "serve"))
        print(f"| {c} | {round(float(f) * 100)} % | {shares[0]} | {shares[1]} | {'; '.join(mostly) or '—'} | {'; '.join(failed) or '—'} | {load} |")
PY
