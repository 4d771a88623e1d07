#!/usr/bin/env node
// Adds up the TAP results every package's test run left behind (scripts/run-tests.mjs: `.test-results.tap`, and
// `.test-results-alone.tap` for the files that run alone) into one closing line,
// `N passed, N failed, N skipped` (cancelled tests count as failed). With --reset it removes old results first, so a package that did not run
// cannot be counted from an earlier run.
import { readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const files = readdirSync('packages').flatMap((name) => ['.test-results.tap', '.test-results-alone.tap'].map((file) => join('packages', name, file)));
if (process.argv.includes('--reset')) {
  for (const file of files) rmSync(file, { force: true });
  process.exit(0);
}
const totals = { pass: 0, fail: 0, cancelled: 0, skipped: 0 };
const packages = new Set();
for (const file of files.filter((path) => existsSync(path))) {
  packages.add(dirname(file));
  const text = readFileSync(file, 'utf8');
  for (const key of Object.keys(totals)) {
    const match = text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'));
    totals[key] += match ? Number(match[1]) : 0;
  }
}
console.log(`\ntests of ${packages.size} packages:`);
// A cancelled test (a timeout, a crashed file) did not pass: it counts as failed.
const failed = totals.fail + totals.cancelled;
console.log(`${totals.pass} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(packages.size > 0 && failed === 0 ? 0 : 1);
