#!/usr/bin/env bash
# The whole PerfGate story on one machine: PerfGate catches a real CPU regression in the demo
# system under test, names the function that grew, and passes the fixed run.
#
#   scripts/demo.sh            full demo (about 5 minutes of load), leaves everything running
#   scripts/demo.sh --quick    short, low-rate runs (the CI end-to-end test uses this)
#   scripts/demo.sh --stop     stop everything at the end (also: scripts/demo.sh stop)
#   scripts/demo.sh --check    exit non-zero unless the verdicts are PASS, PASS, FAIL, PASS and
#                              the regression run names MatrixCalculator.multiply first
#
# It starts (all on 127.0.0.1): the test servers (Prometheus scraping the demo app and its process
# CPU, Pyroscope), PerfGate on port 8080 (embedded store under target/demo, checks/ of this repo),
# the demo app on 18080 with the Pyroscope Java agent. Then four runs of the Gatling peak-load
# simulation through the perfgate CLI: two baselines, one with the CPU regression switched on, one
# after switching it off. Each run is recorded, judged by checks/demo-app.yaml and linked to profiles.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

demo_dir="${PERFGATE_DEMO_DIR:-$root/target/demo}"
port="${PERFGATE_DEMO_PORT:-8080}"
token="${PERFGATE_ADMIN_TOKEN:-demo-admin-token}"
url="http://127.0.0.1:$port"
demo_url="http://127.0.0.1:18080"

quick=0 stop_at_end=0 check=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    --stop) stop_at_end=1 ;;
    --check) check=1 ;;
    stop) action=stop ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "demo: unknown argument $arg" >&2; exit 2 ;;
  esac
done

if [[ $quick == 1 ]]; then
  users=6 ramp=3 duration=25 matrix=110
else
  users=10 ramp=10 duration=60 matrix=110
fi

log() { printf '\n== %s\n' "$*"; }

stop_all() {
  for name in demo-app perfgate; do
    local pidfile="$demo_dir/$name.pid"
    if [[ -f "$pidfile" ]]; then
      local pid; pid="$(cat "$pidfile")"
      if kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
        kill -9 "$pid" 2>/dev/null || true
      fi
      rm -f "$pidfile"
    fi
  done
  scripts/test-servers.sh stop || true
}

if [[ "${action:-}" == stop ]]; then
  stop_all
  exit 0
fi

wait_for() { # name url seconds
  local deadline=$((SECONDS + $3))
  until curl -fsS -o /dev/null "$2"; do
    if (( SECONDS > deadline )); then
      echo "demo: $1 did not come up at $2 within $3 s; its log: $demo_dir/$1.log" >&2
      tail -n 30 "$demo_dir/$1.log" >&2 || true
      exit 1
    fi
    sleep 1
  done
}

start_bg() { # name command...
  local name="$1"; shift
  local pidfile="$demo_dir/$name.pid"
  if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    echo "$name is already running (pid $(cat "$pidfile"))"
    return
  fi
  setsid "$@" > "$demo_dir/$name.log" 2>&1 < /dev/null &
  echo $! > "$pidfile"
}

mkdir -p "$demo_dir"
[[ $stop_at_end == 1 ]] && trap stop_all EXIT

log "Test servers (Prometheus, process-exporter, Pyroscope)"
scripts/test-servers.sh install
scripts/test-servers.sh start prometheus process-exporter pyroscope

log "Building PerfGate, the demo app and the CLI"
./mvnw -q -B -ntp package -Dmaven.test.skip=true -pl server,demo-app,jenkins-plugin/client -am

log "Starting PerfGate on $url and the demo app on $demo_url"
PERFGATE_ADMIN_TOKEN="$token" start_bg perfgate java -jar server/target/perfgate-server-exec.jar \
  --server.port="$port" --server.address=127.0.0.1 --perfgate.data-dir="$demo_dir/data" \
  --perfgate.checks-dir="$root/checks" --perfgate.public-url="$url"
start_bg demo-app demo-app/run.sh
wait_for perfgate "$url/actuator/health" 180
wait_for demo-app "$demo_url/actuator/health" 180

export PERFGATE_URL="$url" PERFGATE_TOKEN="$token"
stamp="$(date +%Y%m%d-%H%M%S)"
run_ids=() exits=() labels=()

