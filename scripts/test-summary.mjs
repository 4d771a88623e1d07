#!/usr/bin/env node
// Adds up the TAP results every package's test run left behind (scripts/run-tests.mjs: `.test-results.tap`, and
// `.test-results-alone.tap` for the files that run alone) into one closing line,
// `N passed, N failed, N skipped` (cancelled tests count as failed), after the failed tests themselves (name, place,
// the first lines of the error): the end of a long run's output is the part a CI log keeps. With --reset it removes
// old results first, so a package that did not run cannot be counted from an earlier run.
import { readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const files = readdirSync('packages').flatMap((name) => ['.test-results.tap', '.test-results-alone.tap'].map((file) => join('packages', name, file)));
if (process.argv.includes('--reset')) {
  for (const file of files) rmSync(file, { force: true });
  process.exit(0);
}
const totals = { pass: 0, fail: 0, cancelled: 0, skipped: 0 };
const packages = new Set();
/** Lines kept of each failure's error, and failures shown at most. */
const [ERROR_LINES, FAILURES_SHOWN] = [12, 10];
const failures = [];

/**
 * The failed tests of a TAP file (node's reporter): each `not ok` with its YAML block, apart from suites that failed
 * only because a test in them did (`subtestsFailed`).
 */
function failedTests(text, pkg) {
  const lines = text.split('\n');
  const found = [];
  lines.forEach((line, at) => {
    const failed = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (failed === null) return;
    const indent = failed[1].length;
    const block = [];
    for (let next = at + 1; next < lines.length; next += 1) {
      const text = lines[next];
      if (text.trim() === '...' && text.length - text.trimStart().length === indent + 2) break;
      block.push(text.slice(indent + 2));
    }
    const yaml = block.join('\n');
    if (/^failureType: 'subtestsFailed'$/m.test(yaml)) return;
    const location = /^location: '(.*)'$/m.exec(yaml)?.[1] ?? '';
    const error = /^error: \|-\n((?: {2}.*\n?)*)/m.exec(yaml)?.[1]?.split('\n').map((row) => row.slice(2)) ?? [/^error: (.*)$/m.exec(yaml)?.[1] ?? ''];
    found.push({ pkg, name: failed[2], location, error: error.filter((row) => row.trim() !== '').slice(0, ERROR_LINES) });
  });
  return found;
}
for (const file of files.filter((path) => existsSync(path))) {
  packages.add(dirname(file));
  const text = readFileSync(file, 'utf8');
  for (const key of Object.keys(totals)) {
    const match = text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'));
    totals[key] += match ? Number(match[1]) : 0;
  }
  failures.push(...failedTests(text, dirname(file)));
}
if (failures.length > 0) {
  console.log(`\nfailed tests (${failures.length}${failures.length > FAILURES_SHOWN ? `, the first ${FAILURES_SHOWN}` : ''}):`);
  for (const failure of failures.slice(0, FAILURES_SHOWN)) {
    console.log(`✖ ${failure.pkg}: ${failure.name}\n    at ${failure.location}`);
    for (const row of failure.error) console.log(`    ${row}`);
  }
}
console.log(`\ntests of ${packages.size} packages:`);
// A cancelled test (a timeout, a crashed file) did not pass: it counts as failed.
const failed = totals.fail + totals.cancelled;
console.log(`${totals.pass} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(packages.size > 0 && failed === 0 ? 0 : 1);
