#!/usr/bin/env node
// Runs a package's tests with node:test through tsx. Node 20's runner cannot glob `.ts` files itself,
// so the files are listed here: every `*.test.ts` under `test/` (or the paths given as arguments).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const RESULTS_FILE = '.test-results.tap';

function collect(dir) {
  const found = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...collect(path));
    else if (entry.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

const args = process.argv.slice(2);
const files = args.length > 0 ? args : collect('test');
if (files.length === 0) {
  console.error('no test files under test/');
  process.exit(1);
}
// Spec output for people; a TAP copy in the package folder so that scripts/test-summary.mjs can add up every
// package's counts into one closing line.
const result = spawnSync(
  process.execPath,
  [
    '--import', 'tsx', '--conditions=source', '--test',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${RESULTS_FILE}`,
    ...files,
  ],
  { stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
