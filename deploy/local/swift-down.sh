#!/usr/bin/env bash
# Stops what deploy/local/swift-up.sh started (by the process ids it recorded) and removes its state.
set -euo pipefail
STATE=${GEO402_SWIFT_STATE:-/tmp/geo402-swift}
[ -f "$STATE/pids" ] || exit 0
while read -r pid _; do kill "$pid" 2>/dev/null || true; done <"$STATE/pids"
for _ in $(seq 1 50); do
  alive=0
  while read -r pid _; do kill -0 "$pid" 2>/dev/null && alive=1; done <"$STATE/pids"
  [ $alive = 0 ] && break
  sleep 0.1
done
while read -r pid _; do kill -9 "$pid" 2>/dev/null || true; done <"$STATE/pids"
rm -rf "$STATE"
