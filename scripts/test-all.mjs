#!/usr/bin/env node
// `pnpm test`: every check, in three phases, then one line adding the tests up (scripts/test-summary.mjs).
//   1. the packages' JavaScript (scripts/build-js.mjs: esbuild, file by file, about a second), so that the CLI and
//      the service start from dist/ (LARDER_TEST_BUILT=1) and the tests that run `pnpm start` or `pnpm cli` find it;
//      beside it the studio (scripts/build-studio.mjs: Vite, when its inputs changed), which the studio's browser
//      tests load from the service, and which `pnpm start` then finds up to date; and beside both, what only the tests
//      need (scripts/setup-test-tools.sh: the Debian packages they run and SeaweedFS, installed or built the first
//      time, or waited for when bootstrap started that in the background; a few seconds of checks afterwards);
//   2. typecheck and lint (scripts/check.mjs: the whole repository in one process) beside every package's tests
//      (scripts/run-tests.mjs) in two lanes, the packages largest first, each lane taking the next when its own ends;
//   3. the test files that assert real time (`// run-tests: alone`), one at a time in their package, with nothing
//      else running but the render pool's (see below).
// The typecheck is not a build's: `tsc -b` would check every package's sources a second time (a minute of both cores);
// `pnpm build` still emits declarations for anyone consuming dist/.
// A failure stops nothing: every phase runs and reports, and the exit status is the first failure's (after a failed
// build the tests start the CLI and the service from their sources). Each phase's time is printed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Whether a test folder holds a file marked `// run-tests: alone` (the marker scripts/run-tests.mjs reads). */
function hasAloneFile(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return hasAloneFile(path);
    return entry.endsWith('.test.ts') && /^\/\/ run-tests: alone\b/m.test(readFileSync(path, 'utf8'));
  });
}

function node(args, env = process.env) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}
/**
 * A package's tests: its `test` script (`node ../../scripts/run-tests.mjs …`) run in its folder with `args` added, each
 * line of its output led by the package's name (`@larder/web:test: `), as turbo wrote them when it ran them. Not
 * through turbo and pnpm: with its cache off (tests are not cached), turbo only started pnpm, which started the
 * script, two more processes per package and phase (11 s of CPU in a run).
 */
function runPackage(name, args, env) {
  const { name: packageName, scripts } = packageJson(name);
  const [command, ...scriptArgs] = scripts.test.split(' ');
  if (command !== 'node') throw new Error(`test-all: packages/${name}'s test script is not a node command: ${scripts.test}`);
  const child = spawn(process.execPath, [...scriptArgs, ...args], { cwd: join('packages', name), stdio: ['ignore', 'pipe', 'pipe'], env });
  const lead = `${packageName}:test: `;
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${lead}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function phase(name, ...runs) {
  const started = Date.now();
  const statuses = await Promise.all(runs);
  const seconds = Math.round((Date.now() - started) / 1000);
  const failed = statuses.find((status) => status !== 0);
  console.log(`\n${name}: ${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s${failed === undefined ? '' : ` (exit ${failed})`}`);
  return statuses;
}

spawnSync(process.execPath, ['scripts/test-summary.mjs', '--reset'], { stdio: 'inherit' });
const [built, studioBuilt] = await phase(
  "JavaScript of every package, the studio, and the tests' tools",
  node(['scripts/build-js.mjs']),
  node(['scripts/build-studio.mjs']),
  // Always exits 0: a tool still missing is reported by the tests that need it (skipped, or failed in CI).
  new Promise((resolve) => spawn('bash', ['scripts/setup-test-tools.sh'], { stdio: 'inherit' }).on('close', resolve)),
);
// (Every package's tests run with LARDER_BACKGROUND_IDLE=false unless told: scripts/run-tests.mjs says why.)
const env = built === 0 ? { ...process.env, LARDER_TEST_BUILT: '1' } : process.env;
// Renders and image work at the priority of the rest, where the tests wait for them (the two runs below say why).
const atServicePriority = { ...env, LARDER_BACKGROUND_NICE: '0' };
const packageJson = (name) => JSON.parse(readFileSync(join('packages', name, 'package.json'), 'utf8'));
/**
 * The packages' tests, largest first (by their CPU and time in a CI run): two lanes take them in this order, each the
 * next when its own ends, so that the longest starts first and the short ones fill in at the end. Fixed lanes (the
 * service's alone, the others one after another) left one lane running alone for the last two minutes of a run.
 */
const LARGEST_FIRST = ['http-fastify', 'adapters-documents', 'web', 'adapters-mongo', 'cli', 'domain', 'client', 'adapters-images', 'adapters-s3', 'adapters-sales', 'adapters-outbound', 'adapters-mail'];
const rank = (name) => (LARGEST_FIRST.includes(name) ? LARGEST_FIRST.indexOf(name) : LARGEST_FIRST.length);
const tested = readdirSync('packages')
  .filter((name) => existsSync(join('packages', name, 'test')) && packageJson(name).scripts?.test !== undefined)
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
async function lanes(count) {
  const queue = [...tested];
  const statuses = [];
  const lane = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      // The service's renders and image work at the priority of the rest (LARDER_BACKGROUND_NICE=0): in production
      // they yield to requests; here they are the work its tests wait for, and yielding it to the other lane made the
      // whole run a minute longer. The priority itself is tested in adapters-documents and adapters-images.
      statuses.push(await runPackage(name, ['--group', 'together'], name === 'http-fastify' ? atServicePriority : env));
    }
  };
  await Promise.all(Array.from({ length: count }, lane));
  return statuses.find((status) => status !== 0) ?? 0;
}
const [checked, testedTogether] = await phase(
  'typecheck, lint and tests',
  // A larger young generation for the TypeScript programs' millions of short-lived objects: ~8 % less CPU; and the
  // collector on this thread alone: its helper threads took a quarter more CPU than they saved this one (173 → 147 s
  // of CPU on a quiet machine), CPU the tests beside it need.
  node(['--max-semi-space-size=64', '--single-threaded-gc', 'scripts/check.mjs']),
  lanes(2),
);
// The packages with such files, found by their marker (the others would only start and find none). The service's
// and the renderer's run side by side: the renderer's (the pool's time limits) spends its time waiting on worker
// threads that sleep or hang on purpose, and takes little of a core from the service's; the rest one at a time after.
const withAlone = readdirSync('packages').filter((name) => hasAloneFile(join('packages', name, 'test')));
// Renders at the service's own priority here too (LARDER_BACKGROUND_NICE=0): these files race real time limits beside
// the service's, and a render at nice 10 waited its turn past them (the priority itself is tested with the others).
const aloneRun = async (names) => {
  const statuses = [];
  for (const name of names) statuses.push(await runPackage(name, ['--group', 'alone'], atServicePriority));
  return statuses.find((status) => status !== 0) ?? 0;
};
const SIDE_BY_SIDE = ['http-fastify', 'adapters-documents'];
const [testedAlone] = await phase('tests that run alone', (async () => {
  const together = await Promise.all(SIDE_BY_SIDE.filter((name) => withAlone.includes(name)).map((name) => aloneRun([name])));
  const rest = withAlone.filter((name) => !SIDE_BY_SIDE.includes(name));
  const after = rest.length === 0 ? 0 : await aloneRun(rest);
  return [...together, after].find((status) => status !== 0) ?? 0;
})());
const summary = spawnSync(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' });
process.exit([checked, built, studioBuilt, testedTogether, testedAlone, summary.status ?? 1].find((status) => status !== 0) ?? 0);
