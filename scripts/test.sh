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

# how long each part took, printed at the end (CI's 25-minute budget: docs/architecture.md#test-time)
parts=()
part() { printf '%-44s %2d min %2d s' "$1" $(($2 / 60)) $(($2 % 60)); } # name seconds
took() { parts+=("$(part "$1" $((SECONDS - $2)))"); } # name start: the part that began at start (bash's SECONDS)
print_parts() {
  echo "== Time by part"
  printf '   %s\n' "${parts[@]}" "$(part "whole command" "$SECONDS")"
}

# The ten slowest test classes of the Maven run, from its Surefire and Failsafe reports (the *.xml written since
# $1); says so when there are none and never fails the run.
slowest_test_classes() {
  local since="$1" reports
  reports="$(find . -path ./node_modules -prune -o \( -path '*/target/surefire-reports/TEST-*.xml' \
    -o -path '*/target/failsafe-reports/TEST-*.xml' \) -newer "$since" -print 2>/dev/null || true)"
  if [[ -z "$reports" ]]; then
    echo "== No test reports (target/surefire-reports, target/failsafe-reports) from this run"
    return 0
  fi
  echo "== The ten slowest test classes (seconds)"
  while IFS= read -r report; do
    grep -o '<testsuite [^>]*>' "$report" | head -n 1 \
      | sed -E 's/.* name="([^"]*)".*/\1/; t; d' | tr '\n' ' ' || true
    grep -o '<testsuite [^>]*>' "$report" | head -n 1 | sed -E 's/.* time="([^"]*)".*/\1/; t; d' | tr -d ',' || true
  done <<<"$reports" | awk 'NF == 2 { printf "%10.1f  %s\n", $2, $1 }' | sort -rn | head -n 10 || true
}

took "install and start the test servers" 0
started_marker="$(mktemp)"
status=0
part_start=$SECONDS
./mvnw -B -ntp verify "$@" || status=$?
took "Maven verify (unit and integration tests)" "$part_start"
slowest_test_classes "$started_marker" || true
rm -f "$started_marker"
if [[ $status != 0 ]]; then
  print_parts
  exit "$status"
fi

if [[ "${PERFGATE_SKIP_E2E:-0}" != 1 ]]; then
  # the whole story for real: demo app with the profiler agent, Gatling, PerfGate, Prometheus, Pyroscope
  export PERFGATE_DEMO_DIR="$(pwd)/target/e2e"
  # the verify above built what the story runs (PerfGate, the demo app, the CLI, the simulations), unless Maven was
  # given other arguments (e.g. -pl): then the demo builds them itself
  if (( $# == 0 )); then
    export PERFGATE_DEMO_BUILT=1
  fi
  trap 'scripts/demo.sh stop || true' EXIT  # the demo's processes and the test servers
  part_start=$SECONDS
  scripts/demo.sh --quick --check || status=$?
  took "the demo's story (scripts/demo.sh --quick)" "$part_start"
  if [[ $status != 0 ]]; then
    print_parts
    exit "$status"
  fi
  # then a newcomer's walk through the UI of that story in headless Chromium, ending with a run triggered from it
  # (the browser test needs no server jar: the build's Spring AOT step and repackaging are skipped, about 15 s)
  part_start=$SECONDS
  runs_file="$(ls -t "$PERFGATE_DEMO_DIR"/runs-*.tsv | head -n 1)"
  PERFGATE_DEMO_URL=http://127.0.0.1:8080 PERFGATE_DEMO_RUNS="$runs_file" ./mvnw -B -ntp verify -pl server -am \
    -Dit.test=DemoStoryBrowserIT -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
    -Dfailsafe.failIfNoSpecifiedTests=false -Dperfgate.boot-jar.skip=true || status=$?
  took "the UI walk in Chromium (DemoStoryBrowserIT)" "$part_start"
fi
print_parts
exit "$status"
