/**
 * What the HTTP layer costs, side by side, in one run:
 *   1. a bare Fastify route returning the same recipe JSON (no auth, no schema, no hooks);
 *   2. the real `GET /api/recipes/{id}` on in-memory repositories: token check, sliding refresh, per-user rate limit
 *      (high enough never to trigger), validation, schema serialisation, security headers;
 *   3. the same endpoint, and a search (`GET /api/recipes?q=...`), on the embedded database engine.
 *
 *   cd bench && node --import tsx --conditions=source http.ts [--seconds 5] [--rounds 3] [--connections 32] [--skip-mongo]
 *     [--engine jongodb|ferretdb|...] [--engine-only] [--profile read.cpuprofile] [--profile-search search.cpuprofile] [--log]
 *   (then: node profile-breakdown.mjs read.cpuprofile; a search profile opens in Chrome DevTools or speedscope)
 *
 * `--engine` pins the embedded engine (default: jongodb, the engine of the search target; `any` takes the first the
 * chain can start); `--engine-only` measures only its two rows (the read target is then not judged).
 *
 * The load generator (autocannon) runs in its own process; the servers share this one, one at a time under load.
 * Besides requests per second, each row shows the server's CPU time per request, which other load on the machine
 * disturbs less. The target: (2) reaches at least 75% of (1)'s requests per second, and (2)'s CPU per request is at
 * most 1 / 0.75 of (1)'s; the last line says met / NOT met. Compare rows of one run.
 */
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import type * as MongoAdapters from '@larder/adapters-mongo';
import {
  addUser,
  createRecipe,
  newRecipe,
  inlineRenderQueue,
  parseRecipeDraft,
  systemClock,
  type ProductRepository,
  type Recipe,
  type RecipeRepository,
  type UserRepository,
} from '@larder/domain';
import {
  InMemoryFileStore,
  InMemoryApiKeyRepository,
  InMemoryBrowserSessionRepository,
  InMemoryIdempotencyStore,
  InMemoryProductRepository,
  InMemoryRecipeRepository,
  InMemoryUserRepository,
  plainTextHasher,
  sequentialIds,
} from '@larder/domain/testing';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { buildApp } from '@larder/http-fastify';
import pino from 'pino';
import { noPublishing } from './support/no-publishing.js';

// The bare route must run on the very Fastify the service uses: load it from the service package (the bench package
// does not depend on fastify itself).
type FastifyInstance = Awaited<ReturnType<typeof buildApp>>;
const Fastify = createRequire(import.meta.resolve('@larder/http-fastify'))('fastify') as (options: { logger: boolean }) => FastifyInstance;

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SECONDS = option('seconds', 5);
const ROUNDS = option('rounds', 3);
const CONNECTIONS = option('connections', 32);
const LIBRARY_SIZE = option('library', 500);
/** `--profile FILE`: after the rounds, a CPU profile of this process while the real read is under load. */
const PROFILE = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : undefined;
/** `--profile-search FILE`: the same, of the search on the embedded engine. */
const PROFILE_SEARCH = args.includes('--profile-search') ? args[args.indexOf('--profile-search') + 1] : undefined;
const ENGINE = args.includes('--engine') ? (args[args.indexOf('--engine') + 1] ?? 'jongodb') : 'jongodb';
const ENGINE_ONLY = args.includes('--engine-only');
/**
 * `--log`: the real app logs its requests at `info` as the service does (fastify's request lines through pino, in
 * batches of 4 KB written synchronously), to /dev/null; without it, no log at all.
 */
const LOG = args.includes('--log');
const SEARCH = 'chicken lem';
/** The real read's share of the bare route's requests per second, and of its CPU per request (bare / real). */
const TARGET_RATIO = 0.75;

