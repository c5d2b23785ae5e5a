#!/usr/bin/env bash
# One replica of deploy/local/replicas-up.sh:  replica.sh start|stop|restart I
#   start    starts replica I (API port GEO402_REPLICA_PORT+I, admin +100) as replicas-up.sh does
#   stop     SIGTERM: it drains (readiness false for GEO402_DRAIN_MS, so haproxy stops sending;
#            answers in flight finish), then exits; waits for the exit (60 s, then SIGKILL)
#   restart  stop, then start, then waits until its /readyz answers 200 (haproxy sends again;
#            GEO402_READY_WAIT_S, 240: a loaded machine takes minutes to start a replica)
set -euo pipefail
cd "$(dirname "$0")/../.."
STATE=${GEO402_REPLICAS_STATE:-/tmp/geo402-replicas}
cmd=${1:?start|stop|restart} i=${2:?replica number}
# shellcheck disable=SC1091
. "$STATE/replica.env"
admin=$((GEO402_REPLICA_PORT + 100 + i))
start() {
  local artifacts=artifacts
  [ -d "$STATE/replica-$i/artifacts" ] && artifacts=$STATE/replica-$i/artifacts
  PORT=$((GEO402_REPLICA_PORT + i)) GEO402_ADMIN_PORT=$admin GEO402_HOME=$STATE/replica-$i GEO402_ARTIFACTS=$artifacts \
    node --import tsx service/server.ts >>"$STATE/log/replica-$i.log" 2>&1 &
  echo "$! replica-$i" >>"$STATE/pids"
}
stop() {
  local pid
  pid=$(awk -v n="replica-$i" '$2 == n { print $1 }' "$STATE/pids")
  [ -n "$pid" ] || { echo "replica.sh: replica $i is not running" >&2; return 1; }
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  sed -i "/ replica-$i\$/d" "$STATE/pids"
}
case $cmd in
  start) start ;;
  stop) stop ;;
  restart)
    stop
    start
    for _ in $(seq 1 "$((${GEO402_READY_WAIT_S:-240} * 2))"); do
      curl -fsS "http://127.0.0.1:$admin/readyz" >/dev/null 2>&1 && exit 0
      sleep 0.5
    done
    echo "replica.sh: replica $i not ready in ${GEO402_READY_WAIT_S:-240} s; $STATE/log/replica-$i.log" >&2
    exit 1
    ;;
  *) echo "replica.sh: start|stop|restart I" >&2; exit 2 ;;
esac
