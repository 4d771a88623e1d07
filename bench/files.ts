/**
 * Files bench: the service as an operator runs it (`node --max-semi-space-size=4 packages/http-fastify/dist/main.js`,
 * the flags `pnpm start` passes; the embedded default engine), a 500-recipe ebook's PDF asked for while 20 clients
 * read single recipes. Photos and covers are drawn in the service's image process (a child that ends when idle): its
 * peak is printed beside the service's.
 *
 *   pnpm --filter @larder/bench run files                   # FerretDB on PostgreSQL when it is there (the default)
 *   pnpm --filter @larder/bench run files -- --engine jongodb
 *
 * Targets (issue 22): the first PDF in ≤ 5 s with the service's peak RSS ≤ 300 MiB meanwhile (measured quiet); the
 * second request for the same file in < 50 ms; while a PDF renders, `GET /api/recipes/{id}` from 20 concurrent
 * clients keeps p99 < 50 ms and the service's event-loop delay p99 < 50 ms. The readers' figures without a render
 * are printed beside them: on this 2-core machine they include the engine's own time (and autocannon's).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVICE_V8_FLAGS } from '../packages/http-fastify/src/v8-flags.js';
import { benchRecipeInput } from './documents-data.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RECIPES = 500;
const READERS = 20;
const PASSWORD = 'bench-files-password';
const MiB = 1024 * 1024;

const engine = process.argv.includes('--engine') ? process.argv[process.argv.indexOf('--engine') + 1] : 'default';
if (engine !== 'default' && engine !== 'jongodb') throw new Error('--engine takes jongodb (or nothing, for the default engine)');

function build(): void {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-js.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
}

interface Service {
  readonly child: ChildProcess;
  readonly url: string;
  readonly engineLine: string;
  readonly loopFile: string;
}

async function startService(): Promise<Service> {
  const loopFile = join(mkdtempSync(join(tmpdir(), 'larder-files-bench-')), 'loop.json');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    LARDER_DATA_DIR: 'none',
    DEMO_PASSWORD: PASSWORD,
    RATE_LIMIT_MAX: '10000000',
    LOG_LEVEL: 'info',
    LOOP_PROBE_FILE: loopFile,
    ...(engine === 'jongodb' ? { FERRETDB_BINARY_PATH: '/nonexistent/ferretdb' } : {}),
  };
  const probe = fileURLToPath(new URL('./support/loop-probe.mjs', import.meta.url));
  const child = spawn(process.execPath, [...SERVICE_V8_FLAGS, '--import', probe, join(ROOT, 'packages/http-fastify/dist/main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const listening = /listening on (http:\/\/[^ ]+)/.exec(stderr);
      if (listening?.[1] !== undefined) resolve({ child, url: listening[1], loopFile, engineLine: /database engine: ([^ ]+)/.exec(stderr)?.[1] ?? '?' });
    });
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening:\n${stderr}`)));
  });
}

async function api<T>(service: Service, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The bench library: 500 recipes through the API, eight at a time, and an ebook of all of them. */
async function library(service: Service, token: string): Promise<{ recipeIds: string[]; ebookId: string }> {
  const recipeIds: string[] = new Array<string>(RECIPES);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < RECIPES; index = next++) recipeIds[index] = (await api<{ id: string }>(service, token, 'POST', '/api/recipes', benchRecipeInput(index))).id;
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const ebook = await api<{ id: string }>(service, token, 'POST', '/api/products', { type: 'ebook', title: `The Big Book of ${RECIPES} Recipes`, recipe_ids: recipeIds });
  return { recipeIds, ebookId: ebook.id };
}

/** 20 clients reading single recipes, round the library, until stopped. */
function readers(service: Service, token: string, recipeIds: readonly string[]): { stop(): Promise<autocannon.Result> } {
  let turn = 0;
  let finished: (result: autocannon.Result) => void = () => undefined;
  const results = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon(
    {
      url: service.url,
      connections: READERS,
      duration: 600,
      headers: { authorization: `Bearer ${token}` },
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/recipes/${recipeIds[turn++ % recipeIds.length] ?? ''}` }) }],
    },
    (error, result) => finished(error === null || error === undefined ? result : { ...result, non2xx: -1 }),
  );
  return {
    stop: () => {
      instance.stop();
      return results;
    },
  };
}

/** The whole body, timed from the request to its last byte. */
async function download(url: string, token: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status} after ${ms.toFixed(0)} ms: ${body.toString()}`);
  return { ms, bytes: body.byteLength, status: response.status };
}

const currentRssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const peakRssMiB = (pid: number): number => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
/** The service's image process (photos and covers are drawn there: a child of the service), when one is running. */
function imageProcessPeakMiB(servicePid: number): number | null {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== servicePid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('image-process-child')) return peakRssMiB(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return null;
}
/** Linux: writing 5 to clear_refs resets the peak resident set size to the current one. */
const resetPeakRss = (pid: number): void => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function loopDelay(service: Service): Promise<{ p50: number; p99: number; max: number; samples: number }> {
  rmSync(service.loopFile, { force: true });
  service.child.kill('SIGUSR2');
  for (let waited = 0; waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      return JSON.parse(readFileSync(service.loopFile, 'utf8')) as { p50: number; p99: number; max: number; samples: number };
    } catch {
      // not written yet
    }
  }
  throw new Error('the service did not report its event-loop delay');
}

