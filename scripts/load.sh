#!/usr/bin/env bash
# End-to-end load harness (docs/benchmarks.md): a loopback upstream; a raw java.net.http client,
# the in-process orchestrator, `serve` (when the CLI has it) and the Portkey gateway (non-streaming)
# against it at 1/16/64/256 callers, all on 127.0.0.1. About 3 minutes with the defaults.
#
#   scripts/load.sh                    # build, install Portkey, run everything
#   scripts/load.sh --no-portkey       # skip the peer
#   scripts/load.sh -- --measure-ms 5000 --concurrency 1,64   # extra harness options after --
#
# Environment: PORTKEY_DIR (default: a temp dir; reused when it already has the package),
#              PORTKEY_VERSION (default 1.15.2), LOAD_JAVA_OPTS (harness JVM, default -Xms1g -Xmx1g).
set -euo pipefail
cd "$(dirname "$0")/.."

PORTKEY=1
EXTRA=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-portkey) PORTKEY=0; shift ;;
    --) shift; EXTRA=("$@"); break ;;
    *) echo "load.sh: unknown option $1 (expected --no-portkey, or harness options after --)" >&2; exit 2 ;;
  esac
done

mvn -B -q ${MVN_FLAGS:-} -DskipTests package -pl benchmarks,cli -am

ARGS=(--serve-jar cli/target/orchestrator.jar --out benchmarks/target/load)
if [[ $PORTKEY == 1 ]]; then
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "load.sh: node/npm not found; running without Portkey" >&2
  else
    PORTKEY_DIR="$(scripts/portkey-setup.sh ${PORTKEY_DIR:+"$PORTKEY_DIR"})"
    echo "portkey: $(node -v), @portkey-ai/gateway $(node -p "require('$PORTKEY_DIR/node_modules/@portkey-ai/gateway/package.json').version") in $PORTKEY_DIR"
    ARGS+=(--portkey-dir "$PORTKEY_DIR")
  fi
fi

exec java ${LOAD_JAVA_OPTS:--Xms1g -Xmx1g} -cp benchmarks/target/benchmarks.jar \
  dev.orchestrator.benchmarks.load.LoadHarness "${ARGS[@]}" "${EXTRA[@]}"
