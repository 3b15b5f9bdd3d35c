#!/usr/bin/env bash
# Starts PerfGate (java -jar, embedded store, fresh data directory, a random port) with the JVM options of
# PERFGATE_JAVA_OPTS (default: the launcher's, deploy/perfgate.jvmopts), and prints: start-up to health UP, RSS idle,
# then GateLoadBench's numbers, the RSS and the CPU time after it, each with the load average. Stops the server at the end.
#
#   ./mvnw -q -pl server,bench -am package -DskipTests
#   bench/gate-load.sh                      # 200 clients, 200 series
#   CLIENTS=50 ROUNDS=2 bench/gate-load.sh
#   STARTS=5 BENCH=no bench/gate-load.sh    # start-up only: 5 starts on empty stores, then their median
#   LAYOUT=cds STARTS=5 BENCH=no bench/gate-load.sh   # the same as scripts/perfgate-server starts it: extracted
#                                           # layout and a CDS archive, on Java 25+ its trained AOT cache instead
#                                           # (LAYOUT=fat: java -jar of the fat jar, the default; extracted: without either)
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 PATH=$JAVA_HOME/bin:$PATH LAYOUT=cds bench/gate-load.sh   # on Java 25
#   JFR=/tmp/gate.jfr bench/gate-load.sh    # records the server with Java Flight Recorder
#   SPRING_AOT=no bench/gate-load.sh        # without Spring AOT's bean definitions (by default with them, as the
#                                           # launchers start a jar that has them)
#   SERVER_ARGS="--perfgate.judging.workers=2" bench/gate-load.sh   # more server arguments
#   BENCH=history SIZES=100,10000 NEW_SERIES=10 bench/gate-load.sh   # then the first verdicts of 10 new series
#   LOG=/tmp/server.log bench/gate-load.sh  # keeps the server's log
#   BENCH_OPTS=-Dtimeline=6 bench/gate-load.sh   # JVM options of the clients; -Dtimeline=N prints each round's first N
#                                           # ends: when (s into the round) and their end → verdict (ms)
#   BENCH=history bench/gate-load.sh        # GateHistoryBench instead: end → verdict at 100 … 100,000 runs of history
#   BENCH=history SIZES=100,1000,10000 SAMPLES=30 bench/gate-load.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
jar="${JAR:-$root/server/target/perfgate-server-exec.jar}"
bench_jar="$root/bench/target/perfgate-bench.jar"
opts="${PERFGATE_JAVA_OPTS-"$(cat "$root/deploy/perfgate.jvmopts")"}"
clients="${CLIENTS:-200}"
series="${SERIES:-$clients}"
rounds="${ROUNDS:-1}"
starts="${STARTS:-1}"
token="bench-$RANDOM$RANDOM"
work="$(mktemp -d /tmp/perfgate-bench.XXXXXX)"
pid=""

stop() {
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    wait "$pid" 2>/dev/null || true
  fi
  pid=""
}
trap 'stop; [[ -n "${LOG:-}" && -f "$work/server.log" ]] && cp "$work/server.log" "$LOG"; rm -rf "$work"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
cpu_ms() { awk '{printf "%d", ($14 + $15) * 1000 / '"$(getconf CLK_TCK)"'}' "/proc/$pid/stat"; }
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2/1024}' "/proc/$pid/status"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
# seconds the JIT compilers spent so far (jstat reads the JVM's perf data; "?" without it)
jit_s() { jstat -compiler "$pid" 2>/dev/null | awk 'NR == 2 {print $4; ok = 1} END {if (!ok) print "?"}'; }

start() { # sets pid, port, ms (milliseconds from launch to health UP) and cpu (CPU time the JVM used until then)
  rm -rf "$work/data"
  mkdir -p "$work/checks"
  port="$(free_port)"
  local jfr=()
  [[ -n "${JFR:-}" ]] && jfr=("-XX:StartFlightRecording=filename=$JFR,settings=profile,dumponexit=true")
  local t0
  t0="$(date +%s%N)"
  # shellcheck disable=SC2086
  PERFGATE_ADMIN_TOKEN="$token" java $opts "${jfr[@]}" -jar "$jar" --server.port="$port" --server.address=127.0.0.1 \
    --perfgate.data-dir="$work/data" --perfgate.checks-dir="$work/checks" ${SERVER_ARGS:-} > "$work/server.log" 2>&1 &
  pid=$!
  until curl -fs "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q '"UP"'; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -30 "$work/server.log" >&2
      exit 1
    fi
    sleep 0.05
  done
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  cpu="$(cpu_ms)"
}