async function main(): Promise<void> {
  build();
  const service = await startService();
  const pid = service.child.pid ?? 0;
  try {
    const { token } = await api<{ token: string }>(service, null, 'POST', '/api/auth/login', { email: 'demo@example.com', password: PASSWORD });
    const loadStarted = performance.now();
    const { recipeIds, ebookId } = await library(service, token);
    const loadMs = performance.now() - loadStarted;
    const pdfUrl = `${service.url}/api/products/${ebookId}/document.pdf`;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
    // Quiet: the first render of the book (a cold worker thread included), then the stored copy, twice.
    await settle();
    const idleRss = currentRssMiB(pid);
    resetPeakRss(pid);
    const first = await download(pdfUrl, token);
    const rss = peakRssMiB(pid);
    const imagePeak = imageProcessPeakMiB(pid);
    // A repeat request, ten times over (a single one is at the mercy of one collection or one slow round trip).
    const repeats: number[] = [];
    for (let round = 0; round < 10; round += 1) repeats.push((await download(pdfUrl, token)).ms);
    const second = repeats[0] ?? NaN;
    const repeatMedian = [...repeats].sort((a, b) => a - b)[Math.floor(repeats.length / 2)] ?? NaN;
    // The readers alone (their figures without a render, for comparison), then again while another variant of the
    // book (Letter pages: a new file) renders.
    const alone = readers(service, token, recipeIds);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const baseline = await alone.stop();
    await settle();
    const during = readers(service, token, recipeIds);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await loopDelay(service);
    const loaded = await download(`${pdfUrl}?page_size=letter`, token);
    const loop = await loopDelay(service);
    const read = await during.stop();

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
    process.stdout.write(
      `files bench (node ${process.version}, engine ${service.engineLine}, ${RECIPES} recipes loaded through the API in ${s(loadMs)})\n` +
        `first PDF, quiet (read, rendered in a worker, stored, sent): ${s(first.ms)}, ${(first.bytes / MiB).toFixed(2)} MiB; ` +
        `service RSS ${idleRss.toFixed(0)} MiB before, peak ${rss.toFixed(0)} MiB` +
        `${imagePeak === null ? '' : `; its image process (which drew the cover) peak ${imagePeak.toFixed(0)} MiB, ended when idle`}\n` +
        `repeat requests (from storage), 10: second ${ms(second)}, median ${ms(repeatMedian)}, slowest ${ms(Math.max(...repeats))}\n` +
        `readers (${READERS} connections, GET /api/recipes/{id}) alone for 3 s: ${baseline.requests.total} requests, p50 ${ms(baseline.latency.p50)}, p99 ${ms(baseline.latency.p99)}\n` +
        `readers while the Letter variant renders (${s(loaded.ms)}): ${read.requests.total} requests, ${read.non2xx} non-2xx, ` +
        `p50 ${ms(read.latency.p50)}, p99 ${ms(read.latency.p99)}, max ${ms(read.latency.max)}\n` +
        `service event-loop delay while it renders: p50 ${ms(loop.p50)}, p99 ${ms(loop.p99)}, max ${ms(loop.max)} (${loop.samples} samples)\n\n`,
    );
    const engineBound = baseline.latency.p99 >= 50 ? `; without a render ${ms(baseline.latency.p99)}: bounded by the engine` : '';
    const targets: [string, boolean][] = [
      [`first 500-recipe PDF in ≤ 5 s (${s(first.ms)})`, first.ms <= 5000],
      [`service peak RSS ≤ 300 MiB while it renders (${rss.toFixed(0)} MiB)`, rss <= 300],
      [`readers' p99 < 50 ms while it renders (${ms(read.latency.p99)}, ${read.non2xx} non-2xx${engineBound})`, read.latency.p99 < 50 && read.non2xx === 0],
      [`event-loop delay p99 < 50 ms while it renders (${ms(loop.p99)})`, loop.p99 < 50],
      [`a repeat request for the same file < 50 ms (median of 10: ${ms(repeatMedian)})`, repeatMedian < 50],
    ];
    for (const [name, met] of targets) process.stdout.write(`${(met ? 'met' : 'NOT met').padEnd(8)} ${name}\n`);
  } finally {
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
  }
}

await main();
