/**
 * The README's first command on a fresh machine, `./scripts/bootstrap.sh && pnpm start`, timed until the service is
 * healthy (`GET /readyz` 200). Goal: under 4 minutes on a 2-core machine with empty Go and pnpm caches. Figures
 * printed, met / NOT met; never asserted by tests.
 *
 *   cd bench && node --import tsx fresh-start.ts [--keep-caches] [--keep go,pnpm,tools] [--leave]
 *
 * Clones the repository's committed HEAD into a temporary folder (no node_modules, dist/ or .tools/ carried over:
 * uncommitted changes are not measured) and runs the two commands there as a newcomer would, each output line
 * echoed with the time since the start, then polls /readyz every 250 ms, prints the summary and stops the service.
 * Caches, all empty by default (each in the temporary folder):
 * - go: a private GOPATH, GOCACHE and GOMODCACHE, so that FerretDB's modules are downloaded and every package compiled;
 * - pnpm: a private store and metadata cache (npm_config_store_dir, npm_config_cache_dir);
 * - tools: a private XDG_CACHE_HOME, so that the FerretDB this machine built before (~/.cache/larder/tools) is not
 *   copied in place of a build.
 * `--keep-caches` keeps all three as they are on this machine (a second clone), `--keep go,pnpm` only those named.
 * As on a fresh machine: PostgreSQL is out of reach (LARDER_POSTGRESQL_URL names a closed port), so FerretDB keeps
 * its data on SQLite in the clone's `.larder/data`; the service listens on a free port; MONGODB_URL, REDIS_URL and
 * STORAGE_URL are unset. What this cannot make fresh: Node, Go and the Debian packages already installed here
 * (bootstrap no longer waits for those; the background step it starts finds them and builds only SeaweedFS).
 * After the service stops, the bench waits for that background step (the tests' tools) and says when it ended, then
 * removes the folder; `--leave` leaves the folder and the background step as they are instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './support/free-port.js';

const GOAL_MS = 4 * 60_000;
const args = process.argv.slice(2);
const keepAt = args.indexOf('--keep');
const kept = new Set(args.includes('--keep-caches') ? ['go', 'pnpm', 'tools'] : keepAt >= 0 ? (args[keepAt + 1] ?? '').split(',') : []);
const leave = args.includes('--leave');
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const started = Date.now();
const elapsed = (at = Date.now()): string => {
  const seconds = Math.round((at - started) / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};
const load = (): string => loadavg().map((value) => value.toFixed(1)).join(' ');

const work = mkdtempSync(join(tmpdir(), 'larder-fresh-'));
const repo = join(work, 'larder');
const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
if (spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() !== '') {
  console.log(`uncommitted changes in ${ROOT} are not measured: the clone is of ${head.slice(0, 12)}`);
}
for (const command of [['clone', '--quiet', '--no-checkout', ROOT, repo], ['-C', repo, 'checkout', '--quiet', head]]) {
  if (spawnSync('git', command, { stdio: 'inherit' }).status !== 0) throw new Error(`git ${command.join(' ')} failed`);
}

const port = await freePort();
const closedPort = await freePort();
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LARDER_POSTGRESQL_URL: `postgres://postgres@127.0.0.1:${closedPort}/larder` };
for (const name of ['MONGODB_URL', 'REDIS_URL', 'STORAGE_URL', 'LARDER_DATA_DIR', 'CI']) delete env[name];
const machineGoCache = spawnSync('go', ['env', 'GOCACHE'], { encoding: 'utf8' }).stdout.trim();
if (!kept.has('go')) {
  // -modcacherw: the private module cache can be removed afterwards (Go makes it read-only otherwise).
  Object.assign(env, { GOPATH: join(work, 'go'), GOCACHE: join(work, 'go-build'), GOMODCACHE: join(work, 'go', 'pkg', 'mod'), GOFLAGS: '-modcacherw' });
} else if (machineGoCache !== '') {
  env['GOCACHE'] = machineGoCache; // os.UserCacheDir() would follow the private XDG_CACHE_HOME below
}
if (!kept.has('pnpm')) Object.assign(env, { npm_config_store_dir: join(work, 'pnpm-store'), npm_config_cache_dir: join(work, 'pnpm-cache') });
if (!kept.has('tools')) env['XDG_CACHE_HOME'] = join(work, 'cache');
const caches = ['go', 'pnpm', 'tools'].map((name) => `${name} ${kept.has(name) ? 'kept' : 'empty'}`).join(', ');
console.log(`fresh start of ${head.slice(0, 12)} in ${repo} (caches: ${caches}); load average ${load()} on this machine (shared: other work runs beside it)`);

/** Runs a command in the clone, echoing each line with the time; the times of the lines that match `marks`. */
function run(command: string, commandArgs: string[], onLine: (line: string, at: number) => void) {
  const child = spawn(command, commandArgs, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      const at = Date.now();
      console.log(`[+${elapsed(at)}] ${line}`);
      onLine(line, at);
    });
  }
  const exited = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal === null ? 1 : 128))));
  return { child, exited };
}