const RECIPE_INPUT = {
  title: 'Lemon Garlic Roast Chicken',
  description: 'A weeknight roast with crisp skin and a bright pan sauce.',
  servings: 4,
  prep_time_minutes: 15,
  cook_time_minutes: 60,
  dietary_tags: ['gluten-free', 'dairy-free'],
  cuisine: 'Mediterranean',
  meal_type: 'dinner',
  season: 'autumn',
  email_ready: true,
  engagement_score: 87.5,
  ingredients: [
    '1 whole chicken (about 4 lb)', '2 lemons, halved', '1 head garlic, halved crosswise', '2 tbsp olive oil',
    '1 1/2 tsp kosher salt', '½ tsp black pepper', '4 sprigs thyme', '1 cup chicken stock', '2-3 shallots, sliced', 'parsley to serve',
  ],
  instructions: ['Heat the oven to 425°F.', 'Rub the chicken with oil, salt and pepper.', 'Roast with lemons, garlic and thyme for 60 minutes.', 'Rest, then make a pan sauce with the stock.'],
  notes: 'Leftovers make excellent chicken salad.',
};

const WORDS = ['chicken', 'lemon', 'garlic', 'tomato', 'basil', 'rice', 'bean', 'squash', 'apple', 'ginger', 'pork', 'tofu', 'noodle', 'curry', 'salad', 'soup'];

/** Recipes with varied titles and ingredients, a few of them matching the search. */
function library(size: number): Recipe[] {
  const ids = sequentialIds('lib');
  return Array.from({ length: size }, (_, index) => {
    const pick = (offset: number) => WORDS[(index * 7 + offset * 3) % WORDS.length] ?? 'salt';
    const content = parseRecipeDraft({
      title: `${pick(0)} ${pick(1)} ${pick(2)} number ${index}`,
      servings: 2 + (index % 6),
      ingredients: [`2 cups ${pick(3)}`, `1 tbsp ${pick(4)}`, `${1 + (index % 3)} cloves garlic`],
      engagement_score: index % 100,
    })._unsafeUnwrap();
    return newRecipe(ids.next(), content, new Date(Date.UTC(2026, 0, 1) + index * 60_000));
  });
}

/**
 * Requests the servers of this process are still answering, and calls to their stores still pending. When
 * autocannon stops, the requests it leaves open are still being served (a slow search keeps the database busy for
 * seconds after, though its client has gone): each measurement waits until they are done, and counts their CPU,
 * so that a round never runs on the previous one's leftovers.
 */
