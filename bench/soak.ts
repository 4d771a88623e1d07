/**
 * Soak: the service under steady mixed traffic for a while, watching for errors and for memory that keeps growing.
 *
 *   cd bench && node --import tsx --conditions=source soak.ts [--seconds 60] [--connections 20] [--engine memory|embedded|both]
 *
 * The app runs in this process (in-memory repositories, and/or the embedded database engine, or MONGODB_URL when set);
 * the traffic (bench/soak-traffic.ts) runs in a child process, so the memory figures are the service's own. Memory is
 * sampled every second (RSS, heap used) and, every tenth of the run, as heap used right after a full GC; the trend is
 * the least-squares slope of those post-GC figures after the first tenth (warm-up), per minute. With in-memory repositories the heap also holds the
 * data the traffic creates, so that run reports the growth per stored item too; with the embedded engine the data
 * lives in the engine's process and a flat heap is what to expect. Exits 1 if any request got a 5xx or no response.
 */
import { fork } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type * as MongoAdapters from '@larder/adapters-mongo';
import { addUser, inlineRenderQueue, systemClock, uuidV7Generator, type ProductRepository, type RecipeRepository, type UserRepository } from '@larder/domain';
import { InMemoryApiKeyRepository, InMemoryBrowserSessionRepository, InMemoryFileStore, InMemoryIdempotencyStore, InMemoryProductRepository, InMemoryRecipeRepository, InMemoryUserRepository, plainTextHasher } from '@larder/domain/testing';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { buildApp } from '@larder/http-fastify';
import type { TrafficOptions, TrafficReport } from './soak-traffic.js';
import { noPublishing } from './support/no-publishing.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const SECONDS = Number(option('seconds', '60'));
const CONNECTIONS = Number(option('connections', '20'));
const ENGINE = option('engine', 'both');
const SOAK_USER = { email: 'soak@example.com', password: 'soak password 1' };
const SEED_RECIPES = 200;
const UNLIMITED = { max: 1_000_000_000, windowMs: 60_000 };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

interface Stores {
  readonly recipes: RecipeRepository;
  readonly products: ProductRepository;
  readonly users: UserRepository;
}

interface Sample {
  readonly atS: number;
  readonly rss: number;
  readonly heap: number;
}

async function serve(stores: Stores) {
  (await addUser({ users: stores.users, hasher: plainTextHasher, clock: systemClock, ids: uuidV7Generator })(SOAK_USER))._unsafeUnwrap();
  const app = await buildApp({
    publishing: noPublishing(),
    apiKeys: new InMemoryApiKeyRepository(),
    browserSessions: new InMemoryBrowserSessionRepository(),
    ...stores,
    clock: systemClock,
    ids: uuidV7Generator,
    hasher: plainTextHasher,
    idempotency: new InMemoryIdempotencyStore(),
    rendering: inlineRenderQueue(createDocumentRenderer()),
    files: new InMemoryFileStore(),
    readiness: async () => true,
    logger: false,
    config: { jwtSecret: 'soak-secret-soak-secret-soak-secret-0123456', rateLimit: UNLIMITED, loginRateLimit: UNLIMITED, salesPlatforms: ['etsy'], corsOrigins: [] },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: SOAK_USER })).json<{ token: string }>().token;
  const words = ['chicken', 'lemon', 'garlic', 'tomato', 'basil', 'rice', 'bean', 'squash', 'apple', 'ginger', 'tofu', 'soup'];
  const ids: string[] = [];
  for (let index = 0; index < SEED_RECIPES; index += 1) {
    const title = `${words[index % words.length] ?? ''} ${words[(index * 5) % words.length] ?? ''} ${index}`;
    const body = { title, servings: 2 + (index % 5), email_ready: index % 2 === 0, cuisine: index % 3 === 0 ? 'italian' : 'thai', ingredients: ['2 cups rice', `1 tbsp ${words[index % words.length] ?? 'salt'}`] };
    const created = await app.inject({ method: 'POST', url: '/api/recipes', headers: { authorization: `Bearer ${token}` }, payload: body });
    ids.push(created.json<{ id: string }>().id);
  }
  for (let index = 0; index < 10; index += 1) {
    const recipe_ids = ids.slice(index * 5, index * 5 + 5);
    await app.inject({ method: 'POST', url: '/api/products', headers: { authorization: `Bearer ${token}` }, payload: { type: 'ebook', title: `Seed ebook ${index}`, recipe_ids } });
  }
  return { app, url };
}

function traffic(options: TrafficOptions): Promise<TrafficReport> {
  const child = fork(new URL('./soak-traffic.ts', import.meta.url), [JSON.stringify(options)], { execArgv: process.execArgv });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { report?: TrafficReport; error?: string }) =>
      message.report === undefined ? reject(new Error(message.error ?? 'traffic failed')) : resolve(message.report),
    );
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`traffic process exited with ${code}`))));
  });
}