regression() { # name on|off
  curl -fsS -X PUT "$demo_url/admin/regressions/$1" -H 'Content-Type: application/json' \
    -d "{\"enabled\": $([[ $2 == on ]] && echo true || echo false)}" > /dev/null
}

load_run() { # label version
  local n=$(( ${#run_ids[@]} + 1 ))
  local run_id="demo-$stamp-$n"
  log "Run $n: $1 (version $2)"
  set +e
  scripts/perfgate run --system demo-app --workload peak --environment local --version "$2" \
    --run-id "$run_id" --ramp-up "$ramp" --results load-scripts/target/gatling --tag "story=$1" --timeout 180 \
    -- ./mvnw -q -B -ntp -pl load-scripts gatling:test -Dgatling.simulationClass=dev.perfgate.load.PeakLoadSimulation \
       -DbaseUrl="$demo_url" -Dusers="$users" -DrampUpSeconds="$ramp" -DdurationSeconds="$duration" \
       -DmatrixSize="$matrix" -DrunId="$run_id"
  local code=$?
  set -e
  run_ids+=("$run_id"); exits+=("$code"); labels+=("$1")
}

regression cpu off
log "Warming up the demo app's JIT (not recorded), so the first baseline is not inflated"
for _ in $(seq 1 150); do
  for path in "/api/matrix?size=$matrix" /api/transform "/api/lookup?id=7" "/api/remote?delayMs=1"; do
    curl -fsS -o /dev/null "$demo_url$path" || true
  done
done
load_run "baseline 1" "1.0.0"
load_run "baseline 2" "1.0.1"
regression cpu on
load_run "CPU regression on" "1.1.0"
regression cpu off
load_run "fixed" "1.1.1"

api() { curl -fsS -H "Authorization: Bearer $token" "$url$1"; }
id_of() { api "/api/v1/runs?system=demo-app&workload=peak&environment=local&limit=50" \
  | python3 -c 'import json,sys; print(next(r["id"] for r in json.load(sys.stdin)["runs"] if r["runId"]==sys.argv[1]))' "$1"; }

log "Verdicts"
statuses=()
for i in "${!run_ids[@]}"; do
  id="$(id_of "${run_ids[$i]}")"
  status="$(api "/api/v1/runs/$id/verdict" | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')"
  statuses+=("$status")
  printf '  %-20s %-12s exit %s   %s/runs/%s\n' "${labels[$i]}" "$status" "${exits[$i]}" "$url" "$id"
done
regression_id="$(id_of "${run_ids[2]}")"
culprit="$(api "/api/v1/runs/$regression_id/verdict" | python3 -c '
import json, sys
v = json.load(sys.stdin)
cpu = next((p for p in v.get("profiles", []) if p["type"] == "cpu"), None)
print(cpu["changes"][0]["name"] if cpu and cpu.get("changes") else "(no CPU profile diff)")')"
echo
echo "  The function that grew most in the regression run: $culprit"
echo "  Compare the regression run with its baseline:     $url/compare?run=$regression_id"
echo "  Its verdict as JSON:                              $url/api/v1/runs/$regression_id/verdict (Bearer $token)"

if [[ $stop_at_end == 0 ]]; then
  echo
  echo "Everything keeps running; stop it with: scripts/demo.sh stop"
fi

if [[ $check == 1 ]]; then
  expected=(PASS PASS FAIL PASS)
  ok=1
  for i in 0 1 2 3; do
    [[ "${statuses[$i]}" == "${expected[$i]}" ]] || { echo "demo check: run $((i+1)) is ${statuses[$i]}, expected ${expected[$i]}" >&2; ok=0; }
  done
  [[ "${exits[2]}" == 3 ]] || { echo "demo check: the CLI exited ${exits[2]} on the regression run, expected 3" >&2; ok=0; }
  [[ "${exits[3]}" == 0 ]] || { echo "demo check: the CLI exited ${exits[3]} on the fixed run, expected 0" >&2; ok=0; }
  [[ "$culprit" == *MatrixCalculator.multiply* ]] || { echo "demo check: culprit is '$culprit', expected MatrixCalculator.multiply" >&2; ok=0; }
  if [[ $ok == 1 ]]; then echo "demo: 5 passed, 0 failed"; else exit 1; fi
fi
