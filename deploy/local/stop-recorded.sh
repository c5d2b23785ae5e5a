# Sourced by swift-down.sh and replicas-down.sh: stop_recorded PIDS TRIES [ORDER] sends SIGTERM to
# every process id of the file PIDS (first field of each line; ORDER is `cat`, or `tac` for the
# last started first), waits up to TRIES tenths of a second for them to exit, then SIGKILLs any left.
stop_recorded() {
  local pids=$1 tries=$2 order=${3:-cat} alive
  "$order" "$pids" | while read -r pid _; do kill "$pid" 2>/dev/null || true; done
  for _ in $(seq 1 "$tries"); do
    alive=0
    while read -r pid _; do kill -0 "$pid" 2>/dev/null && alive=1; done <"$pids"
    [ $alive = 0 ] && break
    sleep 0.1
  done
  while read -r pid _; do kill -9 "$pid" 2>/dev/null || true; done <"$pids"
}
