#!/usr/bin/env bash
# Sets up a fresh machine for this repository: pnpm, the workspace's dependencies, and (where apt is available)
# the Debian packages the tests and the README's walk-through use, and the project's dependencies. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".").map(Number).slice(0,2).join(".")')
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || { echo "bootstrap: Node.js >= 20.19 is required (found $node_major)" >&2; exit 1; }

if ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing pnpm 10 with npm" >&2
  npm install -g pnpm@10 >/dev/null
fi

# Debian packages, each named with the command that shows it is there:
# - redis-server: one rate-limit test starts it to prove that two instances share a limit (skipped without it);
# - curl, jq: the README's walk-through uses them, and a test runs the README's shell blocks;
# - qpdf, poppler-utils (pdffonts, pdftotext, pdftoppm), epubcheck: the document tests check every PDF and EPUB;
# - chromium: the lead magnet page's accessibility test runs axe in it (through playwright-core, no browser download).
# Without them those tests skip with one line; in CI (CI=true) the README and document tests fail instead.
missing=()
for pair in redis-server:redis-server curl:curl jq:jq qpdf:qpdf pdftotext:poppler-utils epubcheck:epubcheck chromium:chromium; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "bootstrap: installing ${missing[*]} (Debian packages) for the tests and the README's walk-through" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) \
      || echo "bootstrap: could not install ${missing[*]}; the tests that need them will be skipped" >&2
  else
    echo "bootstrap: ${missing[*]} not found; the tests that need them will be skipped (install them to run them)" >&2
  fi
fi

pnpm install --frozen-lockfile --reporter=default

# Side by side (each mostly waits on the Go linker and the disk):
# - FerretDB (a MongoDB-compatible server on PostgreSQL or SQLite), pinned in tools/ferretdb/go.mod and built from the
#   Go module proxy into .tools/bin. The tests and `pnpm start` use it when present; without it they fall back to the
#   emulator, so a failure here is reported and bootstrap goes on.
# - SeaweedFS (an S3-compatible server), pinned in tools/seaweedfs/go.mod and built from the Go module proxy into
#   .tools/bin/weed: the S3 adapter's tests run against it, and report themselves as not run without it.
# Both keep what they built in ~/.cache/larder/tools, so another clone on this machine copies it instead of linking.
scripts/build-ferretdb.sh &
ferretdb=$!
scripts/build-seaweedfs.sh || true
wait "$ferretdb" || true