let inFlight = 0;
function trackRequests(app: { server: Server }): void {
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
    });
  });
}
/** `store` with each call that returns a promise counted in `inFlight` until it settles. */
function trackCalls<T extends object>(store: T): T {
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...callArgs: unknown[]) => {
        const result: unknown = Reflect.apply(value, target, callArgs);
        if (typeof result === 'object' && result !== null && 'then' in result) {
          inFlight += 1;
          void Promise.resolve(result as PromiseLike<unknown>).then(
            () => (inFlight -= 1),
            () => (inFlight -= 1),
          );
        }
        return result;
      };
    },
  });
}
async function drained(): Promise<void> {
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

interface Stores {
  readonly recipes: RecipeRepository;
  readonly products: ProductRepository;
  readonly users: UserRepository;
}

/** Seeds a store with the bench recipe, a library and one user; returns the recipe and a token for that user. */
async function serveApi(stores: Stores, trackStores = false): Promise<{ app: FastifyInstance; recipe: Recipe; token: string; url: string }> {
  const ids = sequentialIds(`bench-${Date.now()}`);
  const recipe = (await createRecipe({ recipes: stores.recipes, clock: systemClock, ids })(RECIPE_INPUT))._unsafeUnwrap();
  const outcomes = (await stores.recipes.saveBatch(library(LIBRARY_SIZE).map((item) => ({ kind: 'insert' as const, recipe: item }))))._unsafeUnwrap();
  if (!outcomes.every((outcome) => outcome === 'written')) throw new Error('library not seeded');
  (await addUser({ users: stores.users, hasher: plainTextHasher, clock: systemClock, ids })({ email: 'bench@example.com', password: 'bench password' }))._unsafeUnwrap();
  const app = await buildApp({
    publishing: noPublishing(),
    apiKeys: new InMemoryApiKeyRepository(),
    browserSessions: new InMemoryBrowserSessionRepository(),
    // Counted on the database only: the in-memory rows' figures stay those of the service alone.
    ...(trackStores ? { recipes: trackCalls(stores.recipes), products: trackCalls(stores.products), users: trackCalls(stores.users) } : stores),
    clock: systemClock,
    ids,
    hasher: plainTextHasher,
    idempotency: new InMemoryIdempotencyStore(),
    rendering: inlineRenderQueue(createDocumentRenderer()),
    files: new InMemoryFileStore(),
    readiness: async () => true,
    logger: LOG ? { level: process.env['BENCH_LOG_LEVEL'] ?? 'info', stream: pino.destination({ dest: '/dev/null', sync: true, minLength: 4096 }) } : false,
    config: {
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
      rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
      salesPlatforms: ['etsy', 'gumroad'],
      corsOrigins: '*',
    },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  trackRequests(app);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bench@example.com', password: 'bench password' } });
  return { app, recipe, token: login.json<{ token: string }>().token, url };
}

async function serveBare(recipe: Recipe): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/recipe', async () => recipe);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  trackRequests(app);
  return { app, url };
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
}

interface Row {
  readonly name: string;
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpuMicros: number;
  /** CPU of the engine's process (the embedded engine runs under this one), a request; undefined off Linux. */
  readonly engineCpuMicros?: number | undefined;
  readonly bytes: number;
  readonly errors: number;
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

/** autocannon in a child process, so that the server's CPU time (this process) is the server's alone. */
function cannon(target: Target, seconds: number): Promise<CannonResult> {
  const headerArgs = Object.entries(target.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const argv = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), ...headerArgs, target.url];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, argv, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error === null ? resolve(JSON.parse(stdout) as CannonResult) : reject(new Error(`autocannon: ${error.message}`)),);
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU microseconds used so far by this process's descendants that are still running, from /proc (Linux): the
 * embedded database engine's (a grandchild, behind the shell that ties its life to ours), which
 * `process.cpuUsage()` leaves out. autocannon, a child too, is not running before a round nor after it, so it is in
 * neither reading. Undefined where /proc cannot tell.
 */
function descendantsCpuMicros(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const processes: { pid: number; parent: number; ticks: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid ... utime stime: fields 4, 14 and 15, counted after the command's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.push({ pid: Number(entry), parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const ours = new Set([process.pid]);
  let total = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const { pid, parent, ticks } of processes) {
      if (ours.has(pid) || !ours.has(parent)) continue;
      ours.add(pid);
      total += (ticks * 1e6) / CLOCK_TICKS_PER_SECOND;
      grew = true;
    }
  }
  return total;
}

async function measureOnce(target: Target): Promise<Omit<Row, 'bytes'>> {
  const childrenBefore = descendantsCpuMicros();
  const before = process.cpuUsage();
  const result = await cannon(target, SECONDS);
  await drained();
  const cpu = process.cpuUsage(before);
  const childrenAfter = descendantsCpuMicros();
  const requests = Math.max(1, result.requests.total);
  return {
    name: target.name,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicros: (cpu.user + cpu.system) / requests,
    engineCpuMicros: childrenBefore === undefined || childrenAfter === undefined ? undefined : (childrenAfter - childrenBefore) / requests,
    errors: result.non2xx + result.errors,
  };
}

/**
 * Every target is measured ROUNDS times, interleaved (A B C, A B C, ...), and keeps its best round: on a shared
 * machine, other load only ever makes a round slower.
 */
async function measureAll(targets: readonly Target[]): Promise<Row[]> {
  const bytes: number[] = [];
  for (const target of targets) {
    const check = await fetch(target.url, { headers: target.headers ?? {} });
    if (check.status !== 200) throw new Error(`${target.name}: ${check.status} ${await check.text()}`);
    bytes.push((await check.arrayBuffer()).byteLength);
    await cannon(target, 2); // warm-up: JIT, caches
    await drained();
  }
  const best: (Omit<Row, 'bytes'> | undefined)[] = targets.map(() => undefined);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) {
      const row = await measureOnce(target);
      process.stderr.write(`  round ${round}: ${target.name}: ${Math.round(row.requests)} req/s, ${row.cpuMicros.toFixed(0)} µs CPU/request\n`);
      if (best[index] === undefined || row.requests > (best[index]?.requests ?? 0)) best[index] = row;
    }
  }
  return best.map((row, index) => ({ ...(row as Omit<Row, 'bytes'>), bytes: bytes[index] ?? 0 }));
}

interface MongoTargets {
  readonly targets: Target[];
  close(): Promise<void>;
}

