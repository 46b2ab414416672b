#!/usr/bin/env python3
"""Summarise a JFR recording's CPU samples: top self frames and top frames anywhere in the stack.

usage: scripts/jfr-top.py RECORDING.jfr [N] [--filter SUBSTRING] [--thread PREFIX]
  --filter: only samples with a frame containing SUBSTRING
  --thread: only samples of threads whose name starts with PREFIX
Needs the JDK's `jfr` tool on the PATH (or JAVA_HOME/bin).
"""
import collections, json, os, shutil, subprocess, sys

def main():
    args = [a for a in sys.argv[1:]]
    filt = None
    thread = None
    if '--thread' in args:
        i = args.index('--thread'); thread = args[i + 1]; del args[i:i + 2]
    if '--filter' in args:
        i = args.index('--filter'); filt = args[i + 1]; del args[i:i + 2]
    if not args:
        print(__doc__); sys.exit(2)
    path = args[0]; n = int(args[1]) if len(args) > 1 else 25
    jfr = shutil.which('jfr') or os.path.join(os.environ.get('JAVA_HOME', '/usr'), 'bin', 'jfr')
    out = subprocess.run([jfr, 'print', '--json', '--stack-depth', '64', '--events', 'jdk.ExecutionSample', path],
                         check=True, capture_output=True, text=True).stdout
    events = json.loads(out)['recording']['events']
    self_c = collections.Counter(); total_c = collections.Counter(); count = 0
    threads = collections.Counter()
    for e in events:
        t = (e['values'].get('sampledThread') or {}).get('javaName') or '?'
        if thread and not t.startswith(thread):
            continue
        frames = e['values']['stackTrace']['frames'] if e['values'].get('stackTrace') else []
        names = [f"{f['method']['type']['name']}.{f['method']['name']}" for f in frames]
        if filt and not any(filt in x for x in names):
            continue
        count += 1
        threads[t.rstrip('0123456789').rstrip('-')] += 1
        if names:
            self_c[names[0]] += 1
        for x in set(names):
            total_c[x] += 1
    print(f"{count} samples{' matching ' + filt if filt else ''}")
    print("\nsamples by thread group:")
    for k, v in threads.most_common(12):
        print(f"  {100.0 * v / max(count, 1):5.1f}%  {k}")
    print(f"\ntop self frames:")
    for k, v in self_c.most_common(n):
        print(f"  {100.0 * v / max(count, 1):5.1f}%  {k}")
    print(f"\ntop frames anywhere in the stack (inclusive):")
    for k, v in total_c.most_common(n):
        print(f"  {100.0 * v / max(count, 1):5.1f}%  {k}")

main()
