#!/usr/bin/env bash
# N service replicas (processes) sharing one `geo402 devnet`, behind haproxy with health checks on
# each replica's admin /readyz. State and logs in $STATE; deploy/local/replicas-down.sh stops it.
#   GEO402_REPLICAS (3)  GEO402_LB_PORT (18600: API through haproxy)  GEO402_REPLICA_PORT (18610)
# Needs: apt-get install -y --no-install-recommends haproxy
set -euo pipefail
cd "$(dirname "$0")/../.."
STATE=${GEO402_REPLICAS_STATE:-/tmp/geo402-replicas}
N=${GEO402_REPLICAS:-3}
LB=${GEO402_LB_PORT:-18600}
BASE=${GEO402_REPLICA_PORT:-18610}
command -v haproxy >/dev/null || { echo "replicas-up: haproxy not installed (apt-get install haproxy)" >&2; exit 3; }
if [ -f "$STATE/pids" ]; then echo "replicas-up: already running ($STATE/pids)" >&2; exit 1; fi
mkdir -p "$STATE/log"
: >"$STATE/pids"
GEO402_HOME=$STATE/devnet GEO402_PUBLIC_URL=http://127.0.0.1:$LB node bin/geo402.mjs devnet >"$STATE/devnet.env" 2>"$STATE/log/devnet.log" &
echo "$! devnet" >>"$STATE/pids"
for _ in $(seq 1 120); do grep -q '^export PAY_TO=' "$STATE/devnet.env" && break; sleep 0.25; done
grep -q '^export PAY_TO=' "$STATE/devnet.env" || { echo "replicas-up: devnet did not start; $STATE/log/devnet.log" >&2; exit 1; }
# shellcheck disable=SC1091
. "$STATE/devnet.env"
servers=""
for i in $(seq 1 "$N"); do
  port=$((BASE + i)) admin=$((BASE + 100 + i))
  PORT=$port GEO402_ADMIN_PORT=$admin GEO402_HOME=$STATE/replica-$i GEO402_PUBLIC_URL=http://127.0.0.1:$LB \
    node --import tsx service/server.ts >"$STATE/log/replica-$i.log" 2>&1 &
  echo "$! replica-$i" >>"$STATE/pids"
  servers+="  server r$i 127.0.0.1:$port check port $admin inter 1s fall 2 rise 1"$'\n'
done
cat >"$STATE/haproxy.cfg" <<CFG
global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 0
frontend api
  bind 127.0.0.1:$LB
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /readyz
$servers
CFG
haproxy -f "$STATE/haproxy.cfg" -db >"$STATE/log/haproxy.log" 2>&1 &
echo "$! haproxy" >>"$STATE/pids"
for _ in $(seq 1 240); do
  ready=0
  for i in $(seq 1 "$N"); do curl -fsS "http://127.0.0.1:$((BASE + 100 + i))/readyz" >/dev/null 2>&1 && ready=$((ready + 1)); done
  if [ $ready = "$N" ]; then
    echo "export GEO402_URL=http://127.0.0.1:$LB GEO402_HOME=$STATE/devnet"
    exit 0
  fi
  sleep 0.5
done
echo "replicas-up: not every replica became ready in 120 s; logs in $STATE/log" >&2
exit 1