# Spring AOT's bean definitions, as the launchers start PerfGate when the jar has them (SPRING_AOT=no: without)
if [[ "${SPRING_AOT:-yes}" == no ]]; then
  opts="$opts -Dspring.aot.enabled=false"
elif grep -qaF 'dev/perfgate/PerfGateApplication__ApplicationContextInitializer.class' "$jar"; then
  opts="-Dspring.aot.enabled=true $opts"
fi
case "${LAYOUT:-fat}" in
  fat) ;;
  extracted | cds)
    # the launcher's fast start (scripts/perfgate-server): Spring Boot's extracted layout and a CDS archive of a
    # training start; extracted starts without the archive
    t0="$(date +%s%N)"
    PERFGATE_SERVER_JAR="$jar" PERFGATE_APP_DIR="$work/app" PERFGATE_JAVA_OPTS="$opts" "$root/scripts/perfgate-server" --prepare
    jar="$work/app/$(basename "$jar")"
    # Java 25+: the launcher's AOT cache, else its CDS archive; AOTMode=on and -Xshare:on: a start that cannot map
    # it fails instead of quietly measuring without it
    if [[ -f "$work/app/perfgate.aot" ]]; then
      echo "extracted and trained in $(( ($(date +%s%N) - t0) / 1000000 )) ms; AOT cache $(du -m "$work/app/perfgate.aot" | cut -f1) MB"
      [[ "$LAYOUT" == cds ]] && opts="$opts -XX:AOTCache=$work/app/perfgate.aot -XX:AOTMode=on"
    else
      echo "extracted and trained in $(( ($(date +%s%N) - t0) / 1000000 )) ms; CDS archive $(du -m "$work/app/perfgate.jsa" | cut -f1) MB"
      [[ "$LAYOUT" == cds ]] && opts="$opts -XX:SharedArchiveFile=$work/app/perfgate.jsa -Xshare:on"
    fi
    ;;
  *) echo "LAYOUT is fat, extracted or cds" >&2; exit 2 ;;
esac
echo "JVM options: ${opts:-(none)} (layout ${LAYOUT:-fat})"
times=()
cpus=()
for ((i = 1; i <= starts; i++)); do
  start
  times+=("$ms")
  cpus+=("$cpu")
  echo "start-up to health UP: $ms ms, CPU time $cpu ms, JIT compile time $(jit_s) s (load $(load))"
  if (( i < starts )); then stop; fi
done
if (( starts > 1 )); then
  median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  echo "start-up median of $starts: $(median "${times[@]}") ms, CPU time $(median "${cpus[@]}") ms"
fi
sleep 10
echo "RSS idle (10 s after UP): $(rss_mb) MB (load $(load))"
if [[ "${BENCH:-yes}" == yes ]]; then
  echo "GateLoadBench: $clients clients, $series series, $rounds round(s) (load $(load))"
  jit_before="$(jit_s)"
  # the clients share the machine's cores with the server: their own CPU time is printed too
  TIMEFORMAT='GateLoadBench (the clients) CPU time: %U s user + %S s system, %R s wall'
  time java ${BENCH_OPTS:-} -Durl="http://127.0.0.1:$port" -Dtoken="$token" -Dclients="$clients" -Dseries="$series" -Drounds="$rounds" \
    -DchecksDir="$work/checks" -cp "$bench_jar" dev.perfgate.bench.GateLoadBench
  echo "RSS after the bench: $(rss_mb) MB, CPU time since launch $(cpu_ms) ms (load $(load))"
  # on 2 cores the JIT's compiler threads take a large share of a fresh server's CPU (bench/README.md)
  jit_after="$(jit_s)"
  echo "JIT compile time since launch: $jit_after s, during the rounds: $(awk -v a="$jit_after" -v b="$jit_before" 'BEGIN {if (a == "?" || b == "?") print "?"; else printf "%.1f", a - b}') s"
  grep -c ' judged ' "$work/server.log" | sed 's/^/verdicts logged: /'
  # the server's own split: judging (from taking the job to the verdict stored) against end → verdict
  curl -fsS "http://127.0.0.1:$port/actuator/prometheus" | python3 -c '
