#!/usr/bin/env bash
# A local base image for the Containerfile where registry pulls are impossible: a Debian bookworm
# root file system from debootstrap (Debian packages) plus this machine's Node and npm, imported as
# localhost/geo402-node:<node version>. Then:
#   podman build --build-arg BASE=localhost/geo402-node:$(node -p process.versions.node) -t geo402 -f Containerfile .
# Needs: apt-get install -y --no-install-recommends podman debootstrap
set -euo pipefail
ROOTFS=${GEO402_ROOTFS:-/tmp/geo402-rootfs}
TAG=localhost/geo402-node:$(node -p process.versions.node)
# Made once per Node version (podman rmi it to remake): a new base would invalidate every cached layer.
if podman image exists "$TAG"; then echo "$TAG"; exit 0; fi
if [ ! -x "$ROOTFS/bin/sh" ]; then
  debootstrap --variant=minbase --include=libstdc++6,ca-certificates bookworm "$ROOTFS"
fi
install -D -m 0755 "$(command -v node)" "$ROOTFS/usr/local/bin/node"
rm -rf "$ROOTFS/usr/local/lib/node_modules/npm"
mkdir -p "$ROOTFS/usr/local/lib/node_modules"
cp -a "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$ROOTFS/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
# This machine's trusted certificates too: where HTTPS goes through an intercepting proxy, npm in
# a build step otherwise fails every fetch with SELF_SIGNED_CERT_IN_CHAIN (and retries for minutes).
cp /etc/ssl/certs/ca-certificates.crt "$ROOTFS/etc/ssl/certs/ca-certificates.crt"
chroot "$ROOTFS" /usr/local/bin/node --version >/dev/null
tar -C "$ROOTFS" -c . | podman import --change 'CMD ["node"]' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$TAG" >/dev/null
echo "$TAG"
