#!/usr/bin/env node
// Runs a package's tests with node:test through tsx. Node 20's runner cannot glob `.ts` files itself,
// so the files are listed here: every `*.test.ts` under `test/` (or the paths given as arguments).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

// `--files-at-once N`: how many test files run side by side (node's default on 2 cores is one). For packages whose
// tests are CPU-bound and share nothing (no ports, servers or timings), two use both cores.
const args = process.argv.slice(2);
const atOnceFlag = args.indexOf('--files-at-once');
const atOnce = atOnceFlag === -1 ? undefined : Number(args.splice(atOnceFlag, 2)[1]);
if (atOnce !== undefined && !(Number.isInteger(atOnce) && atOnce >= 1)) {
  console.error('--files-at-once needs a whole number of at least 1');
  process.exit(2);
}
const files = args.length > 0 ? args : collect('test');
if (files.length === 0) {
  console.error('no test files under test/');
  process.exit(1);
}
// The Mongo-backed suites also run on FerretDB when its binary exists (scripts/bootstrap.sh builds it with Go); when
// it does not, one line says so for the package instead of one per suite.
const ferretdbBinary = process.env.FERRETDB_BINARY_PATH || join(dirname(fileURLToPath(import.meta.url)), '..', '.tools', 'bin', 'ferretdb');
const runsOnEngines = files.some((file) => /\b(testEngines|ferretdbTestEngine)\b/.test(readFileSync(file, 'utf8')));
if (runsOnEngines && process.env.LARDER_TEST_FERRETDB !== 'off' && !existsSync(ferretdbBinary)) {
  console.log(`FerretDB suites not run: no FerretDB binary at ${ferretdbBinary} (scripts/bootstrap.sh builds it when Go is installed)`);
}

// Spec output for people; a TAP copy in the package folder so that scripts/test-summary.mjs can add up every
// package's counts into one closing line.
const result = spawnSync(
  process.execPath,
  [
    '--import', 'tsx', '--conditions=source', '--test',
    ...(atOnce === undefined ? [] : [`--test-concurrency=${atOnce}`]),
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${RESULTS_FILE}`,
    ...files,
  ],
  { stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
