#!/usr/bin/env bash
# Sets up a fresh machine for this repository: pnpm, the workspace's dependencies, and (where apt is available)
# redis-server, which one rate-limit test starts to prove that two instances share a limit. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".").map(Number).slice(0,2).join(".")')
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || { echo "bootstrap: Node.js >= 20.19 is required (found $node_major)" >&2; exit 1; }

if ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing pnpm 10 with npm" >&2
  npm install -g pnpm@10 >/dev/null
fi

if ! command -v redis-server >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "bootstrap: installing redis-server (Debian package) for the shared rate-limit test" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null) \
      || echo "bootstrap: could not install redis-server; the shared rate-limit test will be skipped" >&2
  else
    echo "bootstrap: redis-server not found; the shared rate-limit test will be skipped" >&2
  fi
fi

pnpm install --frozen-lockfile --reporter=default

# FerretDB (a MongoDB-compatible server on PostgreSQL or SQLite), pinned in tools/ferretdb/go.mod and built from the
# Go module proxy into .tools/bin. The tests and `pnpm start` use it when present; without it they fall back to the
# emulator, so a failure here is reported and bootstrap goes on.
scripts/build-ferretdb.sh || true
