#!/usr/bin/env bash
# Stops what deploy/local/replicas-up.sh started (replicas first, by their recorded ids; they drain
# on SIGTERM), then removes its state.
set -euo pipefail
STATE=${GEO402_REPLICAS_STATE:-/tmp/geo402-replicas}
[ -f "$STATE/pids" ] || exit 0
tac "$STATE/pids" | while read -r pid _; do kill "$pid" 2>/dev/null || true; done
for _ in $(seq 1 100); do
  alive=0
  while read -r pid _; do kill -0 "$pid" 2>/dev/null && alive=1; done <"$STATE/pids"
  [ $alive = 0 ] && break
  sleep 0.1
done
while read -r pid _; do kill -9 "$pid" 2>/dev/null || true; done <"$STATE/pids"
rm -rf "$STATE"
