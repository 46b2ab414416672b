#!/usr/bin/env bash
# Installs the Portkey gateway (@portkey-ai/gateway, default 1.15.2) from npm into DIR, with the two fixes it
# needs to stream on Node 20, so scripts/wire-bench.sh and scripts/load.sh can compare against it:
#   1. @hono/node-server pinned to 1.13.8 (an npm "overrides" entry): from 1.14 on it hands the gateway
#      immutable response headers and every streamed answer fails with "TypeError: immutable"
#      (Portkey issue #1389);
#   2. async-retry 1.3.3 passing its operation as the retried function's third argument, the one-line
#      change of Portkey's own patches/async-retry+1.3.3.patch, which the npm package does not ship
#      (its postinstall runs patch-package over a directory that is not published).
# Both change only how the gateway's dependencies behave, not the gateway's own code.
#
# usage: scripts/portkey-setup.sh [DIR]     (default: ${TMPDIR:-/tmp}/orchestrator-portkey-<version>)
# Environment: PORTKEY_VERSION (default 1.15.2). Needs node and npm, and an npm registry. Prints DIR.
set -euo pipefail

version="${PORTKEY_VERSION:-1.15.2}"
dir="${1:-${TMPDIR:-/tmp}/orchestrator-portkey-$version}"
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "portkey-setup: $tool not found (install Node.js 20 and npm)" >&2; exit 1; }
done
start="$dir/node_modules/@portkey-ai/gateway/build/start-server.js"
retry="$dir/node_modules/async-retry/lib/index.js"
if [ ! -f "$start" ]; then
  mkdir -p "$dir"
  cat >"$dir/package.json" <<JSON
{"name": "orchestrator-portkey-bench", "version": "1.0.0", "private": true,
 "overrides": {"@hono/node-server": "1.13.8"}}
JSON
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "@portkey-ai/gateway@$version" >/dev/null)
fi
if grep -q 'val = fn(bail, num);' "$retry"; then
  sed -i 's/val = fn(bail, num);/val = fn(bail, num, op);/' "$retry"
fi
hono="$(node -p "require('$dir/node_modules/@hono/node-server/package.json').version")"
case "$hono" in
  1.13.*) ;;
  *) echo "portkey-setup: $dir has @hono/node-server $hono (streaming needs 1.13.x); remove $dir and run again" >&2; exit 1 ;;
esac
grep -q 'val = fn(bail, num, op);' "$retry" || { echo "portkey-setup: could not apply the async-retry fix to $retry" >&2; exit 1; }
echo "$dir"
