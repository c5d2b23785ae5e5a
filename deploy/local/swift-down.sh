#!/usr/bin/env bash
# Stops what deploy/local/swift-up.sh started (by the process ids it recorded) and removes its state.
set -euo pipefail
STATE=${GEO402_SWIFT_STATE:-/tmp/geo402-swift}
[ -f "$STATE/pids" ] || exit 0
# shellcheck source=stop-recorded.sh
. "$(dirname "$0")/stop-recorded.sh"
stop_recorded "$STATE/pids" 50
rm -rf "$STATE"
