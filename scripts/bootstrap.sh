#!/usr/bin/env bash
# Sets up a fresh machine for this repository: pnpm, the workspace's dependencies and FerretDB, which is what
# `pnpm start` needs; then starts, in the background, what only the tests need (scripts/setup-test-tools.sh: Debian
# packages and SeaweedFS), which `pnpm test` waits for or does itself. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".").map(Number).slice(0,2).join(".")')
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || { echo "bootstrap: Node.js >= 20.19 is required (found $node_major)" >&2; exit 1; }

if ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing pnpm 10 with npm" >&2
  npm install -g pnpm@10 >/dev/null
fi

# What `pnpm start` needs, and nothing else, so that the first command on a fresh machine answers in minutes: the
# workspace's dependencies, beside them FerretDB (the engine `pnpm start` keeps data in: the longest step, mostly the
# Go compiler on its SQLite driver, which needs neither the network nor pnpm's packages once its modules are in),
# then the packages' JavaScript and the studio while FerretDB still builds, so that `pnpm start` finds them done.
# - FerretDB (a MongoDB-compatible server on PostgreSQL or SQLite), pinned in tools/ferretdb/go.mod and built from the
#   Go module proxy into .tools/bin. The tests and `pnpm start` use it when present; without it they fall back to the
#   emulator, so a failure here is reported and bootstrap goes on. A binary built before on this machine is copied
#   from ~/.cache/larder/tools instead.
scripts/build-ferretdb.sh &
ferretdb=$!
if ! pnpm install --frozen-lockfile --reporter=default; then
  wait "$ferretdb"
  exit 1
fi
installed=$SECONDS
if node scripts/build-js.mjs --quiet && node scripts/build-studio.mjs --quiet; then
  echo "bootstrap: the packages' JavaScript and the studio built in $((SECONDS - installed))s (pnpm start finds them done)" >&2
else
  echo "bootstrap: the JavaScript or the studio did not build (above); pnpm start and pnpm test try again" >&2
fi
wait "$ferretdb" || true

# What only the tests need (the Debian packages they run: validators, Chromium, redis-server, and the walk-through's
# curl and jq; SeaweedFS), detached at nice 19 with one line saying so: `pnpm test` runs the same script first and
# waits for this one (scripts/setup-test-tools.sh).
scripts/setup-test-tools.sh --background