async function mongoTargets(): Promise<MongoTargets | string> {
  let adapters: typeof MongoAdapters;
  try {
    adapters = await import('@larder/adapters-mongo');
  } catch (error) {
    return `skipped: @larder/adapters-mongo did not load (${error instanceof Error ? error.message : String(error)})`;
  }
  const engines = ENGINE === 'any' ? undefined : [ENGINE as MongoAdapters.EmbeddedEngineName];
  const handle = await adapters.openDatabase({ dbName: `bench_${Date.now()}`, engines, logger: (line) => process.stderr.write(`  ${line}\n`) });
  try {
    (await adapters.ensureIndexes(handle.db))._unsafeUnwrap();
    const api = await serveApi(adapters.createMongoRepositories(handle.db), true);
    const headers = { authorization: `Bearer ${api.token}` };
    return {
      targets: [
        { name: `GET /api/recipes/{id}, ${handle.engine}`, url: `${api.url}/api/recipes/${api.recipe.id}`, headers },
        { name: `GET /api/recipes?q=${SEARCH}, ${handle.engine}`, url: `${api.url}/api/recipes?q=${encodeURIComponent(SEARCH)}`, headers },
      ],
      close: async () => {
        await api.app.close();
        await handle.close();
      },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A CPU profile (sampled every 100 µs) of the server while one target is under load, written to `file`. */
async function profile(target: Target, file: string): Promise<void> {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await cannon(target, SECONDS);
  await drained();
  const { profile: recorded } = await session.post('Profiler.stop');
  session.disconnect();
  await writeFile(file, JSON.stringify(recorded));
  console.log(`CPU profile of ${target.name} under load: ${file}`);
}

function print(rows: readonly Row[], notes: readonly string[]): void {
  const baseline = ENGINE_ONLY ? undefined : rows[0]?.requests;
  const pad = (text: string, width: number) => text.padEnd(width);
  const left = (text: string, width: number) => text.padStart(width);
  const width = Math.max(...rows.map((row) => row.name.length)) + 2;
  console.log(
    `\nHTTP bench: best of ${ROUNDS} interleaved ${SECONDS} s rounds, ${CONNECTIONS} connections, autocannon in its own process; ` +
      `${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}, Node ${process.version}; library of ${LIBRARY_SIZE + 1} recipes`,
  );
  console.log(`${pad('', width)}${left('req/s', 8)}${left('p50 ms', 8)}${left('p99 ms', 8)}${left('CPU µs/req', 11)}${left('engine µs/req', 14)}${left('bytes', 7)}${left('vs bare', 9)}${left('non-2xx', 9)}`);
  for (const row of rows) {
    console.log(
      pad(row.name, width) +
        left(String(Math.round(row.requests)), 8) +
        left(String(row.p50), 8) +
        left(String(row.p99), 8) +
        left(row.cpuMicros.toFixed(0), 11) +
        left(row.engineCpuMicros === undefined || row.engineCpuMicros === 0 ? '' : row.engineCpuMicros.toFixed(0), 14) +
        left(String(row.bytes), 7) +
        left(baseline === undefined ? '' : `${Math.round((row.requests / baseline) * 100)}%`, 9) +
        left(String(row.errors), 9),
    );
  }
  for (const note of notes) console.log(note);
}

process.stderr.write('starting servers\n');
const memory = await serveApi({ recipes: new InMemoryRecipeRepository(), products: new InMemoryProductRepository(), users: new InMemoryUserRepository() });
const bare = await serveBare(memory.recipe);
const auth = { authorization: `Bearer ${memory.token}` };
const targets: Target[] = ENGINE_ONLY
  ? []
  : [
      { name: 'bare Fastify route, same recipe JSON', url: `${bare.url}/recipe` },
      { name: 'GET /api/recipes/{id}, in-memory', url: `${memory.url}/api/recipes/${memory.recipe.id}`, headers: auth },
      { name: `GET /api/recipes?q=${SEARCH}, in-memory`, url: `${memory.url}/api/recipes?q=${encodeURIComponent(SEARCH)}`, headers: auth },
    ];
const notes: string[] = [];
let mongo: MongoTargets | undefined;
if (args.includes('--skip-mongo')) notes.push('embedded engine: skipped (--skip-mongo)');
else {
  const opened = await mongoTargets();
  if (typeof opened === 'string') notes.push(`embedded engine: ${opened}`);
  else {
    mongo = opened;
    targets.push(...opened.targets);
  }
}

/**
 * Issue 16's search target on the embedded engine (jongodb), 501 recipes: at least 5× the 106 req/s measured on
 * 2026-11-23, when the read by id on the same engine did 2,541 req/s in the same run. On a shared machine the fairer
 * form is the same-run ratio: the search's req/s at least 5 × 106 / 2,541 = 20.9% of the read's on the same engine.
 */
const SEARCH_BEFORE = { search: 106, read: 2541 };
const SEARCH_FACTOR = 5;

function searchTargetNotes(rows: readonly Row[]): string[] {
  const engineRead = rows.find((row) => row.name.startsWith('GET /api/recipes/{id}, ') && !row.name.endsWith('in-memory'));
  const engineSearch = rows.find((row) => row.name.startsWith('GET /api/recipes?q=') && !row.name.endsWith('in-memory'));
  if (engineRead === undefined || engineSearch === undefined) return [];
  const engine = engineSearch.name.slice(engineSearch.name.lastIndexOf(', ') + 2);
  const floor = SEARCH_FACTOR * SEARCH_BEFORE.search;
  const ratioFloor = (SEARCH_FACTOR * SEARCH_BEFORE.search) / SEARCH_BEFORE.read;
  const ratio = engineSearch.requests / engineRead.requests;
  const judged = engine === 'jongodb' ? '' : ` (the target is judged on jongodb; this run used ${engine})`;
  return [
    `target: search on the embedded engine at >= ${SEARCH_FACTOR}× ${SEARCH_BEFORE.search} req/s = ${floor} req/s: ` +
      `${Math.round(engineSearch.requests)} req/s (${(engineSearch.requests / SEARCH_BEFORE.search).toFixed(1)}×), ` +
      `${engineSearch.cpuMicros.toFixed(0)} µs of the service's CPU a search` +
      `${engineSearch.engineCpuMicros === undefined ? '' : ` and ${engineSearch.engineCpuMicros.toFixed(0)} µs of the engine's`}, ` +
      `p99 ${engineSearch.p99} ms ${engineSearch.requests >= floor ? 'met' : 'NOT met'}${judged}`,
    `target: same run, search at >= ${SEARCH_FACTOR}× its 2026-11-23 share of the read on the same engine (${SEARCH_FACTOR} × ${SEARCH_BEFORE.search} / ${SEARCH_BEFORE.read} = ${(ratioFloor * 100).toFixed(1)}%): ` +
      `${(ratio * 100).toFixed(1)}% (${Math.round(engineSearch.requests)} / ${Math.round(engineRead.requests)} req/s) ${ratio >= ratioFloor ? 'met' : 'NOT met'}${judged}`,
  ];
}

try {
  const rows = await measureAll(targets);
  const bareRow = ENGINE_ONLY ? undefined : rows[0];
  const readRow = ENGINE_ONLY ? undefined : rows[1];
  if (bareRow !== undefined && readRow !== undefined) {
    // Both halves of the target: throughput, and CPU per request (which other load on the machine disturbs less).
    const throughput = readRow.requests / bareRow.requests;
    const cpu = bareRow.cpuMicros / readRow.cpuMicros;
    const met = throughput >= TARGET_RATIO && cpu >= TARGET_RATIO;
    notes.push(
      `target: GET /api/recipes/{id} with every protection at >= ${TARGET_RATIO * 100}% of the bare route's req/s and CPU per request: ` +
        `req/s ${Math.round(throughput * 100)}%, CPU ${Math.round(cpu * 100)}% (bare ${bareRow.cpuMicros.toFixed(0)} µs / real ${readRow.cpuMicros.toFixed(0)} µs) ` +
        `${met ? 'met' : 'NOT met'}`,
    );
  } else notes.push('target: GET /api/recipes/{id} against the bare route: not judged (--engine-only)');
  notes.push(...searchTargetNotes(rows));
  print(rows, notes);
  const read = ENGINE_ONLY ? undefined : targets[1];
  if (PROFILE !== undefined && read !== undefined) await profile(read, PROFILE);
  const search = mongo?.targets[1];
  if (PROFILE_SEARCH !== undefined && search !== undefined) await profile(search, PROFILE_SEARCH);
} finally {
  await bare.app.close();
  await memory.app.close();
  await mongo?.close();
}
