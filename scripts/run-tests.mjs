#!/usr/bin/env node
// Runs a package's tests with node:test through tsx. Node 20's runner cannot glob `.ts` files itself,
// so the files are listed here: every `*.test.ts` under `test/` (or the paths given as arguments).
//
//   node ../../scripts/run-tests.mjs [--files-at-once N] [--group together|alone] [file ...]
//
// - The MongoDB test engines (the primary one, and FerretDB when a file runs the whole engine matrix) are started
//   once for the run, not once per file, and handed to the files in LARDER_TEST_ENGINES (see
//   packages/adapters-mongo/src/testing/shared-engines.ts). A file run by hand, without this script, starts its own.
// - `--files-at-once N`: how many test files run side by side; 2 unless told (node's own default on 2 cores is one):
//   most files wait on processes, sockets and timers as much as they compute.
// - A file that says `// run-tests: alone` (it asserts real time: deadlines, timeouts, load) runs after the others,
//   one at a time, so that it never shares the cores with the rest of its package. `--group together` runs only the
//   other files, `--group alone` only those: scripts/test-all.mjs runs every package's alone files last, one package
//   at a time, so that they share the machine with nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { setTimeout, clearTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SCRIPTS = dirname(fileURLToPath(import.meta.url));
const ENGINE_HOST = join(SCRIPTS, '..', 'packages', 'adapters-mongo', 'src', 'testing', 'engine-host.ts');
const TIMING_PRELOAD = join(SCRIPTS, 'testing', 'file-timing.mjs');
const RESULTS_FILE = '.test-results.tap';
const ALONE_RESULTS_FILE = '.test-results-alone.tap';
const TIMINGS_FILE = '.test-timings.jsonl';
const ALONE = /^\/\/ run-tests: alone\b/m;
const OWN_PROCESS = /^\/\/ run-tests: own process\b/m;
const CHUNKS_DIR = '.test-chunks';
/** The files each process in CHUNKS_DIR runs, for the report of the slowest. */
const chunkFiles = new Map();

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
const atOnceFlag = args.indexOf('--files-at-once');
const atOnce = atOnceFlag === -1 ? 2 : Number(args.splice(atOnceFlag, 2)[1]);
if (!(Number.isInteger(atOnce) && atOnce >= 1)) {
  console.error('--files-at-once needs a whole number of at least 1');
  process.exit(2);
}
const groupFlag = args.indexOf('--group');
const group = groupFlag === -1 ? undefined : args.splice(groupFlag, 2)[1];
if (group !== undefined && group !== 'together' && group !== 'alone') {
  console.error('--group is together or alone');
  process.exit(2);
}
const found = args.length > 0 ? args : collect('test');
if (found.length === 0) {
  console.error('no test files under test/');
  process.exit(1);
}
const isAlone = (file) => ALONE.test(readFileSync(file, 'utf8'));
const alone = group === 'together' ? [] : found.filter(isAlone);
const together = group === 'alone' ? [] : found.filter((file) => !isAlone(file));
const files = [...together, ...alone];
const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

