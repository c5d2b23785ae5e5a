#!/usr/bin/env bash
# Builds the production image from the Containerfile on this machine, without registry pulls, and
# checks that it answers: a local base (deploy/local/node-base.sh), then the service started from
# the image with the built artifacts mounted read-only (devnet mode), GET /readyz and GET / must
# answer 200. Options chosen for the shared development machine (a gVisor sandbox, cgroups v1+v2):
#   --runtime runc --cgroup-manager cgroupfs   crun refuses hybrid cgroups
#   --network host                             no slirp/bridge networking in the sandbox
#   `buildah run` instead of `podman run`      podman run sets RLIMIT_NPROC/NOFILE, which the sandbox
#                                              refuses ("error setting rlimit type 6/7: operation not permitted")
#   GEO402_IMAGE (localhost/geo402:<package version>)  GEO402_IMAGE_PORT (18950; admin +1)
#   GEO402_ARTIFACTS (./artifacts: the built families, mounted read-only at /artifacts)
# Needs: apt-get install -y --no-install-recommends podman buildah runc debootstrap
set -euo pipefail
cd "$(dirname "$0")/../.."
IMAGE=${GEO402_IMAGE:-localhost/geo402:$(node -p 'require("./package.json").version')}
PORT=${GEO402_IMAGE_PORT:-18950}
ARTIFACTS=${GEO402_ARTIFACTS:-$PWD/artifacts}
for bin in podman buildah runc debootstrap; do
  command -v $bin >/dev/null || { echo "image: $bin not installed (see the apt-get line at the top of $0)" >&2; exit 3; }
done
BASE=$(deploy/local/node-base.sh)
podman --runtime runc --cgroup-manager cgroupfs build --network host --build-arg BASE="$BASE" -t "$IMAGE" -f Containerfile .
ctr=$(buildah from "$IMAGE")
stop() { # keeps the script's own exit status
  kill "$run" 2>/dev/null || true
  wait "$run" 2>/dev/null || true
  buildah rm "$ctr" >/dev/null || true
}
trap stop EXIT
# The image listens on all interfaces (HOST=0.0.0.0); with the host's network that would be every
# address of this machine, so here both listeners stay on loopback.
buildah run --runtime runc --network host -v "$ARTIFACTS:/artifacts:ro" \
  -e HOST=127.0.0.1 -e GEO402_ADMIN_HOST=127.0.0.1 \
  -e PORT="$PORT" -e GEO402_ADMIN_PORT=$((PORT + 1)) -e GEO402_HOME=/tmp/geo402 "$ctr" -- \
  geo402-serve &
run=$!
for _ in $(seq 1 240); do
  if curl -fsS "http://127.0.0.1:$((PORT + 1))/readyz" >/dev/null 2>&1; then
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/"
    echo "image: $IMAGE built; the container answers GET / and /readyz"
    exit 0
  fi
  sleep 0.5
done
echo "image: the container did not become ready in 120 s" >&2
exit 1
