#!/usr/bin/env bash
# Runs every test of PerfGate on this machine: installs what the tests need (cached under
# ~/.cache/perfgate), starts the real test servers on 127.0.0.1 (FerretDB, Pyroscope,
# Prometheus, process-exporter), runs unit and integration tests of all modules, stops the servers.
# Extra arguments go to Maven, e.g. scripts/test.sh -pl server -am
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/test-servers.sh install
scripts/test-servers.sh start
trap 'scripts/test-servers.sh stop || true' EXIT
eval "$(scripts/test-servers.sh env)"

./mvnw -B -ntp verify "$@"
