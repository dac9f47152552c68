#!/usr/bin/env bash
# scripts/with-shipped-node.sh <command> [args...]: runs the command with the Node.js major the
# container image ships (Dockerfile, ARG NODE_IMAGE=node:<major>...) first on PATH, so that npm,
# its scripts and the benchmarks' gateways all run on it.
#
# When the machine's own Node is that major, the command runs as it is. Otherwise that Node comes
# from the npm registry, as the package of the official binary (node-<platform>-<arch>@<major>),
# installed once into $XDG_CACHE_HOME (default ~/.cache)/data-holder-gateway/ and reused.
set -euo pipefail

if [ "$#" = 0 ]; then
  echo "usage: scripts/with-shipped-node.sh <command> [args...]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
major="$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9][0-9]*\).*/\1/p' "$root/Dockerfile")"
if [ -z "$major" ]; then
  echo "with-shipped-node: no 'ARG NODE_IMAGE=node:<major>' line in $root/Dockerfile" >&2
  exit 1
fi

# The machine's Node: its major, platform and architecture, read in one start of it.
read -r machine_major platform arch < <(
  node -p '[process.versions.node.split(".")[0], process.platform, process.arch].join(" ")'
)
if [ "$machine_major" != "$major" ]; then
  case "$platform" in
    linux | darwin) ;;
    *)
      echo "with-shipped-node: no packaged Node.js binary for $platform" >&2
      exit 1
      ;;
  esac
  package="node-$platform-$arch@$major"
  cache="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/data-holder-gateway"
  prefix="$cache/node-$major-$platform-$arch"
  # npm looks for its global configuration beside the running Node: the machine's (a registry
  # proxy's certificate authority, say) stays in force for npm under the other Node.
  npm_config_globalconfig="$(npm config get globalconfig)"
  export npm_config_globalconfig
  if [ ! -x "$prefix/node_modules/.bin/node" ]; then
    echo "with-shipped-node: installing Node.js $major ($package) into $prefix" >&2
    mkdir -p "$cache"
    # Installed beside, then moved into place: a concurrent run never sees half an install.
    staging="$(mktemp -d "$cache/.install-XXXXXX")"
    trap 'rm -rf "$staging"' EXIT
    npm install --prefix "$staging" --no-save --no-audit --no-fund --prefer-offline \
      --fetch-retries=5 --fetch-timeout=120000 "$package" >&2
    # A concurrent run may have put its own in place meanwhile: then this one is dropped.
    [ -e "$prefix" ] || mv "$staging" "$prefix" 2>/dev/null || true
    rm -rf "$staging"
    trap - EXIT
    [ -x "$prefix/node_modules/.bin/node" ] || {
      echo "with-shipped-node: no Node.js in $prefix after installing $package (remove it and run again)" >&2
      exit 1
    }
  fi
  PATH="$prefix/node_modules/.bin:$PATH"
  export PATH
fi
exec "$@"
