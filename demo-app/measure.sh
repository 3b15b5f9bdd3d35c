#!/usr/bin/env bash
# Measures what each regression costs on a running demo app: a short, bounded loop per endpoint with the
# regression off, then on. Loopback only; nothing else is started or stopped.
#
#   demo-app/measure.sh [base-url]        default http://127.0.0.1:18080
#   REQUESTS=500 WARMUP=2000 REMOTE_CONCURRENCY=4 demo-app/measure.sh
#
# Per case it prints mean and p95 latency seen by curl, process CPU per request (process_cpu_time_ns_total),
# the request thread's own CPU and heap allocation per request (demo_request_cpu_seconds,
# demo_request_allocated_bytes), the process CPU in % of one core during the loop, and the ratios on/off.
# The clients are closed-loop: a slower endpoint gets fewer requests per second, so CPU % can fall while
# CPU per request rises. Numbers are noisy on a busy 2-core machine; repeat and compare the ratios.
set -euo pipefail

base=${1:-http://127.0.0.1:18080}
requests=${REQUESTS:-500}
warmup=${WARMUP:-2000}
remote_concurrency=${REMOTE_CONCURRENCY:-4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

toggle() { curl -sf -X PUT "$base/admin/regressions/$1?enabled=$2" > /dev/null; }

all_off() { for r in cpu alloc lock buffer; do toggle "$r" false; done; }

# process CPU ns, then thread CPU seconds sum, count and allocated bytes sum for one uri
snapshot() {
  curl -sf "$base/actuator/prometheus" | awk -v uri="uri=\"$1\"" '
    /^process_cpu_time_ns_total/ { cpu = $NF }
    index($0, uri) && /^demo_request_cpu_seconds_sum/ { tsum = $NF }
    index($0, uri) && /^demo_request_cpu_seconds_count/ { tcount = $NF }
    index($0, uri) && /^demo_request_allocated_bytes_sum/ { asum = $NF }
    END { printf "%.0f %.9f %.0f %.0f\n", cpu, tsum, tcount, asum }'
}

# runs $2 requests to $1 from $3 concurrent keep-alive curl clients; prints one latency in seconds per line
load() {
  local url=$1 total=$2 clients=$3 per i c
  per=$(( (total + clients - 1) / clients ))
  for (( c = 0; c < clients; c++ )); do
    : > "$work/curl-$c"
    for (( i = 0; i < per; i++ )); do printf 'url = "%s"\noutput = "/dev/null"\n' "$url" >> "$work/curl-$c"; done
    curl -s -K "$work/curl-$c" -w '%{time_total}\n' > "$work/lat-$c" &
  done
  wait
  cat "$work"/lat-*
  rm -f "$work"/lat-* "$work"/curl-*
}

# prints: mean_ms p95_ms process_cpu_ms thread_cpu_ms alloc_kb (per request) and process CPU % of one core
measure() {
  local path=$1 uri=$2 clients=$3 before after start end
  before=$(snapshot "$uri")
  start=$(date +%s%N)
  load "$base$path" "$requests" "$clients" | sort -n > "$work/lat"
  end=$(date +%s%N)
  after=$(snapshot "$uri")
  awk -v b="$before" -v a="$after" -v elapsed=$(( end - start )) '
    { lat[NR] = $1; sum += $1 }
    END {
      split(b, x, " "); split(a, y, " ")
      n = y[3] - x[3]; if (n <= 0) n = NR
      p95 = lat[int(NR * 0.95 + 0.5)]
      printf "%8.2f %8.2f %8.3f %8.3f %9.1f %7.1f\n", 1000 * sum / NR, 1000 * p95,
        (y[1] - x[1]) / 1e6 / NR, 1000 * (y[2] - x[2]) / n, (y[4] - x[4]) / 1024 / n, 100 * (y[1] - x[1]) / elapsed
    }' "$work/lat"
}

cases="/api/matrix?size=60 /api/matrix cpu 1
/api/transform /api/transform alloc 1
/api/remote?delayMs=20 /api/remote lock $remote_concurrency
/api/lookup?id=4242 /api/lookup buffer 1"

# Warm every path in both modes first, so that the JIT compiles them before anything is measured.
all_off
while read -r path uri regression clients; do
  rounds=$warmup
  # the remote call sleeps anyway; its few code paths need far fewer rounds than its time would cost
  [[ $regression == lock ]] && rounds=$(( warmup / 10 ))
  for enabled in true false true false; do
    toggle "$regression" "$enabled"
    load "$base$path" $(( (rounds + 1) / 2 )) "$clients" > /dev/null
  done
done <<< "$cases"

printf '%-26s %-6s %-3s %8s %8s %8s %8s %9s %7s\n' endpoint regr. on mean_ms p95_ms cpu_ms thr_cpu alloc_kb cpu_pct
while read -r path uri regression clients; do
  off=$(measure "$path" "$uri" "$clients")
  toggle "$regression" true
  on=$(measure "$path" "$uri" "$clients")
  toggle "$regression" false
  printf '%-26s %-6s %-3s %s\n' "$path" "$regression" off "$off" "$path" "$regression" on "$on"
  awk -v off="$off" -v on="$on" -v r="$regression" 'BEGIN {
    split(off, o, " "); split(on, n, " ")
    printf "  -> %s on/off: mean latency %.2fx, CPU per request %.2fx (thread %.2fx), alloc %.2fx, CPU %% %.2fx\n",
      r, n[1] / o[1], n[3] / o[3], n[4] / o[4], n[5] / o[5], n[6] / o[6] }'
done <<< "$cases"
all_off
