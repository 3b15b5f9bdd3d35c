#!/usr/bin/env bash
# Runs one simulation of load-scripts in the JVM that `./mvnw -pl load-scripts gatling:test` would start, without
# Maven: the same main class (io.gatling.app.Gatling), classpath, hosts file and results folder, so results and the
# perfgate CLI's conversion are the same. Maven's own start, its compile phases and the plugin's classpath scan take
# 5-8 s before each run on a 2-core machine; the demo runs a dozen of them.
#
#   load-scripts/gatling.sh prepare                compile the simulations, resolve their classpath (once; again
#                                                  when pom.xml or a simulation changed)
#   load-scripts/gatling.sh Simulation [-Dk=v ...]  run dev.perfgate.load.Simulation (or a fully named class) with
#                                                  these system properties, as -Dgatling.simulationClass=… would
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
target="$here/target"
classpath_file="$target/gatling-classpath.txt"

prepare() { # what ./mvnw verify does for load-scripts up to its classpath file (pom.xml)
  "$root/mvnw" -q -B -ntp -f "$root/pom.xml" -pl load-scripts process-test-classes >&2
  touch "$classpath_file"
}

stale() { # the classpath file is missing, or older than the pom or a simulation's source
  [[ ! -s $classpath_file || ! -d $target/test-classes ]] && return 0
  [[ -n "$(find "$here/pom.xml" "$root/pom.xml" "$here/src" -newer "$classpath_file" -print -quit)" ]]
}

case "${1:-}" in
  prepare) prepare; exit 0 ;;
  ''|-h|--help) sed -n '2,11p' "$0"; exit 2 ;;
esac

simulation="$1"; shift
[[ $simulation == *.* ]] || simulation="dev.perfgate.load.$simulation"
if stale; then
  prepare
fi
for arg in "$@"; do
  [[ $arg == -D* ]] || { echo "gatling.sh: only -Dname=value arguments, got: $arg" >&2; exit 2; }
done

# the plugin's JVM options (its GatlingConstants) and ours (pom.xml: only loopback names resolve)
exec java -XX:+HeapDumpOnOutOfMemoryError -XX:MaxInlineLevel=20 -XX:MaxTrivialSize=12 -Xmx1G \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED \
  -Djdk.net.hosts.file="$here/loopback.hosts" "$@" \
  -cp "$target/test-classes:$(cat "$classpath_file")" io.gatling.app.Gatling \
  --simulation "$simulation" --results-folder "$target/gatling"