import re, sys
series = {}
calls = {}
for line in sys.stdin:
    d = re.match(r"mongodb_driver_commands_seconds_(count|sum)\{([^}]*)\} (\S+)", line)
    if d:
        tags = dict(re.findall(r"(\w+)=\"([^\"]*)\"", d.group(2)))
        key = (tags.get("command", "?"), tags.get("collection", "?"))
        count, took = calls.get(key, (0, 0.0))
        calls[key] = (count + float(d.group(3)), took) if d.group(1) == "count" else (count, took + float(d.group(3)))
    m = re.match(r"perfgate_(evaluation_duration|verdict_delay)_seconds_(bucket|count|sum|max)(\{[^}]*\})? (\S+)", line)
    if m:
        le = re.search(r"le=\"([^\"]+)\"", m.group(3) or "")
        series.setdefault(m.group(1), {})[(m.group(2), le.group(1) if le else None)] = float(m.group(4))
for name, label in (("evaluation_duration", "judging (server)"), ("verdict_delay", "end → verdict stored (server)")):
    v = series.get(name, {})
    n = v.get(("count", None), 0)
    if not n:
        continue
    shares = ", ".join("≤ %g ms %.0f %%" % (float(le) * 1000, 100 * c / n) for (kind, le), c in sorted(
        ((k, c) for k, c in v.items() if k[0] == "bucket" and k[1] != "+Inf"), key=lambda kc: float(kc[0][1])) if c < n)
    print("%s: %d, mean %.1f ms, max %.1f ms; %s" % (label, n, 1000 * v[("sum", None)] / n, 1000 * v.get(("max", None), 0), shares))
# the store calls, from the driver timer: how many a verdict costs, and which take the time
verdicts = series.get("evaluation_duration", {}).get(("count", None), 0)
if calls and verdicts:
    total = sum(c for c, _ in calls.values())
    print("store calls (driver): %d, %.1f per verdict, %.1f s in all; by time:" % (total, total / verdicts,
          sum(t for _, t in calls.values())))
    for (command, collection), (c, t) in sorted(calls.items(), key=lambda kv: -kv[1][1])[:14]:
        print("  %-14s %-12s %7d calls (%4.1f per verdict), mean %6.2f ms, %6.1f s" % (command, collection, c,
              c / verdicts, 1000 * t / c, t))
' || true
elif [[ "${BENCH}" == history ]]; then
  store_port="$(grep -o 'listening on /127.0.0.1:[0-9]*' "$work/server.log" | head -1 | sed 's/.*://')"
  echo "GateHistoryBench: sizes ${SIZES:-100,1000,10000,100000}, ${SAMPLES:-30} samples each (load $(load))"
  java -Durl="http://127.0.0.1:$port" -Dtoken="$token" -DchecksDir="$work/checks" \
    -Dstore="mongodb://127.0.0.1:$store_port/perfgate" -Dsizes="${SIZES:-100,1000,10000,100000}" \
    -Dsamples="${SAMPLES:-30}" -cp "$bench_jar" dev.perfgate.bench.GateHistoryBench
  echo "RSS after the bench: $(rss_mb) MB, data directory $(du -sh "$work/data" | cut -f1) (load $(load))"
  if (( ${NEW_SERIES:-0} > 0 )); then
    # the first verdicts of series new to a store with that history: GateLoadBench's warm-up round alone, a client
    # per series, at most 10 at once
    echo "GateLoadBench: $NEW_SERIES new series at once (load $(load))"
    java -Durl="http://127.0.0.1:$port" -Dtoken="$token" -Dclients="$NEW_SERIES" -Dseries="$NEW_SERIES" -Drounds=0 \
      -DchecksDir="$work/checks" -cp "$bench_jar" dev.perfgate.bench.GateLoadBench | grep -E '^round|end → verdict|errors'
  fi
  # what the history costs a server nobody calls: its periodic work (e.g. the in-progress gauge's refresh)
  idle_from="$(cpu_ms)"
  sleep 60
  echo "CPU time idle with that history: $(( $(cpu_ms) - idle_from )) ms in 60 s (load $(load))"
fi
stop
