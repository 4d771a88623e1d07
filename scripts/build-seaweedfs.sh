#!/usr/bin/env bash
# Builds the SeaweedFS version pinned in tools/seaweedfs/go.mod into .tools/bin/weed, once: an existing binary
# built from that version is kept. Prints one line either way; exits non-zero (without output beyond that line)
# when it cannot build, so callers may go on without SeaweedFS (the S3 adapter's tests then say they did not run).
# Only the tests use it: scripts/setup-test-tools.sh runs this (from `pnpm test`, or in the background from bootstrap).
#   scripts/build-seaweedfs.sh [--check]
# --check: print nothing, build nothing; exit 0 when .tools/bin/weed is the pinned version, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
check=${1:-}

binary=.tools/bin/weed
module=github.com/seaweedfs/seaweedfs
if ! command -v go >/dev/null 2>&1; then
  echo "test tools: SeaweedFS not built (no go toolchain); the S3 suites will be reported as not run" >&2
  exit 1
fi
pinned=$(cd tools/seaweedfs && go list -m -f '{{.Version}}' "$module" 2>/dev/null) || pinned=""
if [ -z "$pinned" ]; then
  echo "test tools: SeaweedFS not built (cannot read its pinned version from tools/seaweedfs/go.mod)" >&2
  exit 1
fi
# `weed version` prints a release number (4.53), not the module version, so the build info is read instead.
built=$( [ -x "$binary" ] && go version -m "$binary" 2>/dev/null | awk -v m="$module" '$1 == "mod" && $2 == m { print $3 }')
if [ "$built" = "$pinned" ]; then
  [ "$check" = --check ] && exit 0
  echo "test tools: SeaweedFS $pinned already built ($binary)" >&2
  exit 0
fi
[ "$check" = --check ] && exit 1
# A binary this machine built before for the same version is copied from the user's cache instead of linked again.
cached=${XDG_CACHE_HOME:-$HOME/.cache}/larder/tools/weed-$pinned-$(go env GOOS)-$(go env GOARCH)
if [ -x "$cached" ] && [ "$(go version -m "$cached" 2>/dev/null | awk -v m="$module" '$1 == "mod" && $2 == m { print $3 }')" = "$pinned" ] \
  && mkdir -p .tools/bin && cp "$cached" "$binary.partial" && mv "$binary.partial" "$binary"; then
  echo "test tools: SeaweedFS $pinned copied from this machine's earlier build ($cached)" >&2
  exit 0
fi
# Into a temporary name first, so that an interrupted build (it takes minutes) never leaves a broken binary behind.
log=$(mktemp)
mkdir -p .tools/bin
# The flags of scripts/build-ferretdb.sh (which says why), so that the standard library compiled for one serves both.
if (cd tools/seaweedfs && CGO_ENABLED=0 go build -trimpath -buildvcs=false -gcflags=all=-dwarf=false -ldflags='-s -w' -o ../../"$binary.partial" "$module/weed") >"$log" 2>&1 && mv "$binary.partial" "$binary"; then
  echo "test tools: SeaweedFS $pinned built ($binary) in $((SECONDS / 60))m$(printf %02d $((SECONDS % 60)))s" >&2
  rm -f "$log"
  mkdir -p "$(dirname "$cached")" && cp "$binary" "$cached.partial.$$" && mv "$cached.partial.$$" "$cached" || rm -f "$cached.partial.$$"
else
  echo "test tools: SeaweedFS not built (go build failed: $(tail -n 1 "$log")); the S3 suites will be reported as not run" >&2
  rm -f "$log" "$binary.partial"
  exit 1
fi
