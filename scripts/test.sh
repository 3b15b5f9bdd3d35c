#!/usr/bin/env bash
# Runs every test of PerfGate on this machine: installs what the tests need (cached under
# ~/.cache/perfgate), starts the real test servers on 127.0.0.1 (FerretDB, Pyroscope,
# Prometheus, process-exporter), runs unit and integration tests of all modules, then the
# end-to-end story (scripts/demo.sh --quick --check) and a walk through its UI in Chromium
# (DemoStoryBrowserIT), and stops the servers.
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
  export PERFGATE_DEMO_DIR="$(pwd)/target/e2e"
  trap 'scripts/demo.sh stop || true' EXIT  # the demo's processes and the test servers
  scripts/demo.sh --quick --check
  # then a newcomer's walk through the UI of that story in headless Chromium, ending with a run triggered from it
  runs_file="$(ls -t "$PERFGATE_DEMO_DIR"/runs-*.tsv | head -n 1)"
  PERFGATE_DEMO_URL=http://127.0.0.1:8080 PERFGATE_DEMO_RUNS="$runs_file" ./mvnw -B -ntp verify -pl server -am \
    -Dit.test=DemoStoryBrowserIT -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
    -Dfailsafe.failIfNoSpecifiedTests=false
fi
