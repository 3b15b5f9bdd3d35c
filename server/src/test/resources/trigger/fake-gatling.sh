#!/bin/sh
# Stands in for a Gatling run in tests: prints Gatling 3.15's periodic console summary once a second and, at the
# end, writes PerfGate results JSON where a load script may leave its own results.
# Usage: fake-gatling.sh <resultsDir> <durationSeconds> <cpuPercent> [exitCode] [releaseFile]
# With a releaseFile, the run ends only once that file exists (at most 120 s after its load): a test that must act
# while the run is in progress releases it then, whatever the machine's speed.
results_dir=$1
duration=$2
cpu=$3
exit_code=${4:-0}
release=${5:-}
mkdir -p "$results_dir"
start=$(date -u +%s)
echo "Simulation dev.perfgate.load.SmokeSimulation started..."
second=1
while [ "$second" -le "$duration" ]; do
  sleep 1
  total=$((second * 20))
  ko=$((second / 4))
  ok=$((total - ko))
  echo "========================================================================================================================"
  echo "$(date -u '+%Y-%m-%d %H:%M:%S') GMT                                                                                      ${second}s elapsed"
  echo "---- Requests ------------------------------------------------------------------|---Total---|-----OK----|----KO----"
  printf '> Global                                                                        | %9s | %9s | %9s\n' "$total" "$ok" "$ko"
  echo "========================================================================================================================"
  second=$((second + 1))
done
end=$(date -u +%s)
if [ -n "$release" ]; then
  waited=0
  while [ ! -e "$release" ] && [ "$waited" -lt 600 ]; do
    sleep 0.2
    waited=$((waited + 1))
  done
fi
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
points=""
t=$start
while [ "$t" -lt "$end" ]; do
  [ -n "$points" ] && points="$points,"
  points="$points{\"t\":\"$(iso "$t")\",\"requests\":20,\"errors\":0,\"meanMs\":$((30 + t % 7)),\"p99Ms\":$((90 + t % 13))}"
  t=$((t + 1))
done
count=$((duration * 20))
if [ "$exit_code" = "0" ]; then
  cat > "$results_dir/perfgate-results.json" <<JSON
{"format":"perfgate-results/v1","tool":"fake gatling",
 "window":{"start":"$(iso "$start")","end":"$(iso "$end")","steadyStateStart":"$(iso "$start")"},
 "global":{"count":$count,"ok":$count,"ko":0,"meanMs":33,"p50Ms":30,"p95Ms":80,"p99Ms":95,"throughputRps":20},
 "requests":[{"name":"matrix","count":$count,"ok":$count,"ko":0,"meanMs":33,"p50Ms":30,"p95Ms":80,"p99Ms":95,"throughputRps":20}],
 "measures":{"cpu_avg_pct":$cpu},
 "timeseries":[$points]}
JSON
fi
echo "Simulation dev.perfgate.load.SmokeSimulation completed in ${duration} seconds"
exit "$exit_code"
