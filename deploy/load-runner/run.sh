#!/usr/bin/env bash
# The load-test runner of the docker compose stack: records a run in PerfGate, runs one Gatling
# simulation against the system under test, posts the results, ends the run and prints the verdict.
# Load is generated here, in its own container, never inside PerfGate. Settings: docs/operations.md.
set -euo pipefail

: "${PERFGATE_URL:=http://perfgate:8080}"
: "${PERFGATE_TOKEN:?set PERFGATE_RUNNER_TOKEN (or PERFGATE_ADMIN_TOKEN) in .env}"
: "${TARGET_URL:=http://demo-app:18080}"
: "${SIMULATION:=dev.perfgate.load.PeakLoadSimulation}"
: "${SYSTEM:=demo-app}"
: "${WORKLOAD:=peak}"
: "${ENVIRONMENT:=compose}"
: "${USERS:=10}"
: "${RAMP_UP_SECONDS:=20}"
: "${DURATION_SECONDS:=60}"
: "${RUN_ID:=compose-$(date -u +%Y%m%dT%H%M%SZ)}"
# where the image keeps things (override to run this script from a checkout)
: "${WORKSPACE:=/workspace}"
: "${MVN:=mvn}"
: "${CLIENT_CLASSPATH:=$(cat /opt/perfgate/client.classpath 2>/dev/null || true)}"
: "${CONVERTER:=/opt/perfgate/ConvertResults.java}"

api() { curl -fsS -H "Authorization: Bearer $PERFGATE_TOKEN" -H 'Content-Type: application/json' "$@"; }
field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p" | head -n 1; }

# Gatling resolves names through a hosts file (no outside calls, see load-scripts/README.md):
# give it the address of the system under test that Docker's DNS knows.
target_host=$(printf '%s' "$TARGET_URL" | sed -E 's#^[a-z]+://([^/:]+).*#\1#')
hosts=/tmp/gatling.hosts
{ echo "127.0.0.1 localhost"; getent hosts "$target_host" | awk -v h="$target_host" '{print $1, h; exit}'; } > "$hosts"

run=$(api -X POST "$PERFGATE_URL/api/v1/runs" -d "{\"system\":\"$SYSTEM\",\"workload\":\"$WORKLOAD\",\
\"environment\":\"$ENVIRONMENT\",\"runId\":\"$RUN_ID\",\"rampUpSeconds\":$RAMP_UP_SECONDS,\"trigger\":\"api\"}")
id=$(printf '%s' "$run" | field id)
echo "load-runner: run $RUN_ID recorded as $id"

status=completed
if ! "$MVN" -B -q -f "$WORKSPACE/pom.xml" -pl load-scripts gatling:test \
    -Dgatling.simulationClass="$SIMULATION" -Dgatling.hostsFile="$hosts" -DbaseUrl="$TARGET_URL" \
    -Dusers="$USERS" -DrampUpSeconds="$RAMP_UP_SECONDS" -DdurationSeconds="$DURATION_SECONDS" \
    -DrunId="$RUN_ID" -Dsystem="$SYSTEM" -Denvironment="$ENVIRONMENT"; then
  echo "load-runner: Gatling failed; the run is still judged (its smoke assertion is not the gate)" >&2
fi

if java -cp "$CLIENT_CLASSPATH" "$CONVERTER" "$WORKSPACE/load-scripts/target/gatling" \
    "$RAMP_UP_SECONDS" > /tmp/results.json; then
  api -X POST "$PERFGATE_URL/api/v1/runs/$id/results" --data-binary @/tmp/results.json > /dev/null
else
  status=aborted
fi
api -X POST "$PERFGATE_URL/api/v1/runs/$id/end" -d "{\"status\":\"$status\"}" > /dev/null
verdict=$(api "$PERFGATE_URL/api/v1/runs/$id/verdict?wait=120")
echo "load-runner: verdict: $(printf '%s' "$verdict" | field summary)"
echo "load-runner: run page: $PERFGATE_URL/runs/$id"
[[ $(printf '%s' "$verdict" | field gate) != fail ]]
