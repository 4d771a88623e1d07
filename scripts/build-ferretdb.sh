#!/usr/bin/env bash
# Builds the FerretDB version pinned in tools/ferretdb/go.mod, with our patch on it (below), into .tools/bin/ferretdb,
# once: an existing binary built from that version and patch level is kept. Prints one line either way; exits non-zero
# (without output beyond that line) when it cannot build, so callers may go on without FerretDB.
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
# What the binary says it is: the pinned version and our patch level, so that a binary built without the patch (an
# earlier checkout, the cache below) is built again. FerretDB takes any version.txt that starts with `v`.
PATCH_LEVEL=2
built="$pinned-larder.$PATCH_LEVEL"
# The version a binary says it is (sed reads all of --version's output: `grep -q` would stop at the first line, and
# under pipefail FerretDB's SIGPIPE on the next one made a good binary look wrong, now and then).
version_of() { "$1" --version 2>/dev/null | sed -n 's/^version: //p'; }
if [ -x "$binary" ] && [ "$(version_of "$binary")" = "$built" ]; then
  echo "bootstrap: FerretDB $built already built ($binary)" >&2
  exit 0
fi
# A binary this machine built before for the same version (another clone, a CI workspace on a reused runner) is
# copied from the user's cache instead of linked again, which takes most of a build even with Go's cache warm.
cached=${XDG_CACHE_HOME:-$HOME/.cache}/larder/tools/ferretdb-$built-$(go env GOOS)-$(go env GOARCH)
if [ -x "$cached" ] && [ "$(version_of "$cached")" = "$built" ] \
  && mkdir -p .tools/bin && cp "$cached" "$binary.partial" && mv "$binary.partial" "$binary"; then
  echo "bootstrap: FerretDB $built copied from this machine's earlier build ($cached)" >&2
  exit 0
fi
# Built from a copy of the module's source (downloaded and checked against tools/ferretdb/go.sum): cmd/ferretdb
# refuses to start unless build/version/version.txt holds its version, a generated file the module zip lacks, and
# Go forbids overlaying files in the module cache. The copy lives in .tools/src (git-ignored).
log=$(mktemp)
src=.tools/src/FerretDB@$pinned

# The patch. FerretDB 1.24's SQLite backend finds a document by `_id` (every find, update and delete by `_id`) with
# `_ferretdb_sjson->'$._id'`, an expression its own `_id` index (`_ferretdb_sjson->"_id"`) does not match, so SQLite
# scans the collection, parsing every document's JSON, for each one: 16 ms of CPU per find among 500 recipes, 114 ms
# among 5,000, and writers waiting on each other's scans until SQLite gave up (`database is locked`). `->'_id'` reads
# the same value and is the index's expression (EXPLAIN QUERY PLAN: SEARCH ... USING INDEX instead of SCAN): about
# 1.1 ms per find at any size. And it pushes the `_id` down only when `_id` is the filter's one field, so every
# versioned write (`{ _id, version }`) scanned anyway; now whenever the filter has an `_id` equality (a string or an
# ObjectId), as a first narrowing: FerretDB checks every document it gets against the whole filter in Go afterwards
# (find, update, delete, findAndModify), so the answer is the same. FerretDB 1.x has no later release; see
# docs/mongodb-adapter.md#ferretdbs-sqlite-backend. `sed -i.orig`: GNU and BSD sed alike.
patch_sqlite_id_lookups() {
  local metadata="$1/internal/backends/sqlite/metadata/metadata.go"
  local collection="$1/internal/backends/sqlite/collection.go"
  local before='if params.Filter.Len() == 1 {' after='if params.Filter.Len() >= 1 {'
  grep -qF "IDColumn = DefaultColumn + \"->'\$._id'\"" "$metadata" && [ "$(grep -cF "$before" "$collection")" = 2 ] \
    || { echo "the SQLite _id patch does not apply to $1" >&2; return 1; }
  sed -i.orig $'s|->\'$\\._id\'|->\'_id\'|' "$metadata" && rm -f "$metadata.orig"
  sed -i.orig "s/$before/$after/" "$collection" && rm -f "$collection.orig"
  grep -qF "IDColumn = DefaultColumn + \"->'_id'\"" "$metadata" && [ "$(grep -cF "$after" "$collection")" = 2 ] \
    || { echo "the SQLite _id patch did not apply to $1" >&2; return 1; }
}

build() {
  (cd tools/ferretdb && go mod download github.com/FerretDB/FerretDB) || return 1
  module_dir=$(cd tools/ferretdb && go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB) || return 1
  rm -rf "$src" && mkdir -p .tools/src .tools/bin && cp -r "$module_dir" "$src" && chmod -R u+w "$src" || return 1
  patch_sqlite_id_lookups "$src" || return 1
  echo "$built" > "$src/build/version/version.txt"
  # What costs the time with empty caches is compiling (about 4 CPU-minutes, a third of it modernc.org's SQLite in C
  # translated to Go, one package after another), so: CGO_ENABLED=0 (that SQLite is pure Go: no C compiler runs, and
  # the standard library's cgo packages are not built); no DWARF, which the compiler would write for every package
  # and the linker throw away (-dwarf=false, -s -w: about 9 % less CPU on the largest package; panics still print
  # functions and lines); -buildvcs=false: the copy sits inside this repository's work tree, whose commit is not
  # FerretDB's. Figures: docs/benchmarks.md#the-first-command-on-a-fresh-machine.
  (cd "$src" && CGO_ENABLED=0 go build -trimpath -buildvcs=false -gcflags=all=-dwarf=false -ldflags='-s -w' -o "../../bin/ferretdb" ./cmd/ferretdb)
}
if build >"$log" 2>&1; then
  echo "bootstrap: FerretDB $built built ($binary) in $((SECONDS / 60))m$(printf %02d $((SECONDS % 60)))s" >&2
  rm -f "$log"
  mkdir -p "$(dirname "$cached")" && cp "$binary" "$cached.partial.$$" && mv "$cached.partial.$$" "$cached" || rm -f "$cached.partial.$$"
else
  echo "bootstrap: FerretDB not built (go build failed: $(tail -n 1 "$log")); its test suites will be reported as not run" >&2
  rm -f "$log"
  exit 1
fi
