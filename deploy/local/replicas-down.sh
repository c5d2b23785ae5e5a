#!/usr/bin/env bash
# Stops what deploy/local/replicas-up.sh started (replicas first, by their recorded ids; they drain
# on SIGTERM), then removes its state.
set -euo pipefail
STATE=${GEO402_REPLICAS_STATE:-/tmp/geo402-replicas}
[ -f "$STATE/pids" ] || exit 0
# shellcheck source=stop-recorded.sh
. "$(dirname "$0")/stop-recorded.sh"
stop_recorded "$STATE/pids" 100 tac
rm -rf "$STATE"
