#!/usr/bin/env python3
"""Prints a JMH JSON result as a Markdown table: p50 / p90 / p99 for a SampleTime benchmark; for
any other mode (HealthStoreBenchmark's average time, a throughput) its score under p50, the
percentiles left blank and the mode named, since JMH keeps no samples for it."""
import json, sys

rows = json.load(open(sys.argv[1]))
print("| benchmark | params | mode | p50 | p90 | p99 | unit | samples |")
print("|---|---|---|---:|---:|---:|---|---:|")
for b in rows:
    pm = b["primaryMetric"]
    params = ", ".join(f"{k}={v}" for k, v in (b.get("params") or {}).items())
    name = b["benchmark"].rsplit(".", 2)
    name = name[-2] + "." + name[-1]
    def f(v):
        return f"{v:.3f}" if v < 10 else f"{v:.1f}"
    mode = b.get("mode", "")
    if mode == "sample":
        p = pm.get("scorePercentiles", {})
        n = sum(c for fork in pm.get("rawDataHistogram", []) for it in fork for _, c in it)
        cells = f"{f(p.get('50.0', pm['score']))} | {f(p.get('90.0', 0))} | {f(p.get('99.0', 0))}"
        print(f"| {name} | {params} | {mode} | {cells} | {pm['scoreUnit']} | {n} |")
    else:
        print(f"| {name} | {params} | {mode} | {f(pm['score'])} (score) | | | {pm['scoreUnit']} | |")
