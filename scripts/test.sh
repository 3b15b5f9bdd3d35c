#!/usr/bin/env bash
# Runs every test of PerfGate on this machine: installs what the tests need (cached under
# ~/.cache/perfgate), starts the real test servers on 127.0.0.1 (FerretDB, Pyroscope,
# Prometheus, process-exporter), runs unit and integration tests of all modules, then the
# end-to-end story (scripts/demo.sh --quick --check), and stops the servers.
# Extra arguments go to Maven, e.g. scripts/test.sh -pl server -am (PERFGATE_SKIP_E2E=1 skips the story).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/test-servers.sh install
scripts/test-servers.sh start
trap 'scripts/test-servers.sh stop || true' EXIT
eval "$(scripts/test-servers.sh env)"

./mvnw -B -ntp verify "$@"

if [[ "${PERFGATE_SKIP_E2E:-0}" != 1 ]]; then
  # the whole story for real: demo app with the profiler agent, Gatling, PerfGate, Prometheus, Pyroscope
  PERFGATE_DEMO_DIR="$(pwd)/target/e2e" scripts/demo.sh --quick --check --stop
fi
