/**
 * Listing and search over HTTP against the running service, at library scale (figures printed, never asserted).
 *
 *   cd bench && node --import tsx --conditions=source scale-service.ts --engine ferretdb [--records N] [--shape-seconds N]
 *   cd bench && node --import tsx --conditions=source scale-service.ts --engine jongodb --records 100000
 *   cd bench && node --import tsx --conditions=source scale-service.ts --engine ferretdb-sqlite --records 20000
 *
 * Loads N recipes (default 100,000, the same generator as scale.ts) through the import path (NDJSON pipeline,
 * `saveBatch` of 500, as the CLI does) into FerretDB on PostgreSQL (or SQLite: `ferretdb-sqlite`) or the jongodb
 * emulator, then starts the service (`packages/http-fastify/src/main.ts`, a child process, `MONGODB_URL` at that
 * database) and measures, with the targets of issue 27 printed met / NOT met:
 * - ready: from the spawn to `/readyz` 200 (the search index built from the database): < 30 s;
 * - each list/filter/search/deep-page shape of scale.ts over HTTP (`GET /api/recipes`, 20 a page), p50 / p99: < 100 ms;
 * - the service's RSS after the shapes (`VmRSS`, and its peak `VmHWM`): < 1 GiB;
 * - convergence: a second instance on the same database; a recipe created through the first, time until the second
 *   lists it (polled every 10 ms), 10 times: max < 1 s;
 * - ready after a restart of the first instance (SIGTERM, started again from its snapshot and the changes since): < 30 s.
 * - products (listed from their own index, issue 27's "and products"): `--products N` (default 1,000) made through the
 *   domain's `createProduct` into the same database before the first start, then four listing shapes over HTTP
 *   (`GET /api/products`: the first page, a type, a status and type, a deep page), p99 < 100 ms; and a product created
 *   through the first instance, time until the second lists it, 10 times: max < 1 s.
 *
 * - under load (issue 40): each shape again, `--connections` clients at once (default 10, autocannon in its own process,
 *   `--concurrent-seconds` each, default 5), requests a second and p99 beside the single client's figures; target: every
 *   shape at least half the requests a second of the plain first page (`GET /api/recipes`, measured first and last in
 *   the same run; the higher of the two counts) with p99 < 200 ms, printed met / NOT met. The shapes are `SHAPES` and
 *   `MORE_SHAPES` of scale-data.ts (every list, filter, sort and search shape of the contract).
 *
 * `--keep-data DIR`: the database is kept (PostgreSQL database `larder_scale_<records>`, FerretDB's state and the
 * service's snapshot in DIR) and the import skipped when it already holds the recipes, so that the shapes can be
 * measured again sooner (the first start still reads every recipe: FerretDB gets a new port each run, and the
 * snapshot names its database by the URL); `--shapes-only` stops after the shapes (no second instance, no restart).
 * `--cpu-prof DIR`: the first instance is started with `node --cpu-prof` (the profile written at its stop).
 *
 * After the import it prints what a recipe costs the engine: the mean BSON size of stored recipe documents (and of
 * the same without the derived search keys documents used to carry), the recipe indexes and, on FerretDB/PostgreSQL,
 * the recipes table's and its indexes' size. `--import-only` stops there; `--first-start-only` after the first start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { createMongoRepositories, ensureFerretdbPostgresqlIndexes, ensureIndexes, openDatabase, startFerretdb } from '@larder/adapters-mongo';
import { createProduct, systemClock, uuidV7Generator, type RecipeListParams } from '@larder/domain';
import { execFile, execFileSync } from 'node:child_process';
import { BSON, MongoClient, type Db } from 'mongodb';
import { importNdjson } from './import-pipeline.js';
import { MORE_SHAPES, ndjsonChunks, SHAPES, type Shape } from './scale-data.js';
import { SERVICE_ENV, SERVICE_V8_FLAGS } from '../packages/http-fastify/src/v8-flags.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const records = Number(option('--records', '100000'));
const engine = option('--engine', 'ferretdb');
if (!['ferretdb', 'ferretdb-sqlite', 'jongodb'].includes(engine)) {
  throw new Error('--engine takes ferretdb (on PostgreSQL, the default), ferretdb-sqlite or jongodb');
}
const shapeBudgetMs = Number(option('--shape-seconds', '5')) * 1000;
const maxRuns = Number(option('--runs', '200'));
const importOnly = args.includes('--import-only');
const firstStartOnly = args.includes('--first-start-only');
const productCount = Number(option('--products', '1000'));
const connections = Number(option('--connections', '10'));
const concurrentSeconds = Number(option('--concurrent-seconds', '5'));
const keepData = option('--keep-data', '');
const shapesOnly = args.includes('--shapes-only');
/** `--cpu-prof DIR`: the first instance runs with `node --cpu-prof` into DIR (read it with profile-breakdown.mjs). */
const cpuProfDir = option('--cpu-prof', '');
const ALL_SHAPES: readonly Shape[] = [...SHAPES, ...MORE_SHAPES];
const ADMIN = { email: 'bench@example.com', password: 'bench-password-long-enough' };
const TARGETS = { p99Ms: 100, readyS: 30, rssBytes: 1024 ** 3, convergeMs: 1000, loadedRatio: 0.5, loadedP99Ms: 200 };
const SERVICE = new URL('../packages/http-fastify/src/main.ts', import.meta.url).pathname;
const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

