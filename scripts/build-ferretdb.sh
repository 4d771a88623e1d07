#!/usr/bin/env bash
# Builds the FerretDB version pinned in tools/ferretdb/go.mod into .tools/bin/ferretdb, once: an existing binary
# built from that version is kept. Prints one line either way; exits non-zero (without output beyond that line)
# when it cannot build, so callers may go on without FerretDB.
set -uo pipefail
cd "$(dirname "$0")/.."

binary=.tools/bin/ferretdb
if ! command -v go >/dev/null 2>&1; then
  echo "bootstrap: FerretDB not built (no go toolchain); its test suites will be reported as not run" >&2
  exit 1
fi
pinned=$(cd tools/ferretdb && go list -m -f '{{.Version}}' github.com/FerretDB/FerretDB 2>/dev/null) || pinned=""
if [ -z "$pinned" ]; then
  echo "bootstrap: FerretDB not built (cannot read its pinned version from tools/ferretdb/go.mod)" >&2
  exit 1
fi
# The version a binary says it is (sed reads all of --version's output: `grep -q` would stop at the first line, and
# under pipefail FerretDB's SIGPIPE on the next one made a good binary look wrong, now and then).
version_of() { "$1" --version 2>/dev/null | sed -n 's/^version: //p'; }
if [ -x "$binary" ] && [ "$(version_of "$binary")" = "$pinned" ]; then
  echo "bootstrap: FerretDB $pinned already built ($binary)" >&2
  exit 0
fi
# A binary this machine built before for the same version (another clone, a CI workspace on a reused runner) is
# copied from the user's cache instead of linked again, which takes most of a build even with Go's cache warm.
cached=${XDG_CACHE_HOME:-$HOME/.cache}/larder/tools/ferretdb-$pinned-$(go env GOOS)-$(go env GOARCH)
if [ -x "$cached" ] && [ "$(version_of "$cached")" = "$pinned" ] \
  && mkdir -p .tools/bin && cp "$cached" "$binary.partial" && mv "$binary.partial" "$binary"; then
  echo "bootstrap: FerretDB $pinned copied from this machine's earlier build ($cached)" >&2
  exit 0
fi
# Built from a copy of the module's source (downloaded and checked against tools/ferretdb/go.sum): cmd/ferretdb
# refuses to start unless build/version/version.txt holds its version, a generated file the module zip lacks, and
# Go forbids overlaying files in the module cache. The copy lives in .tools/src (git-ignored).
log=$(mktemp)
src=.tools/src/FerretDB@$pinned
build() {
  (cd tools/ferretdb && go mod download github.com/FerretDB/FerretDB) || return 1
  module_dir=$(cd tools/ferretdb && go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB) || return 1
  rm -rf "$src" && mkdir -p .tools/src .tools/bin && cp -r "$module_dir" "$src" && chmod -R u+w "$src" || return 1
  echo "$pinned" > "$src/build/version/version.txt"
  # What costs the time with empty caches is compiling (about 4 CPU-minutes, a third of it modernc.org's SQLite in C
  # translated to Go, one package after another), so: CGO_ENABLED=0 (that SQLite is pure Go: no C compiler runs, and
  # the standard library's cgo packages are not built); no DWARF, which the compiler would write for every package
  # and the linker throw away (-dwarf=false, -s -w: about 9 % less CPU on the largest package; panics still print
  # functions and lines); -buildvcs=false: the copy sits inside this repository's work tree, whose commit is not
  # FerretDB's. Figures: docs/benchmarks.md#the-first-command-on-a-fresh-machine.
  (cd "$src" && CGO_ENABLED=0 go build -trimpath -buildvcs=false -gcflags=all=-dwarf=false -ldflags='-s -w' -o "../../bin/ferretdb" ./cmd/ferretdb)
}
if build >"$log" 2>&1; then
  echo "bootstrap: FerretDB $pinned built ($binary) in $((SECONDS / 60))m$(printf %02d $((SECONDS % 60)))s" >&2
  rm -f "$log"
  mkdir -p "$(dirname "$cached")" && cp "$binary" "$cached.partial.$$" && mv "$cached.partial.$$" "$cached" || rm -f "$cached.partial.$$"
else
  echo "bootstrap: FerretDB not built (go build failed: $(tail -n 1 "$log")); its test suites will be reported as not run" >&2
  rm -f "$log"
  exit 1
fi
