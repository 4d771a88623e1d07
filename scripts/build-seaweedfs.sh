#!/usr/bin/env bash
# Builds the SeaweedFS version pinned in tools/seaweedfs/go.mod into .tools/bin/weed, once: an existing binary
# built from that version is kept. Prints one line either way; exits non-zero (without output beyond that line)
# when it cannot build, so callers may go on without SeaweedFS (the S3 adapter's tests then say they did not run).
set -uo pipefail
cd "$(dirname "$0")/.."

binary=.tools/bin/weed
module=github.com/seaweedfs/seaweedfs
if ! command -v go >/dev/null 2>&1; then
  echo "bootstrap: SeaweedFS not built (no go toolchain); the S3 suites will be reported as not run" >&2
  exit 1
fi
pinned=$(cd tools/seaweedfs && go list -m -f '{{.Version}}' "$module" 2>/dev/null) || pinned=""
if [ -z "$pinned" ]; then
  echo "bootstrap: SeaweedFS not built (cannot read its pinned version from tools/seaweedfs/go.mod)" >&2
  exit 1
fi
# `weed version` prints a release number (4.53), not the module version, so the build info is read instead.
built=$( [ -x "$binary" ] && go version -m "$binary" 2>/dev/null | awk -v m="$module" '$1 == "mod" && $2 == m { print $3 }')
if [ "$built" = "$pinned" ]; then
  echo "bootstrap: SeaweedFS $pinned already built ($binary)" >&2
  exit 0
fi
# A binary this machine built before for the same version is copied from the user's cache instead of linked again.
cached=${XDG_CACHE_HOME:-$HOME/.cache}/larder/tools/weed-$pinned-$(go env GOOS)-$(go env GOARCH)
if [ -x "$cached" ] && [ "$(go version -m "$cached" 2>/dev/null | awk -v m="$module" '$1 == "mod" && $2 == m { print $3 }')" = "$pinned" ] \
  && mkdir -p .tools/bin && cp "$cached" "$binary.partial" && mv "$binary.partial" "$binary"; then
  echo "bootstrap: SeaweedFS $pinned copied from this machine's earlier build ($cached)" >&2
  exit 0
fi
# Into a temporary name first, so that an interrupted build (it takes minutes) never leaves a broken binary behind.
log=$(mktemp)
mkdir -p .tools/bin
if (cd tools/seaweedfs && go build -trimpath -o ../../"$binary.partial" "$module/weed") >"$log" 2>&1 && mv "$binary.partial" "$binary"; then
  echo "bootstrap: SeaweedFS $pinned built ($binary)" >&2
  rm -f "$log"
  mkdir -p "$(dirname "$cached")" && cp "$binary" "$cached.partial.$$" && mv "$cached.partial.$$" "$cached" || rm -f "$cached.partial.$$"
else
  echo "bootstrap: SeaweedFS not built (go build failed: $(tail -n 1 "$log")); the S3 suites will be reported as not run" >&2
  rm -f "$log" "$binary.partial"
  exit 1
fi
