/**
 * What the studio's live screens cost the service: `--tabs` open studio tabs (default 50) on one product's screen for
 * `--seconds` (default 60), the requests the service receives counted by a proxy in front of it (every request the
 * pages make goes through it), three times:
 * - settled: every listing live, nothing to wait for (the studio's polling is off);
 * - pending: a listing kept pending the whole time (the Gumroad fake answers every request 429 with Retry-After 120
 *   s, so the service waits), the studio reading the product every 2 s in every tab;
 * - sales: the same tabs on the Sales screen, which asks for the totals per store every 15 s.
 * A hidden tab does not poll at all: the line says how many of the tabs the browser counted as visible.
 *
 *   cd bench && node --import tsx --conditions=source studio-live.ts [--tabs 50] [--seconds 60]
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request as forward } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startGumroadFake } from '@larder/adapters-sales/fakes';
import { chromium, type Page } from 'playwright-core';
import { freePort } from './support/free-port.js';
import { numberOption } from './support/number-option.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const PASSWORD = 'bench-studio-live';
const tabs = numberOption('--tabs', 50);
const seconds = numberOption('--seconds', 60);

for (const script of ['scripts/build-js.mjs', 'scripts/build-studio.mjs']) {
  const built = spawnSync(process.execPath, [script, '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}


const gumroad = await startGumroadFake();
const [servicePort, proxyPort] = [await freePort(), await freePort()];
// The browser and the platforms reach the service through the proxy: it is PUBLIC_URL.
const url = `http://127.0.0.1:${proxyPort}`;
const service = spawn(process.execPath, ['packages/http-fastify/dist/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(servicePort),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LARDER_DATA_DIR: 'none',
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '1000000',
    SALES_PLATFORMS: 'gumroad',
    GUMROAD_API_URL: gumroad.url,
    RENDER_WARM: 'false',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
// Only until it listens (the request log that follows is not kept).
let listening = false;
const keep = (text: string) => void (listening ? undefined : (output += text));
service.stdout.setEncoding('utf8').on('data', keep);
service.stderr.setEncoding('utf8').on('data', keep);
process.on('exit', () => service.kill('SIGTERM'));
while (!/listening on http/.test(output)) {
  if (service.exitCode !== null) throw new Error(`the service stopped:\n${output}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
listening = true;

let counted = 0;
const proxy = createServer((incoming, outgoing) => {
  counted += 1;
  const upstream = forward({ host: '127.0.0.1', port: servicePort, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
    outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(outgoing);
  });
  upstream.on('error', () => outgoing.destroy());
  incoming.pipe(upstream);
});
// Longer than the pauses between the bench's own calls, so that fetch never reuses a connection the proxy just closed.
proxy.keepAliveTimeout = 120_000;
proxy.listen(proxyPort, '127.0.0.1');
await once(proxy, 'listening');

const session = await fetch(`${url}/api/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email: 'demo@example.com', password: PASSWORD }) });
const cookie = /larder_session=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')?.[1];
if (session.status !== 200 || cookie === undefined) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
const headers = { cookie: `larder_session=${cookie}`, origin: url, 'content-type': 'application/json' };
const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
};

interface Product {
  id: string;
  listings: { state: string }[];
}
await call('PUT', '/api/connections/gumroad', { access_token: gumroad.accessToken });
const recipes = await call<{ data: { id: string }[] }>('GET', '/api/recipes?per_page=3');
const makeEbook = (title: string) => call<Product>('POST', '/api/products', { type: 'ebook', title, recipe_ids: recipes.data.map((recipe) => recipe.id) });
const states = async (id: string) => (await call<Product>('GET', `/api/products/${id}`)).listings.map((listing) => listing.state);

const settled = await makeEbook('Settled');
await call('POST', `/api/products/${settled.id}/publish`, { platforms: ['gumroad'], price_cents: 1200, currency: 'USD' });
while ((await states(settled.id)).includes('pending')) await new Promise((resolve) => setTimeout(resolve, 250));

gumroad.faults.tooManyEvery = 1;
gumroad.faults.retryAfterSeconds = 120;
const pending = await makeEbook('Pending');
await call('POST', `/api/products/${pending.id}/publish`, { platforms: ['gumroad'], price_cents: 1200, currency: 'USD' });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.addCookies([{ name: 'larder_session', value: cookie, url }]);

async function measure(path: string, ready: (page: Page) => Promise<void>, label: string, after: () => Promise<string>): Promise<void> {
  const pages: Page[] = [];
  for (let tab = 0; tab < tabs; tab += 1) {
    const page = await context.newPage();
    await page.goto(`${url}${path}`);
    await ready(page);
    pages.push(page);
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  // Chromium counts most of many tabs in one window as hidden; those do not poll (TanStack Query's interval waits for a visible page).
  const visible = (await Promise.all(pages.map((page) => page.evaluate(() => document.visibilityState)))).filter((state) => state === 'visible').length;
  const start = counted;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  const requests = counted - start;
  console.log(`${label.padEnd(8)} ${tabs} tabs (${visible} visible) ${await after()} for ${elapsed.toFixed(0)} s: ${requests} requests, ${(requests / elapsed).toFixed(2)} a second`);
  await Promise.all(pages.map((page) => page.close()));
}

const onProduct = (product: Product, label: string) => [
  `/products/${product.id}`,
  (page: Page) => page.getByRole('heading', { level: 2, name: 'In your stores' }).waitFor(),
  label,
  async () => `on one product (listing ${(await states(product.id)).join(', ')})`,
] as const;
console.log(`${tabs} studio tabs; requests the service received, counted in front of it`);
await measure(...onProduct(settled, 'settled'));
await measure(...onProduct(pending, 'pending'));
// The Sales screen asks for the totals every 15 s (and reads the table and chart again only when they change).
await measure('/sales', (page) => page.getByRole('heading', { level: 1, name: 'Sales' }).waitFor(), 'sales', async () => 'on Sales');
await browser.close();
proxy.close();
await gumroad.close();
service.kill('SIGTERM');