const afterGc = (): number => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** Least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

async function soak(name: string, stores: Stores & { count?: () => Promise<number> }): Promise<boolean> {
  const { app, url } = await serve(stores);
  const startedAt = performance.now();
  const seconds = () => (performance.now() - startedAt) / 1000;
  const samples: Sample[] = [];
  const gcPoints: [number, number][] = [[0, afterGc()]];
  const itemsAtStart = (await stores.count?.()) ?? 0;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    samples.push({ atS: seconds(), rss, heap: heapUsed });
  }, 1000);
  const gcTimer = setInterval(() => gcPoints.push([seconds(), afterGc()]), (SECONDS * 1000) / 10);
  const report = await traffic({ url, ...SOAK_USER, seconds: SECONDS, connections: CONNECTIONS });
  clearInterval(sampler);
  clearInterval(gcTimer);
  gcPoints.push([seconds(), afterGc()]);
  const itemsAtEnd = (await stores.count?.()) ?? 0;
  await app.close();

  const rss = samples.map((sample) => sample.rss);
  const heaps = samples.map((sample) => sample.heap);
  const [firstGc = 0, lastGc = 0] = [gcPoints[0]?.[1], gcPoints.at(-1)?.[1]];
  // The first tenth of the run is warm-up (compiled code, caches, pools filling); the trend is taken after it.
  const warm = gcPoints.slice(1);
  const perMinute = slope(warm.map(([atS, heap]) => [atS / 60, heap / MB]));
  const failures = Object.entries(report.outcomes).filter(([label]) => / 5\d\d$|^network error| 0$/.test(label));
  console.log(`\n== ${name}: ${report.requests} requests in ${report.seconds.toFixed(1)} s, ${CONNECTIONS} connections: ${Math.round(report.requests / report.seconds)} req/s`);
  console.log(`   latency p50 ${report.latenciesMs.p50.toFixed(1)} ms, p99 ${report.latenciesMs.p99.toFixed(1)} ms, max ${report.latenciesMs.max.toFixed(0)} ms`);
  for (const [label, count] of Object.entries(report.outcomes).sort(([a], [b]) => a.localeCompare(b))) console.log(`   ${label.padEnd(40)} ${count}`);
  console.log(`   5xx or no response: ${failures.reduce((sum, [, count]) => sum + count, 0)}`);
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  console.log(`   RSS: start ${mb(rss[0] ?? 0)}, middle ${mb(rss[Math.floor(rss.length / 2)] ?? 0)}, end ${mb(rss.at(-1) ?? 0)}, peak ${mb(Math.max(...rss))}`);
  console.log(`   heap used: start ${mb(heaps[0] ?? 0)}, middle ${mb(heaps[Math.floor(heaps.length / 2)] ?? 0)}, end ${mb(heaps.at(-1) ?? 0)}, peak ${mb(Math.max(...heaps))}`);
  const warmGc = warm[0]?.[1] ?? firstGc;
  const trend = `${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)} MB/min`;
  console.log(`   heap after GC: before traffic ${mb(firstGc)}, after warm-up ${mb(warmGc)}, end ${mb(lastGc)}; trend after warm-up ${trend} (${warm.length} GCs)`);
  if (stores.count !== undefined) {
    const stored = itemsAtEnd - itemsAtStart;
    const perItem = stored === 0 ? '-' : `${((lastGc - warmGc) / stored / 1024).toFixed(1)} KB of heap growth (after warm-up) per stored item`;
    console.log(`   stored items (recipes + products) grew by ${stored}: ${perItem}`);
  }
  return failures.length === 0;
}

async function inMemory(): Promise<boolean> {
  const recipes = new InMemoryRecipeRepository();
  const products = new InMemoryProductRepository();
  const count = async () => recipes.all().length + (await products.list({}, { page: 1, perPage: 1 }))._unsafeUnwrap().total;
  return soak('in-memory repositories', { recipes, products, users: new InMemoryUserRepository(), count });
}

async function embedded(): Promise<boolean> {
  const adapters: typeof MongoAdapters = await import('@larder/adapters-mongo');
  const handle = await adapters.openDatabase({ url: process.env['MONGODB_URL'], dbName: `soak_${Date.now()}`, logger: (line) => console.log(line) });
  try {
    (await adapters.ensureIndexes(handle.db))._unsafeUnwrap();
    return await soak(`database engine ${handle.engine}`, adapters.createMongoRepositories(handle.db));
  } finally {
    await handle.close();
  }
}

console.log(`soak: ${SECONDS} s per run, ${CONNECTIONS} connections, Node ${process.version}`);
let clean = true;
if (ENGINE === 'memory' || ENGINE === 'both') clean = (await inMemory()) && clean;
if (ENGINE === 'embedded' || ENGINE === 'both') clean = (await embedded()) && clean;
process.exitCode = clean ? 0 : 1;
