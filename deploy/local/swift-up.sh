#!/usr/bin/env bash
# Starts a one-node OpenStack Swift (Debian packages) with its S3 API (s3api + tempauth) on
# loopback, for `geo402-ingest publish`/`sync` tests and local trials. State lives in $STATE;
# deploy/local/swift-down.sh stops it. Prints the environment that points geo402 at it.
# Needs: apt-get install -y --no-install-recommends swift swift-proxy swift-account
#        swift-container swift-object python3-swift memcached
set -euo pipefail
STATE=${GEO402_SWIFT_STATE:-/tmp/geo402-swift}
PORT=${GEO402_SWIFT_PORT:-18480}
ACCOUNT_PORT=$((PORT + 1)) CONTAINER_PORT=$((PORT + 2)) OBJECT_PORT=$((PORT + 3)) MEMCACHED_PORT=$((PORT + 4))
for bin in swift-ring-builder swift-proxy-server swift-account-server swift-container-server swift-object-server memcached; do
  command -v "$bin" >/dev/null || { echo "swift-up: $bin not installed (see the apt-get line at the top of $0)" >&2; exit 3; }
done
if [ -f "$STATE/pids" ]; then echo "swift-up: already running ($STATE/pids); run swift-down.sh first" >&2; exit 1; fi
rm -rf "$STATE" && mkdir -p "$STATE"/{etc,srv/d1,run,log}
# Swift keeps object metadata in extended attributes: refuse early, with the reason, where the
# file system of $STATE has none.
if ! python3 -c "import os,sys; os.setxattr(sys.argv[1], 'user.geo402', b'1')" "$STATE/srv/d1" 2>/dev/null; then
  echo "swift-up: $STATE has no user extended attributes (Swift stores metadata there); set GEO402_SWIFT_STATE to another file system" >&2
  exit 3
fi
ETC=$STATE/etc
cat >"$ETC/swift.conf" <<CONF
[swift-hash]
swift_hash_path_suffix = geo402-local
swift_hash_path_prefix = geo402-local
[storage-policy:0]
name = gold
default = yes
CONF
for kind in account container object; do
  case $kind in account) p=$ACCOUNT_PORT ;; container) p=$CONTAINER_PORT ;; object) p=$OBJECT_PORT ;; esac
  cat >"$ETC/$kind-server.conf" <<CONF
[DEFAULT]
devices = $STATE/srv
mount_check = false
bind_ip = 127.0.0.1
bind_port = $p
workers = 1
swift_dir = $ETC
user = $(id -un)
[pipeline:main]
pipeline = $kind-server
[app:$kind-server]
use = egg:swift#$kind
[$kind-replicator]
[$kind-auditor]
CONF
  [ $kind = container ] && printf '[container-updater]\n[container-sync]\n' >>"$ETC/$kind-server.conf"
  [ $kind = object ] && printf '[object-updater]\n' >>"$ETC/$kind-server.conf"
  (cd "$ETC" && swift-ring-builder $kind.builder create 0 1 1 >/dev/null &&
    swift-ring-builder $kind.builder add r1z1-127.0.0.1:$p/d1 1 >/dev/null &&
    swift-ring-builder $kind.builder rebalance >/dev/null)
done
cat >"$ETC/proxy-server.conf" <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 1
swift_dir = $ETC
user = $(id -un)
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo versioned_writes proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:tempauth]
use = egg:swift#tempauth
user_geo402_publisher = ${GEO402_SWIFT_SECRET:-geo402-local-secret} .admin
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
[filter:versioned_writes]
use = egg:swift#versioned_writes
CONF
start() { # name, command...
  local name=$1; shift
  "$@" >"$STATE/log/$name.log" 2>&1 &
  echo "$! $name" >>"$STATE/pids"
}
start memcached memcached -l 127.0.0.1 -p "$MEMCACHED_PORT" -U 0 -u "$(id -un)"
for kind in account container object; do start $kind swift-$kind-server "$ETC/$kind-server.conf" --verbose; done
start proxy swift-proxy-server "$ETC/proxy-server.conf" --verbose
# Python start-up alone takes tens of seconds on a loaded machine.
for _ in $(seq 1 "$((${GEO402_SWIFT_WAIT_S:-120} * 5))"); do
  up=1
  for p in $ACCOUNT_PORT $CONTAINER_PORT $OBJECT_PORT $MEMCACHED_PORT; do
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || up=0
  done
  if [ $up = 1 ] && curl -fsS "http://127.0.0.1:$PORT/healthcheck" >/dev/null 2>&1; then
    cat <<ENV
export GEO402_S3_ENDPOINT=http://127.0.0.1:$PORT
export GEO402_S3_BUCKET=${GEO402_SWIFT_BUCKET:-geo402-artifacts}
export AWS_ACCESS_KEY_ID=geo402:publisher
export AWS_SECRET_ACCESS_KEY=${GEO402_SWIFT_SECRET:-geo402-local-secret}
export AWS_REGION=us-east-1
ENV
    exit 0
  fi
  sleep 0.2
done
echo "swift-up: the proxy did not answer /healthcheck within ${GEO402_SWIFT_WAIT_S:-120} s; logs in $STATE/log" >&2
tail -n 20 "$STATE"/log/*.log >&2
"$(dirname "$0")/swift-down.sh"
exit 1
