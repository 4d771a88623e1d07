#!/usr/bin/env bash
# Sets up what only the tests need, once, and says in one line what it does:
# - Debian packages, each named with the command that shows it is there (installed with apt as root; otherwise one
#   line saying which tests will skip):
#   - curl, jq: the README's walk-through uses them, and a test runs the README's shell blocks;
#   - redis-server: one rate-limit test starts it to prove that two instances share a limit (skipped without it);
#   - qpdf, poppler-utils (pdffonts, pdftotext, pdftoppm), epubcheck: the document tests check every PDF and EPUB;
#   - chromium: the studio's browser tests and the lead magnet page's accessibility test (playwright-core drives it).
#   Without them those tests skip with one line; in CI (CI set) the README, document and browser tests fail instead.
# - SeaweedFS (scripts/build-seaweedfs.sh): the S3 adapter's tests run against it, and say they did not run without it.
# `pnpm test` runs it first (scripts/test-all.mjs); scripts/bootstrap.sh starts it in the background once everything
# `pnpm start` needs is ready (--background), so that the first command on a fresh machine does not wait for a browser
# and an object store it does not use. Two runs never work at once: the second waits for the first (flock), then finds
# the work done. Always exits 0: a missing tool is the tests' to report.
#   scripts/setup-test-tools.sh [--background]
# --background: print one line naming what is missing, do the rest detached at nice 19 with its output in
# .tools/test-tools.log, and return at once (prints nothing when nothing is missing).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tools
log=.tools/test-tools.log
pidfile=.tools/test-tools.pid

# The small ones first: the walk-through after `pnpm start` needs curl and jq, and they take seconds.
WALKTHROUGH=(curl:curl jq:jq redis-server:redis-server)
VALIDATORS=(qpdf:qpdf pdftotext:poppler-utils epubcheck:epubcheck chromium:chromium)
missing() {
  local pair
  for pair in "$@"; do command -v "${pair%%:*}" >/dev/null 2>&1 || printf '%s\n' "${pair#*:}"; done
}
can_apt() { command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; }

if [ "${1:-}" = --background ]; then
  packages=$(missing "${WALKTHROUGH[@]}" "${VALIDATORS[@]}" | tr '\n' ' ')
  seaweedfs=""
  # Without Go, bootstrap has said so already (FerretDB's line), and there is nothing to build.
  command -v go >/dev/null 2>&1 && ! scripts/build-seaweedfs.sh --check && seaweedfs="SeaweedFS"
  if [ -z "$packages$seaweedfs" ]; then exit 0; fi
  what=${packages:+Debian packages ${packages% }}${packages:+${seaweedfs:+, }}$seaweedfs
  if [ -n "$packages" ] && ! can_apt && [ -z "$seaweedfs" ]; then
    echo "bootstrap: ${packages% } not found; the tests that need them will be skipped (install them to run them)" >&2
    exit 0
  fi
  # The lock is taken here and handed to the detached run (its fd 9), so that a `pnpm test` started right after
  # bootstrap finds it taken and waits, however soon it starts. A run already under way is left to finish.
  if command -v flock >/dev/null 2>&1; then
    exec 9>.tools/test-tools.lock
    flock -n 9 || exit 0
  fi
  echo "bootstrap: setting up what only the tests need ($what) in the background at nice 19; log: $log (pnpm test waits for it)" >&2
  # setsid: its own process group, which `pnpm test` may renice when it has to wait; nothing of it holds the terminal.
  LARDER_TEST_TOOLS_LOCKED=1 setsid nice -n 19 scripts/setup-test-tools.sh >"$log" 2>&1 </dev/null &
  echo $! >"$pidfile" # its process group (setsid did not fork: this subshell leads no group); it writes it again
  exit 0
fi

# One at a time: a later run waits for an earlier one (the background run bootstrap started), at full priority.
if [ -n "${LARDER_TEST_TOOLS_LOCKED:-}" ]; then
  unset LARDER_TEST_TOOLS_LOCKED
  ps -o pgid= -p $$ | tr -d ' ' >"$pidfile"
elif command -v flock >/dev/null 2>&1; then
  exec 9>.tools/test-tools.lock
  if ! flock -n 9; then
    echo "test tools: waiting for the set-up that bootstrap started in the background (log: $log)" >&2
    # Back to normal priority: the tests wait for it now. Only root may lower a niceness; without it, it stays at 19.
    [ -s "$pidfile" ] && renice -n 0 -g "$(cat "$pidfile")" >/dev/null 2>&1
    flock 9
  fi
  ps -o pgid= -p $$ | tr -d ' ' >"$pidfile"
fi

install_packages() {
  local purpose=$1
  shift
  local wanted
  wanted=$(missing "$@" | tr '\n' ' ')
  wanted=${wanted% }
  [ -z "$wanted" ] && return 0
  if ! can_apt; then
    echo "test tools: $wanted not found; the tests that need them will be skipped (install them to run them)" >&2
    return 0
  fi
  echo "test tools: installing $wanted (Debian packages: $purpose)" >&2
  # shellcheck disable=SC2086 # one word per package
  { [ -n "${apt_updated:-}" ] || apt-get update -qq; } && apt_updated=1 \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $wanted >/dev/null \
    || echo "test tools: could not install $wanted; the tests that need them will be skipped" >&2
}
install_packages "the README's walk-through and the shared rate limit" "${WALKTHROUGH[@]}"
install_packages "the document validators and the browser" "${VALIDATORS[@]}"
scripts/build-seaweedfs.sh --check 2>/dev/null || scripts/build-seaweedfs.sh || true
rm -f "$pidfile"
exit 0