interface Service {
  readonly child: ChildProcess;
  readonly url: string;
  readonly readyMs: number;
  readonly log: () => string;
}

/** One snapshot file per instance (`SEARCH_INDEX_SNAPSHOT`), in a directory removed at the end (kept with --keep-data). */
const snapshotDir = keepData === '' ? mkdtempSync(join(tmpdir(), 'larder-scale-')) : join(keepData, 'snapshots');
if (keepData !== '') mkdirSync(snapshotDir, { recursive: true });

async function startService(mongodbUrl: string, port: number, instance: string, profile = false): Promise<Service> {
  const started = performance.now();
  const profiling = profile && cpuProfDir !== '' ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  // With the V8 flags and allocator settings `pnpm start` passes (a smaller young generation, the heap's growth
  // bounded; large blocks given back): the service as run.
  const child = spawn(process.execPath, [...SERVICE_V8_FLAGS, ...profiling, '--import', 'tsx', '--conditions=source', SERVICE], {
    env: {
      ...process.env, ...SERVICE_ENV, MONGODB_URL: mongodbUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', RATE_LIMIT_MAX: '100000000',
      JWT_SECRET: 'scale-service-bench-secret-of-32-bytes-at-least', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
      SEARCH_INDEX_SNAPSHOT: join(snapshotDir, `${instance}.snapshot`),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    log += text;
    for (const line of text.split('\n')) if (/search index/.test(line)) console.log(`  [service :${port}] ${line.replace(/^\[larder\] /, '')}`);
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service stopped:\n${log}`);
    const status = await fetch(`${url}/readyz`).then((response) => response.status, () => 0);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, readyMs: performance.now() - started, log: () => log };
}

async function stopService(service: Service): Promise<void> {
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill('SIGTERM');
  await exited;
}

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

function queryOf(params: RecipeListParams, page: number): string {
  const search = new URLSearchParams({ page: String(page), per_page: '20' });
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  return search.toString();
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

async function timeShape(service: Service, auth: Record<string, string>, shape: Shape): Promise<{ p50: number; p99: number; total: number; runs: number }> {
  return timeUrl(`${service.url}/api/recipes?${queryOf(shape.params, shape.page ?? 1)}`, auth, shape.name);
}

/** The product listings timed: every product, one type, a status and a type, a deep page (20 a page). */
const PRODUCT_SHAPES: readonly { readonly name: string; readonly query: string }[] = [
  { name: 'products, first page', query: 'page=1&per_page=20' },
  { name: 'products of a type', query: 'type=recipe_card_pack&page=1&per_page=20' },
  { name: 'products by status and type', query: 'status=draft&type=ebook&page=2&per_page=20' },
  { name: 'products, deep page', query: 'page=40&per_page=20' },
];

async function timeUrl(url: string, auth: Record<string, string>, name: string): Promise<{ p50: number; p99: number; total: number; runs: number }> {
  const times: number[] = [];
  let total = 0;
  const begun = performance.now();
  for (let run = 0; run <= maxRuns; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: auth });
    const body = (await response.json()) as { pagination?: { total: number } };
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
    if (run > 0) times.push(performance.now() - started);
    total = body.pagination?.total ?? Number.NaN;
    if (times.length >= 20 && performance.now() - begun > shapeBudgetMs) break;
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), total, runs: times.length };
}

async function login(service: Service): Promise<Record<string, string>> {
  const response = await fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

async function convergence(a: Service, b: Service, auth: Record<string, string>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    const word = `convergence${round}x${Date.now().toString(36)}`;
    const created = await fetch(`${a.url}/api/recipes`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title: `Bench ${word}` }) });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const started = performance.now();
    for (;;) {
      const listed = (await (await fetch(`${b.url}/api/recipes?q=${word}`, { headers: auth })).json()) as { pagination: { total: number } };
      if (listed.pagination.total === 1) break;
      if (performance.now() - started > 10_000) throw new Error('the second instance never listed the new recipe');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

/** `count` products (ebooks and recipe card packs of up to 5 recipes) through the domain's use case, as the API makes them. */
async function makeProducts(db: Db, count: number): Promise<void> {
  const repositories = createMongoRepositories(db);
  const recipeIds = (await db.collection<{ _id: string }>('recipes').find({}, { projection: { _id: 1 } }).limit(50).toArray()).map((document) => document._id);
  const make = createProduct({ ...repositories, clock: systemClock, ids: uuidV7Generator, salesPlatforms: ['etsy', 'gumroad'] });
  for (let index = 0; index < count; index += 1) {
    const chosen = recipeIds.slice(index % 45, (index % 45) + 1 + (index % 5));
    const made = await make({ type: index % 3 === 0 ? 'recipe_card_pack' : 'ebook', title: `Bench product ${index + 1}`, recipe_ids: chosen });
    if (made.isErr()) throw new Error(`product ${index + 1}: ${JSON.stringify(made.error)}`);
  }
}

async function productConvergence(a: Service, b: Service, auth: Record<string, string>, recipeId: string): Promise<number[]> {
  const totalOn = async (service: Service): Promise<number> =>
    ((await (await fetch(`${service.url}/api/products?per_page=1`, { headers: auth })).json()) as { pagination: { total: number } }).pagination.total;
  const times: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    const before = await totalOn(b);
    const created = await fetch(`${a.url}/api/products`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'ebook', title: `Convergence ${round}`, recipe_ids: [recipeId] }) });
    if (created.status !== 201) throw new Error(`create product: ${created.status} ${await created.text()}`);
    const started = performance.now();
    while ((await totalOn(b)) !== before + 1) {
      if (performance.now() - started > 10_000) throw new Error('the second instance never listed the new product');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

/** Mean BSON size of up to 500 stored recipes, with and without the search keys documents used to carry. */
async function documentSizes(db: Db): Promise<{ stored: number; withoutKeys: number; indexes: string[] }> {
  const sample = await db.collection('recipes').find().limit(500).toArray();
  const mean = (sizes: number[]): number => sizes.reduce((sum, size) => sum + size, 0) / Math.max(1, sizes.length);
  const stored = mean(sample.map((document) => BSON.calculateObjectSize(document)));
  const withoutKeys = mean(sample.map(({ search_keys: _s, title_keys: _t, ...rest }) => BSON.calculateObjectSize(rest)));
  const indexes = (await db.collection('recipes').listIndexes().toArray() as { name?: unknown }[]).map((index) => String(index.name));
  return { stored, withoutKeys, indexes };
}

/** The recipes table's heap (with TOAST) and index sizes in PostgreSQL, and its number of indexes. */
function recipeTableSizes(postgresql: URL): string {
  const sql = `SELECT pg_size_pretty(sum(pg_table_size(c.oid))) || ' table, ' || pg_size_pretty(sum(pg_indexes_size(c.oid))) || ' in '
    || (SELECT count(*) FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace tn ON tn.oid = t.relnamespace WHERE tn.nspname = 'larder' AND t.relname LIKE 'recipes\\_%') || ' indexes'
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'larder' AND c.relname LIKE 'recipes\\_%' AND c.relkind = 'r'`;
  return execFileSync('psql', [postgresql.href, '-X', '-q', '-A', '-t', '-c', sql], { encoding: 'utf8' }).trim();
}

interface CannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
  /** The service's CPU (user + system, all its threads) per request answered, ms: steadier than req/s on a busy machine. */
  readonly cpuMs: number;
}

/** A process's CPU time so far (user + system), ms, from `/proc/<pid>/stat` (clock ticks of 10 ms). */
function cpuTimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

/** `connections` clients at once on one URL for `concurrentSeconds` (autocannon in its own process, JSON out). */
function cannon(service: Service, url: string, auth: Record<string, string>): Promise<CannonResult> {
  const headers = Object.entries(auth).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const argv = [AUTOCANNON, '-j', '-c', String(connections), '-d', String(concurrentSeconds), ...headers, url];
  const pid = service.child.pid ?? 0;
  const before = cpuTimeMs(pid);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, argv, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error !== null) return reject(new Error(`autocannon: ${error.message}`));
      const result = JSON.parse(stdout) as Omit<CannonResult, 'cpuMs'>;
      resolve({ ...result, cpuMs: (cpuTimeMs(pid) - before) / Math.max(1, result.requests.total) });
    });
  });
}

/**
 * Issue 40: every shape under `connections` clients at once, against the plain first page measured first and last
 * (the higher counts): at least half its requests a second, and p99 < 200 ms. Single-client figures beside.
 */
async function underLoad(service: Service, auth: Record<string, string>, single: ReadonlyMap<Shape, { p50: number; p99: number }>): Promise<void> {
  const url = (shape: Shape): string => `${service.url}/api/recipes?${queryOf(shape.params, shape.page ?? 1)}`;
  const plainUrl = `${service.url}/api/recipes`;
  console.log(`\n  ${connections} connections at once (autocannon, ${concurrentSeconds} s a shape), load average ${loadavg()[0]?.toFixed(1)}`);
  await cannon(service, plainUrl, auth);
  const plainFirst = await cannon(service, plainUrl, auth);
  const results = new Map<Shape, CannonResult>();
  for (const shape of ALL_SHAPES) results.set(shape, await cannon(service, url(shape), auth));
  const plainLast = await cannon(service, plainUrl, auth);
  const plain = Math.max(plainFirst.requests.average, plainLast.requests.average);
  console.log(
    `  plain first page (GET /api/recipes): ${plainFirst.requests.average.toFixed(0)} and ${plainLast.requests.average.toFixed(0)} req/s, ` +
      `p99 ${plainFirst.latency.p99} and ${plainLast.latency.p99} ms, the service's CPU ${plainFirst.cpuMs.toFixed(2)} and ${plainLast.cpuMs.toFixed(2)} ms a request (first and last)`,
  );
  console.log(`  ${'shape'.padEnd(36)} ${'1 client p50'.padStart(12)} ${'p99'.padStart(9)} ${'req/s'.padStart(7)} ${'ratio'.padStart(6)} ${'p99'.padStart(8)} ${'CPU/req'.padStart(9)}`);
  let missed = 0;
  for (const shape of ALL_SHAPES) {
    const result = results.get(shape) as CannonResult;
    const alone = single.get(shape);
    const ratio = result.requests.average / plain;
    const failed = result.non2xx + result.errors;
    const met = ratio >= TARGETS.loadedRatio && result.latency.p99 < TARGETS.loadedP99Ms && failed === 0;
    if (!met) missed += 1;
    const figures = [
      `${alone?.p50.toFixed(1) ?? '-'} ms`.padStart(12),
      `${alone?.p99.toFixed(1) ?? '-'} ms`.padStart(9),
      result.requests.average.toFixed(0).padStart(7),
      `${(100 * ratio).toFixed(0)}%`.padStart(6),
      `${result.latency.p99} ms`.padStart(8),
      `${result.cpuMs.toFixed(2)} ms`.padStart(9),
    ].join(' ');
    console.log(`  ${shape.name.padEnd(36)} ${figures}${failed > 0 ? `  (${failed} failed)` : ''}  ${verdict(met)}`);
  }
  console.log(
    `  every shape under ${connections} connections ≥ ${100 * TARGETS.loadedRatio}% of the plain first page's req/s, p99 < ${TARGETS.loadedP99Ms} ms: ` +
      `${missed === 0 ? 'met' : `NOT met (${missed} of ${ALL_SHAPES.length})`}`,
  );
}

let postgresqlDatabase: URL | undefined;

async function openEngine(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (engine === 'jongodb') {
    const handle = await openDatabase({ engines: ['jongodb'], dbName: 'larder' });
    return { url: handle.url, stop: () => handle.close() };
  }
  if (keepData !== '') {
    const kept = new URL(process.env['LARDER_POSTGRESQL_URL'] || 'postgres://postgres@127.0.0.1:5432/larder');
    kept.pathname = `/larder_scale_${records}`;
    process.env['LARDER_POSTGRESQL_URL'] = kept.href;
  }
  const ferret = await startFerretdb({ backend: engine === 'ferretdb-sqlite' ? 'sqlite' : 'postgresql', ...(keepData === '' ? {} : { dataDir: join(keepData, 'ferretdb') }) });
  const client = new MongoClient(ferret.url);
  await client.connect();
  const db = client.db('larder');
  (await ensureIndexes(db))._unsafeUnwrap();
  // The GIN indexes the service makes itself when it starts FerretDB (here it is given a URL): point lookups by id.
  if (ferret.postgresqlDatabase !== undefined) await ensureFerretdbPostgresqlIndexes(ferret.postgresqlDatabase, db.databaseName);
  postgresqlDatabase = ferret.postgresqlDatabase;
  await client.close();
  return { url: `${ferret.url.replace(/\/[^/?]*(\?|$)/, '/larder$1')}`, stop: () => ferret.stop() };
}

async function main(): Promise<void> {
  const database = await openEngine();
  const services: Service[] = [];
  try {
    console.log(`${engine} at ${database.url}; loading ${records} recipes through the import pipeline…`);
    const client = new MongoClient(database.url);
    await client.connect();
    const db = client.db('larder');
    (await ensureIndexes(db))._unsafeUnwrap();
    const held = await db.collection('recipes').estimatedDocumentCount();
    const loaded = keepData !== '' && held >= records;
    if (loaded) console.log(`  kept data: ${held} recipes already there, import skipped`);
    const started = performance.now();
    let shown = 0;
    const onProgress = (done: number): void => {
      if (done - shown < 10_000) return;
      shown = done;
      console.log(`  ${done} records, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    };
    if (!loaded) {
      const report = await importNdjson(Readable.from(ndjsonChunks(records)), createMongoRepositories(db).recipes, { batchSize: 500, onProgress });
      const seconds = (performance.now() - started) / 1000;
      console.log(`import: ${report.created} created, ${report.failed} failed in ${seconds.toFixed(1)} s (${Math.round(report.created / seconds)} recipes/s)`);
    }
    const sizes = await documentSizes(db);
    console.log(`  a recipe document: ${sizes.stored.toFixed(0)} bytes of BSON (${sizes.withoutKeys.toFixed(0)} without search_keys and title_keys)`);
    console.log(`  recipe indexes (${sizes.indexes.length}): ${sizes.indexes.join(', ')}`);
    if (postgresqlDatabase !== undefined) console.log(`  PostgreSQL, the recipes table: ${recipeTableSizes(postgresqlDatabase)}`);
    if (!importOnly && !loaded && productCount > 0) {
      const productsStarted = performance.now();
      await makeProducts(db, productCount);
      console.log(`products: ${productCount} made through createProduct in ${((performance.now() - productsStarted) / 1000).toFixed(1)} s`);
    }
    const someRecipeId = String((await db.collection('recipes').findOne({}, { projection: { _id: 1 } }))?._id ?? '');
    await client.close();
    if (importOnly) return;

    const a = await startService(database.url, 31_000 + Math.floor(Math.random() * 1000), 'a', true);
    services.push(a);
    const auth = await login(a);
    console.log(`\n${engine}, ${records} recipes, over HTTP (GET /api/recipes, 20 a page), up to ${maxRuns} runs or ${shapeBudgetMs / 1000} s a shape`);
    console.log(`  ready after start (index built from the database): ${(a.readyMs / 1000).toFixed(1)} s  ${verdict(a.readyMs < TARGETS.readyS * 1000)} (< ${TARGETS.readyS} s)`);
    if (firstStartOnly) return;
    // A warm-up pass (3 requests a shape): the service's first requests of each path pay for V8's compiling.
    for (const shape of ALL_SHAPES) for (let run = 0; run < 3; run += 1) await fetch(`${a.url}/api/recipes?${queryOf(shape.params, shape.page ?? 1)}`, { headers: auth }).then((response) => response.arrayBuffer());
    let missed = 0;
    const single = new Map<Shape, { p50: number; p99: number; total: number }>();
    for (const shape of ALL_SHAPES) {
      const { p50, p99, total, runs } = await timeShape(a, auth, shape);
      single.set(shape, { p50, p99, total });
      if (p99 >= TARGETS.p99Ms) missed += 1;
      console.log(`  ${shape.name.padEnd(36)} ${`${p50.toFixed(1)} ms`.padStart(10)} ${`${p99.toFixed(1)} ms`.padStart(10)}  (${total} matching, ${runs} runs)  ${verdict(p99 < TARGETS.p99Ms)}`);
    }
    console.log(`  every shape p99 < ${TARGETS.p99Ms} ms: ${missed === 0 ? 'met' : `NOT met (${missed} of ${ALL_SHAPES.length})`}`);
    await underLoad(a, auth, single);
    if (productCount > 0) {
      let productMissed = 0;
      for (const shape of PRODUCT_SHAPES) {
        await fetch(`${a.url}/api/products?${shape.query}`, { headers: auth }).then((response) => response.arrayBuffer());
        const { p50, p99, total, runs } = await timeUrl(`${a.url}/api/products?${shape.query}`, auth, shape.name);
        if (p99 >= TARGETS.p99Ms) productMissed += 1;
        console.log(`  ${shape.name.padEnd(32)} ${`${p50.toFixed(1)} ms`.padStart(10)} ${`${p99.toFixed(1)} ms`.padStart(10)}  (${total} matching, ${runs} runs)  ${verdict(p99 < TARGETS.p99Ms)}`);
      }
      console.log(`  every product shape p99 < ${TARGETS.p99Ms} ms: ${productMissed === 0 ? 'met' : `NOT met (${productMissed} of ${PRODUCT_SHAPES.length})`}`);
    }
    const { rss, peak } = memory(a.child.pid ?? 0);
    console.log(`  service RSS after the shapes: ${(rss / 1024 ** 2).toFixed(0)} MiB (peak ${(peak / 1024 ** 2).toFixed(0)} MiB)  ${verdict(peak < TARGETS.rssBytes)} (< 1 GiB)`);
    if (shapesOnly) return;

    const b = await startService(database.url, 32_000 + Math.floor(Math.random() * 1000), 'b');
    services.push(b);
    console.log(`  second instance ready: ${(b.readyMs / 1000).toFixed(1)} s  ${verdict(b.readyMs < TARGETS.readyS * 1000)}`);
    const times = (await convergence(a, b, auth)).sort((x, y) => x - y);
    const worst = times.at(-1) ?? Number.NaN;
    console.log(`  convergence (created on one, listed by the other), 10 writes: median ${quantile(times, 0.5).toFixed(0)} ms, max ${worst.toFixed(0)} ms  ${verdict(worst < TARGETS.convergeMs)} (< 1 s)`);

    if (productCount > 0) {
      const productTimes = (await productConvergence(a, b, auth, someRecipeId)).sort((x, y) => x - y);
      const productWorst = productTimes.at(-1) ?? Number.NaN;
      console.log(`  product convergence (created on one, listed by the other), 10 writes: median ${quantile(productTimes, 0.5).toFixed(0)} ms, max ${productWorst.toFixed(0)} ms  ${verdict(productWorst < TARGETS.convergeMs)} (< 1 s)`);
    }

    // A restart of the first instance (SIGTERM, then the same command), the second still running.
    await stopService(a);
    services.splice(services.indexOf(a), 1);
    const again = await startService(database.url, 33_000 + Math.floor(Math.random() * 1000), 'a');
    services.push(again);
    console.log(`  ready after a restart: ${(again.readyMs / 1000).toFixed(1)} s  ${verdict(again.readyMs < TARGETS.readyS * 1000)} (< ${TARGETS.readyS} s)`);
  } finally {
    // With --keep-data, each instance's snapshot is written at its stop: wait for it, so the next run starts from it.
    if (keepData !== '') await Promise.all(services.map((service) => stopService(service)));
    for (const service of services) service.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await database.stop();
    if (keepData === '') rmSync(snapshotDir, { recursive: true, force: true });
  }
}

await main();
console.log(`\nload average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores, shared)`);