const marks = new Map<string, number>();
const mark = (name: string, at = Date.now()) => marks.has(name) || marks.set(name, at);
// The CPU bootstrap used, its children included (bash's `times`, second line): what the figure would shrink to on
// an idle machine is bounded by it (two cores), whatever else ran beside it here. The background step is not its
// child (setsid) and is not counted.
const CPU_TIMES = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/;
let bootstrapCpuSeconds: number | undefined;
const bootstrap = run('bash', ['-c', './scripts/bootstrap.sh; status=$?; times; exit $status'], (line, at) => {
  const cpu = CPU_TIMES.exec(line);
  if (cpu !== null) bootstrapCpuSeconds = Number(cpu[1]) * 60 + Number(cpu[2]) + Number(cpu[3]) * 60 + Number(cpu[4]); // the last such line: the children's
  if (/^Done in /.test(line)) mark('pnpm install', at);
  if (/FerretDB .*(built|copied)/.test(line)) mark('FerretDB', at);
  if (/JavaScript and the studio built/.test(line)) mark('JavaScript and studio', at);
  if (/in the background/.test(line)) mark('background started', at);
});
const bootstrapStatus = await bootstrap.exited;
mark('bootstrap');
if (bootstrapStatus !== 0) {
  console.log(`bootstrap failed (exit ${bootstrapStatus}) after ${elapsed()}: NOT met; the clone is left in ${repo}`);
  process.exit(1);
}

let engine = '';
const service = run('pnpm', ['start'], (line, at) => {
  const engineLine = /database engine: (\S+)/.exec(line);
  if (engineLine !== null) engine = engineLine[1] ?? '';
  if (/listening on http/.test(line)) mark('listening', at);
});
const stopService = () => {
  const { pid, exitCode, signalCode } = service.child;
  // The whole group (pnpm, its shell, the service, FerretDB), once: it may be gone by the time the process exits.
  if (pid !== undefined && exitCode === null && signalCode === null) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('exit', stopService);
let healthyAt: number | undefined;
const startedService = Date.now();
while (healthyAt === undefined && service.child.exitCode === null && Date.now() - startedService < 10 * 60_000) {
  const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
  if (answer?.status === 200) healthyAt = Date.now();
  else await new Promise((resolve) => setTimeout(resolve, 250));
}
const loadAtHealthy = load();
stopService();
await service.exited;

const since = (from: number | undefined, to: number | undefined): string => (from === undefined || to === undefined ? '?' : `${Math.round((to - from) / 1000)}s`);
const at = (name: string): string => (marks.has(name) ? `+${elapsed(marks.get(name))}` : 'not seen');
const bootstrapDone = marks.get('bootstrap');
console.log('');
console.log(`bootstrap ${elapsed(bootstrapDone)}: pnpm install done at ${at('pnpm install')}, FerretDB at ${at('FerretDB')} (beside the install), the JavaScript and the studio at ${at('JavaScript and studio')}`);
console.log(`bootstrap's CPU (user + system, its children included): ${bootstrapCpuSeconds === undefined ? '?' : `${Math.round(bootstrapCpuSeconds)} s`}`);
console.log(`pnpm start ${since(bootstrapDone, healthyAt)}: listening at ${at('listening')}, engine ${engine || 'not said'}`);
if (!engine.startsWith('ferretdb')) console.log(`the service did not start on FerretDB (${engine || 'no engine line'}): not the start this bench measures`);
const met = healthyAt !== undefined && healthyAt - started < GOAL_MS && engine.startsWith('ferretdb');
console.log(`time to healthy (/readyz 200) with caches ${caches}: ${healthyAt === undefined ? 'never' : elapsed(healthyAt)}, goal < 4m00s: ${met ? 'met' : 'NOT met'} (load average ${loadAtHealthy} then)`);

if (leave) {
  console.log(`left in ${work} (the background step, if any, still runs there)`);
} else {
  if (marks.has('background started')) {
    // The background step holds this lock while it works (scripts/setup-test-tools.sh).
    const lock = join(repo, '.tools', 'test-tools.lock');
    if (existsSync(lock)) spawnSync('flock', [lock, 'true']);
    const log = join(repo, '.tools', 'test-tools.log');
    console.log(`the tests' tools, set up in the background, ready at +${elapsed()}:`);
    if (existsSync(log)) console.log(readFileSync(log, 'utf8').trimEnd());
  }
  rmSync(work, { recursive: true, force: true });
}
process.exit(met ? 0 : 1);
