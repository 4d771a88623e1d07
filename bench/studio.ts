/**
 * The studio's speed and weight, as a creator meets them (figures printed, met / NOT met; never asserted by tests):
 *
 *   cd bench && node --import tsx --conditions=source studio.ts [--records 10000] [--runs 5] [--all-screens]
 *
 * Starts the service as `pnpm start` does (the built packages and studio, the embedded default engine, the sample
 * library and the demo user; nothing kept), loads `--records` more recipes (default 10,000, scale-data.ts's
 * generator) into its database through the import path, waits until the service lists them all, then, in Debian's
 * Chromium (playwright-core):
 * - the library's first view: the compressed JavaScript it transfers (≤ 250 KB), the time from navigation to its first
 *   recipe cards on screen (< 2 s, the median of `--runs` cold page loads), and the page's DOM elements (< 3,000);
 * - Lighthouse 12.2.3 (mobile defaults: simulated slow 4G and a 4× slower CPU) on the sign-in page and the library
 *   (signed in through the session cookie): accessibility ≥ 95, best practices ≥ 90, performance ≥ 90;
 *   `--all-screens` adds a product's screen, selling, sales, audience and settings (part 2's screens). Lighthouse
 *   runs through `npx lighthouse@12.2.3` (fetched once into npm's cache), not as a dependency: its own dependencies
 *   (socks, through puppeteer's proxy agent) change how pnpm resolves the mongodb driver's optional peer for the whole
 *   workspace, and only this script needs it. The last version that runs on Node 20 (13 needs Node 22).
 */
import { spawn, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createMongoRepositories, openDatabase } from '@larder/adapters-mongo';
import { chromium } from 'playwright-core';
import { freePort } from './support/free-port.js';
import { importNdjson } from './import-pipeline.js';
import { ndjsonChunks } from './scale-data.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const records = Number(option('--records', '10000'));
const runs = Number(option('--runs', '5'));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const PASSWORD = 'bench-the-studio';
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');


for (const script of ['scripts/build-js.mjs', 'scripts/build-studio.mjs']) {
  const built = spawnSync(process.execPath, [script, '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const service = spawn(process.execPath, ['packages/http-fastify/dist/main.js'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LARDER_DATA_DIR: 'none', DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'info', RATE_LIMIT_MAX: '100000' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
service.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
service.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
const stop = () => service.kill('SIGTERM');
process.on('exit', stop);
while (!/listening on http/.test(output)) {
  if (service.exitCode !== null) throw new Error(`the service stopped:\n${output}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const engineLine = /database engine: ([^\s]+)/.exec(output)?.[1] ?? 'unknown';
const mongodbUrl = /MONGODB_URL=(\S+)/.exec(output)?.[1];
if (mongodbUrl === undefined) throw new Error(`no MONGODB_URL line:\n${output}`);

const session = await fetch(`${url}/api/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email: 'demo@example.com', password: PASSWORD }) });
const cookie = /larder_session=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')?.[1];
if (session.status !== 200 || cookie === undefined) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
const authed = { cookie: `larder_session=${cookie}` };
const listedTotal = async () => ((await (await fetch(`${url}/api/recipes?per_page=1`, { headers: authed })).json()) as { pagination: { total: number } }).pagination.total;
const before = await listedTotal();

console.log(`engine ${engineLine}; loading ${records} recipes…`);
const started = performance.now();
const database = await openDatabase({ url: mongodbUrl, logger: () => undefined });
const report = await importNdjson(Readable.from(ndjsonChunks(records)), createMongoRepositories(database.db).recipes, { batchSize: 500 });
console.log(`loaded ${report.created} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
while ((await listedTotal()) < before + report.created) await new Promise((resolve) => setTimeout(resolve, 500));
console.log(`the service lists ${await listedTotal()} recipes`);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.addCookies([{ name: 'larder_session', value: cookie, url }]);
const times: number[] = [];
let scriptBytes = 0;
let elements = 0;
for (let run = 0; run < runs; run += 1) {
  const page = await context.newPage();
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  let transferred = 0;
  const scripts = new Set<string>();
  client.on('Network.responseReceived', (event: { requestId: string; type: string }) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  client.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    if (scripts.has(event.requestId)) transferred += event.encodedDataLength;
  });
  const start = performance.now();
  await page.goto(`${url}/recipes`);
  await page.locator('.recipe-card').first().waitFor({ state: 'visible' });
  times.push(performance.now() - start);
  await page.waitForLoadState('networkidle');
  scriptBytes = transferred;
  elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  await page.close();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
console.log(`\nthe library at ${before + report.created} recipes, ${runs} cold loads:`);
console.log(`${verdict(scriptBytes <= 250_000).padEnd(8)} JavaScript transferred (compressed, with headers): ${(scriptBytes / 1000).toFixed(1)} KB (target ≤ 250 KB)`);
console.log(`${verdict(median < 2000).padEnd(8)} first recipes on screen: median ${median.toFixed(0)} ms, runs ${times.map((time) => time.toFixed(0)).join(' / ')} ms (target < 2 s)`);
console.log(`${verdict(elements < 3000).padEnd(8)} DOM elements: ${elements} (target < 3,000)`);
await browser.close();

// Lighthouse drives a Chromium started here, through its DevTools port.
const debugPort = await freePort();
const chrome = spawn(CHROMIUM, ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${debugPort}`, '--user-data-dir=/tmp/larder-lighthouse', 'about:blank'], { stdio: 'ignore' });
await new Promise((resolve) => setTimeout(resolve, 1500));
const aProduct = ((await (await fetch(`${url}/api/products?type=ebook&per_page=1`, { headers: authed })).json()) as { data: { id: string }[] }).data[0]?.id ?? '';
const targets = [
  ['sign-in page', `${url}/signin`, {}],
  ['library', `${url}/recipes`, authed],
  ...(args.includes('--all-screens')
    ? ([
        ['a product', `${url}/products/${aProduct}`, authed],
        ['selling', `${url}/selling`, authed],
        ['sales', `${url}/sales`, authed],
        ['audience', `${url}/audience`, authed],
        ['settings', `${url}/settings`, authed],
      ] as const)
    : []),
] as const;

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}
interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
}

console.log('\nLighthouse 12.2.3 (mobile: simulated slow 4G, 4× CPU slowdown):');
for (const [name, target, headers] of targets) {
  const run = spawnSync(
    'npx',
    ['--yes', 'lighthouse@12.2.3', target, `--port=${debugPort}`, '--output=json', '--quiet', '--only-categories=performance,accessibility,best-practices', `--extra-headers=${JSON.stringify(headers)}`],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (run.status !== 0) {
    console.log(`NOT met  ${name}: lighthouse failed (${run.status}): ${run.stderr.slice(-500)}`);
    continue;
  }
  const result = JSON.parse(run.stdout) as LighthouseResult;
  const score = (key: string) => Math.round((result.categories[key]?.score ?? 0) * 100);
  const [performanceScore, accessibility, bestPractices] = [score('performance'), score('accessibility'), score('best-practices')];
  const met = performanceScore >= 90 && accessibility >= 95 && bestPractices >= 90;
  console.log(`${verdict(met).padEnd(8)} ${name}: performance ${performanceScore} (≥ 90), accessibility ${accessibility} (≥ 95), best practices ${bestPractices} (≥ 90)`);
  for (const audit of Object.values(result.audits)) {
    if (audit.score !== null && audit.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) {
      console.log(`         ${audit.id}: ${audit.title} (${audit.displayValue ?? audit.score})`);
    }
  }
}
chrome.kill();
await database.close();
stop();
process.exit(0);
