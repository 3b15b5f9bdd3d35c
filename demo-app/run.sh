#!/usr/bin/env bash
# Starts the PerfGate demo app (the system under test) in the foreground, with the Pyroscope Java agent
# unless DEMO_PROFILER=none. Everything is configured by environment variables; see demo-app/README.md.
#
#   demo-app/run.sh                 build the jar if missing, fetch the agent if missing, start
#   demo-app/run.sh fetch-agent     only fetch the agent jar into the cache and print its path
#   demo-app/run.sh build           only (re)build the app jar
#   demo-app/run.sh [start] [--spring.arg=value ...]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cache=${PERFGATE_CACHE:-$HOME/.cache/perfgate}
agent_version=${PYROSCOPE_AGENT_VERSION:-0.12.2}
agent_jar=${PYROSCOPE_AGENT_JAR:-$cache/agents/agent-$agent_version.jar}
app_jar=${DEMO_APP_JAR:-$here/target/perfgate-demo-app.jar}

fetch_agent() {
  if [[ ! -s $agent_jar ]]; then
    echo "run.sh: fetching io.pyroscope:agent:$agent_version into $(dirname "$agent_jar")" >&2
    mkdir -p "$(dirname "$agent_jar")"
    # -N: only the root pom is needed to run the plugin, not the modules
    "$root/mvnw" -q -B -N -f "$root/pom.xml" dependency:copy \
      -Dartifact="io.pyroscope:agent:$agent_version" \
      -DoutputDirectory="$(dirname "$agent_jar")" >&2
  fi
  echo "$agent_jar"
}

build_app() {
  "$root/mvnw" -q -B -f "$root/pom.xml" -pl demo-app -am package -DskipTests >&2
}

case "${1:-}" in
  fetch-agent) fetch_agent; exit 0 ;;
  build) build_app; exit 0 ;;
  start) shift ;;
esac

[[ -s $app_jar ]] || build_app

# Heap kept small so that the demo's GC and allocation behaviour shows at low load;
# DebugNonSafepoints makes the profiler attribute samples to the right (inlined) method.
# CompileThresholdScaling=0.1: the demo serves tens of requests per second where a service in production serves
# thousands, and its JIT would take many minutes to compile what such a service compiles in seconds: the load-test
# runs then read its compiling as CPU (on a 2-core machine clean runs read 16-24 % CPU with the default thresholds,
# 12-15 % with these once settled, the compiler threads 2-7 points of a run against under 1).
read -r -a java_opts <<< "${DEMO_JAVA_OPTS:--Xms256m -Xmx256m -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -XX:CompileThresholdScaling=0.1}"

agent_opts=()
if [[ ${DEMO_PROFILER:-pyroscope} != none ]]; then
  fetch_agent > /dev/null
  # The names the 0.12.2 agent reads (io.pyroscope.javaagent.config.Config). ALLOC and LOCK use ${VAR-default}
  # so that setting them to the empty string switches that profile off.
  export PYROSCOPE_SERVER_ADDRESS=${PYROSCOPE_SERVER_ADDRESS:-http://127.0.0.1:4041}
  export PYROSCOPE_APPLICATION_NAME=${PYROSCOPE_APPLICATION_NAME:-demo-app}
  export PYROSCOPE_FORMAT=${PYROSCOPE_FORMAT:-jfr}
  # wall (the default): wall clock as <app>.wall and, from the same samples, the running threads as <app>.cpu; it
  # samples every thread, so every 20 ms. PYROSCOPE_PROFILER_EVENT=itimer samples CPU time only, every 10 ms of it, as
  # <app>.itimer (checks then need no profileNames, and no wall profile).
  export PYROSCOPE_PROFILER_EVENT=${PYROSCOPE_PROFILER_EVENT:-wall}
  if [[ $PYROSCOPE_PROFILER_EVENT == wall ]]; then
    export PYROSCOPE_PROFILING_INTERVAL=${PYROSCOPE_PROFILING_INTERVAL:-20ms}
  fi
  export PYROSCOPE_PROFILER_ALLOC=${PYROSCOPE_PROFILER_ALLOC-512k}
  export PYROSCOPE_PROFILER_LOCK=${PYROSCOPE_PROFILER_LOCK-10ms}
  # every 5 s (the agent's default is 10 s): a run's verdict waits one upload interval after the last 10-s bucket of
  # Pyroscope it reads (checks/demo-app.yaml, uploadIntervalSeconds), and the demo's runs are short
  export PYROSCOPE_UPLOAD_INTERVAL=${PYROSCOPE_UPLOAD_INTERVAL:-5s}
  export PYROSCOPE_LABELS=${PYROSCOPE_LABELS:-env=local}
  export PYROSCOPE_LOG_LEVEL=${PYROSCOPE_LOG_LEVEL:-info}
  agent_opts=("-javaagent:$agent_jar")
  echo "run.sh: profiling $PYROSCOPE_APPLICATION_NAME (event=$PYROSCOPE_PROFILER_EVENT" \
    "alloc=${PYROSCOPE_PROFILER_ALLOC:-off} lock=${PYROSCOPE_PROFILER_LOCK:-off}) to $PYROSCOPE_SERVER_ADDRESS" >&2
fi

exec java "${java_opts[@]}" "${agent_opts[@]}" -jar "$app_jar" "$@"