// A file that starts processes (the CLI, the service, validators, servers) spends its time waiting on them.
const STARTS_PROCESSES = /\b(spawn|spawnSync|execFile|execFileSync|startSpawnedService|spawnService|runCli|runCliFromSources|runProcess|epubCheck|qpdfCheck|startRedisServer|startSeaweedfs)\(/;

/**
 * The files in processes. Files that only compute share processes, a few files each: each process loads the package's
 * modules once (for the service's tests, two of the five seconds of CPU a file took alone). Files that start
 * processes, and those that say `// run-tests: own process`, keep one each, and go first: they take longest, and node
 * fills its slots with the rest around them.
 */
function inProcesses(group, concurrency) {
  const own = group.filter((file) => OWN_PROCESS.test(sources.get(file)) || STARTS_PROCESSES.test(sources.get(file)));
  const shared = group.filter((file) => !own.includes(file));
  const count = Math.min(shared.length, 2 * concurrency);
  if (count <= 1 || shared.length === count) return group;
  // Largest first onto the lightest process (source size stands in for running time).
  const chunks = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  for (const file of [...shared].sort((a, b) => statSync(b).size - statSync(a).size)) {
    const lightest = chunks.reduce((best, chunk) => (chunk.weight < best.weight ? chunk : best));
    lightest.files.push(file);
    lightest.weight += statSync(file).size;
  }
  mkdirSync(CHUNKS_DIR, { recursive: true });
  const written = chunks
    .sort((a, b) => b.weight - a.weight)
    .map((chunk, index) => {
      const path = join(CHUNKS_DIR, `files-${index + 1}.test.ts`);
      const imports = chunk.files.map((file) => `import ${JSON.stringify(pathToFileURL(resolve(file)).href)};`);
      writeFileSync(path, `// Written by scripts/run-tests.mjs: these test files, in one process.\n${imports.join('\n')}\n`);
      chunkFiles.set(resolve(path), chunk.files);
      return path;
    });
  return [...own, ...written];
}

/** Runs `node --test` on `group`; resolves with its exit code. */
function runFiles(group, concurrency, resultsFile, env) {
  if (group.length === 0) return Promise.resolve(0);
  // Spec output for people; a TAP copy in the package folder so that scripts/test-summary.mjs can add up every
  // package's counts into one closing line.
  const child = spawn(
    process.execPath,
    [
      '--import', 'tsx', '--import', TIMING_PRELOAD, '--conditions=source', '--test', `--test-concurrency=${concurrency}`,
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${resultsFile}`,
      ...(resultsFile === RESULTS_FILE ? inProcesses(group, concurrency) : group),
    ],
    { stdio: 'inherit', env },
  );
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/**
 * The engine host (engine-host.ts), once it has printed the engines' URLs; undefined when no file needs an engine.
 * Its stdin is the engines' lifeline: when this process ends, however it ends, they stop.
 */
async function startEngines() {
  const matrix = [...sources.values()].some((text) => /\btestEngines\(\)/.test(text));
  const primary = matrix || [...sources.values()].some((text) => /\b(primaryTestEngine|startTestDatabase|startTestEngine)\(/.test(text));
  if (!primary || (!matrix && (process.env.MONGODB_URL ?? '') !== '')) return undefined;
  const host = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', ENGINE_HOST, ...(matrix ? ['--ferretdb'] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const variable = await new Promise((resolve) => {
    let out = '';
    host.stdout.setEncoding('utf8').on('data', (text) => {
      out += text;
      const line = /^LARDER_TEST_ENGINES=(.*)$/m.exec(out);
      if (line !== null) resolve(line[1]);
    });
    host.on('close', () => resolve(undefined));
  });
  if (variable === undefined) {
    console.error('run-tests: the test engines did not start (see above)');
    process.exit(1);
  }
  host.stdout.resume();
  const stopped = new Promise((resolve) => host.on('close', resolve));
  return {
    variable,
    labels: JSON.parse(variable).map((engine) => engine.label),
    async stop() {
      host.stdin.end();
      const timer = setTimeout(() => host.kill('SIGKILL'), 15_000);
      await stopped;
      clearTimeout(timer);
    },
  };
}

/** The slowest files of this run, for people looking for where the time goes. */
function printSlowest(count) {
  if (!existsSync(TIMINGS_FILE)) return;
  const timings = readFileSync(TIMINGS_FILE, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  timings.sort((a, b) => b.ms - a.ms);
  const name = (file) => {
    const shared = chunkFiles.get(file);
    return shared === undefined ? relative(process.cwd(), file) : `${shared.length} files in one process (${shared.map((path) => relative('test', path)).join(' ')})`;
  };
  const shown = timings.slice(0, count).map(({ file, ms }) => `${(ms / 1000).toFixed(1)} s ${name(file)}`);
  if (shown.length > 0) console.log(`slowest test files: ${shown.join(', ')}`);
}

// A group's run replaces its own results only; the alone group adds its timings to the other group's.
if (group !== 'alone') rmSync(RESULTS_FILE, { force: true });
if (group !== 'together') rmSync(ALONE_RESULTS_FILE, { force: true });
if (group !== 'alone') rmSync(TIMINGS_FILE, { force: true });
if (files.length === 0) process.exit(0);
const engines = await startEngines();
if (engines !== undefined) console.log(`test engines for this run: ${engines.labels.join(', ')} (one each, shared by the test files)`);
const env = {
  ...process.env,
  LARDER_TEST_TIMINGS_FILE: join(process.cwd(), TIMINGS_FILE),
  ...(engines === undefined ? {} : { LARDER_TEST_ENGINES: engines.variable }),
};
let status;
try {
  const togetherStatus = await runFiles(together, atOnce, RESULTS_FILE, env);
  const aloneStatus = await runFiles(alone, 1, ALONE_RESULTS_FILE, env);
  status = togetherStatus !== 0 ? togetherStatus : aloneStatus;
} finally {
  await engines?.stop();
  rmSync(CHUNKS_DIR, { recursive: true, force: true });
}
printSlowest(5);
process.exit(status);
