#!/usr/bin/env python3
"""Prints a JMH JSON result (SampleTime mode) as a Markdown table of p50 / p90 / p99 per benchmark."""
import json, sys

rows = json.load(open(sys.argv[1]))
print("| benchmark | params | p50 | p90 | p99 | unit | samples |")
print("|---|---|---:|---:|---:|---|---:|")
for b in rows:
    pm = b["primaryMetric"]
    p = pm.get("scorePercentiles", {})
    params = ", ".join(f"{k}={v}" for k, v in (b.get("params") or {}).items())
    name = b["benchmark"].rsplit(".", 2)
    name = name[-2] + "." + name[-1]
    n = sum(c for fork in pm.get("rawDataHistogram", []) for it in fork for _, c in it)
    def f(v):
        return f"{v:.3f}" if v < 10 else f"{v:.1f}"
    print(f"| {name} | {params} | {f(p.get('50.0', pm['score']))} | {f(p.get('90.0', 0))} | {f(p.get('99.0', 0))} | {pm['scoreUnit']} | {n} |")
