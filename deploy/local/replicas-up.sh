#!/usr/bin/env bash
# N service replicas (processes) sharing one `geo402 devnet`, behind haproxy with health checks on
# each replica's admin /readyz. State and logs in $STATE; deploy/local/replicas-down.sh stops it,
# deploy/local/replica.sh stops, starts or restarts one replica (draining first).
#   GEO402_REPLICAS (3)  GEO402_LB_PORT (18600: API through haproxy)  GEO402_REPLICA_PORT (18610)
#   GEO402_DRAIN_MS (5000: readiness false this long on SIGTERM before closing; > haproxy's 2 checks
#   1 s apart, each allowed 3 s: /readyz asks the chain, slow on a loaded machine)
# With GEO402_S3_BUCKET set (and GEO402_S3_ENDPOINT, AWS_* as printed by swift-up.sh), each replica
# gets its own artifacts directory filled by `geo402-ingest sync all --once` and followed by a
# `geo402-ingest sync all` sidecar, as in deploy/k8s; otherwise every replica reads ./artifacts.
# Replicas share state in Redis (paid answers kept for retries, batch-settlement channels, the claim
# leader lock): GEO402_REDIS_URL if set, else a redis-server started here on GEO402_LB_PORT+2 when
# Debian's redis-server is installed; without either each replica keeps its own (said on stderr).
# Needs: apt-get install -y --no-install-recommends haproxy (and redis-server)
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
for _ in $(seq 1 480); do grep -q '^export PAY_TO=' "$STATE/devnet.env" && break; sleep 0.25; done
grep -q '^export PAY_TO=' "$STATE/devnet.env" || { echo "replicas-up: devnet did not start; $STATE/log/devnet.log" >&2; exit 1; }
if [ -z "${GEO402_REDIS_URL:-}" ] && command -v redis-server >/dev/null; then
  redis-server --bind 127.0.0.1 --port $((LB + 2)) --save "" --appendonly no >"$STATE/log/redis.log" 2>&1 &
  echo "$! redis" >>"$STATE/pids"
  GEO402_REDIS_URL=redis://127.0.0.1:$((LB + 2))
  for _ in $(seq 1 100); do (: </dev/tcp/127.0.0.1/$((LB + 2))) 2>/dev/null && break; sleep 0.1; done
fi
[ -n "${GEO402_REDIS_URL:-}" ] ||
  echo "replicas-up: no GEO402_REDIS_URL and no redis-server: each replica keeps paid answers and channels alone" >&2
# What deploy/local/replica.sh reads to start a replica the same way later.
{
  cat "$STATE/devnet.env"
  echo "export GEO402_PUBLIC_URL=http://127.0.0.1:$LB GEO402_REPLICA_PORT=$BASE GEO402_DRAIN_MS=${GEO402_DRAIN_MS:-5000}"
  for v in GEO402_REDIS_URL GEO402_S3_BUCKET GEO402_S3_ENDPOINT GEO402_S3_PREFIX GEO402_SYNC_INTERVAL_S AWS_REGION AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY; do
    [ -n "${!v:-}" ] && echo "export $v=${!v}"
  done
} >"$STATE/replica.env"
servers=""
for i in $(seq 1 "$N"); do
  if [ -n "${GEO402_S3_BUCKET:-}" ]; then
    mkdir -p "$STATE/replica-$i/artifacts"
    node bin/geo402-ingest.mjs sync all --once --out "$STATE/replica-$i/artifacts" >"$STATE/log/sync-$i.log" 2>&1 ||
      { echo "replicas-up: the first sync of replica $i failed; $STATE/log/sync-$i.log" >&2; exit 1; }
    node bin/geo402-ingest.mjs sync all --out "$STATE/replica-$i/artifacts" >>"$STATE/log/sync-$i.log" 2>&1 &
    echo "$! sync-$i" >>"$STATE/pids"
  fi
  GEO402_REPLICAS_STATE=$STATE deploy/local/replica.sh start "$i"
  servers+="  server r$i 127.0.0.1:$((BASE + i)) maxconn 256 check port $((BASE + 100 + i)) inter 1s fall 2 rise 1"$'\n'
done
# http-server-close: one backend connection per request, so haproxy never reuses a connection the
# replica is closing (idle timeout, drain). retries 0: a request sent to a stopped replica fails
# visibly instead of being retried elsewhere (the end-to-end test counts on it). maxconn 256 per
# server: haproxy queues past the replica's GEO402_MAX_CONNECTIONS_PER_ADDRESS (256 by default;
# every backend connection comes from haproxy's address). timeout http-request: a client's headers
# must arrive within 10 s (slowloris), as GEO402_HEADERS_TIMEOUT_MS asks of a direct client.
cat >"$STATE/haproxy.cfg" <<CFG
global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 3s
  timeout http-request 10s
  retries 0
frontend api
  bind 127.0.0.1:$LB
  default_backend replicas
backend replicas
  balance roundrobin
  option http-server-close
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
