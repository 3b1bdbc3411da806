#!/usr/bin/env bash
# Builds the runtime image `chess-tutor` (Containerfile) with podman: the release binary is
# built on the host and copied in. Where no image registry is reachable, the base image
# (docker.io/library/debian:bookworm-slim) is first made from Debian's packages with mmdebstrap
# and tagged under that name, so the same Containerfile builds here and elsewhere.
#
#   scripts/image.sh [TAG]          (default: chess-tutor:latest)
#   CHESS_TUTOR_BIN=target/debug/chess-tutor scripts/image.sh   (a binary built already)
#
# Needs podman (and, without a registry, mmdebstrap): apt-get install podman runc mmdebstrap
# uidmap fuse-overlayfs. On a machine whose sandbox refuses setrlimit or where crun fails,
# export CONTAINERS_CONF=scripts/podman-sandbox.conf first (README, "Container image").
set -euo pipefail

tag=${1:-chess-tutor:latest}
base=docker.io/library/debian:bookworm-slim
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
target=${CARGO_TARGET_DIR:-$root/target}
started=$(date +%s)

if ! podman image exists "$base"; then
    if ! timeout 60 podman pull -q "$base" >/dev/null 2>&1; then
        echo "== no registry: making $base from Debian's packages (mmdebstrap)"
        tmp=$(mktemp -d)
        trap 'rm -rf "$tmp"' EXIT
        # minbase (dpkg, apt, bash, coreutils) and CA certificates; no documentation, manual
        # pages, translations or package lists.
        mmdebstrap --variant=minbase --include=ca-certificates \
            --dpkgopt='path-exclude=/usr/share/doc/*' \
            --dpkgopt='path-exclude=/usr/share/man/*' \
            --dpkgopt='path-exclude=/usr/share/locale/*' \
            --dpkgopt='path-exclude=/usr/share/info/*' \
            --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
            bookworm "$tmp/base.tar"
        podman import -q "$tmp/base.tar" "$base" >/dev/null
    fi
fi

mkdir -p "$target/image"
if [ -n "${CHESS_TUTOR_BIN:-}" ]; then
    # A binary built already (a test run may take the debug build: same libraries).
    echo "== the binary $CHESS_TUTOR_BIN"
    cp "$CHESS_TUTOR_BIN" "$target/image/chess-tutor"
else
    echo "== the release binary"
    cargo build --release --locked
    cp "$target/release/chess-tutor" "$target/image/chess-tutor"
fi
strip "$target/image/chess-tutor" 2>/dev/null || true

echo "== podman build $tag"
# Docker's format: OCI images have no HEALTHCHECK.
podman build --format docker -t "$tag" -f Containerfile "$target/image"
size=$(podman image inspect "$tag" --format '{{.Size}}')
echo "== $tag: $((size / 1000000)) MB, built in $(($(date +%s) - started)) s"
