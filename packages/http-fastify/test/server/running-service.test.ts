import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { exchange } from '../wire/raw-client.js';
import { assertRawProblem } from '../wire/support.js';
import { serviceEnv, spawnService, startSpawnedService, type SpawnedService } from './spawned-service.js';
import { runCliFromSources } from './cli-process.js';

const DEMO_PASSWORD = 'try-the-larder';
/** A built studio's stand-in (the real one is built by `pnpm start`, and in the first phase of `pnpm test`). */
const STUDIO_FIXTURE = fileURLToPath(new URL('../fixtures/studio/', import.meta.url));

/** The process ids of the service's image processes (its children running image-process-child). */
function imageChildren(servicePid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const parent = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
        return parent === servicePid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('image-process-child');
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function login(url: string, password: string): Promise<Response> {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password }),
  });
}

/** True once the service no longer takes new requests (connection refused, or 503 while it closes). */
async function refusesNewRequests(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const status = await fetch(`${url}/healthz`, { headers: { connection: 'close' } }).then((response) => response.status, () => 0);
    if (status === 0 || status === 503) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('the service started as the README starts it', () => {
  let service: SpawnedService;
  let token: string;

  before(async () => {
    service = await startSpawnedService(serviceEnv({ DEMO_PASSWORD, REQUEST_TIMEOUT_MS: '2000', STUDIO_DIR: STUDIO_FIXTURE }));
  });
  after(() => {
    if (service.child.exitCode === null) service.child.kill('SIGKILL');
  });

  it('says which database engine it took and that the embedded data is temporary', () => {
    assert.match(service.stderr(), /database engine: \S+/);
    assert.match(service.stderr(), /only as long as this process/);
    assert.match(service.stderr(), /sample library loaded: \d+ recipes, \d+ products/);
    assert.match(service.stderr(), /^\[larder\] e-mail to lead magnet subscribers is written to this log, not sent: set SMTP_URL and MAIL_FROM to send it$/m);
  });

  it('prints the embedded database as a paste-ready MONGODB_URL line, with which the CLI reads the same library', async () => {
    const line = /^\[larder\] .*?(MONGODB_URL=(mongodb:\/\/127\.0\.0\.1:\d+\/larder))$/m.exec(service.stderr());
    assert.ok(line, `no MONGODB_URL=mongodb://127.0.0.1:PORT/larder line in:\n${service.stderr()}`);
    const exported = await runCliFromSources(['recipes', 'export'], { ...process.env, MONGODB_URL: line[2], MONGODB_DB: '' });
    assert.equal(exported.code, 0, exported.stderr);
    const titles = exported.stdout.trim().split('\n').map((text) => (JSON.parse(text) as { title: string }).title);
    assert.equal(titles.length, Number(/sample library loaded: (\d+) recipes/.exec(service.stderr())?.[1]));
    assert.ok(titles.includes('Weeknight Chana Masala'));
  });

  it('prints the demo credentials on stdout in one block', () => {
    assert.match(service.stdout(), /email: +demo@example\.com\n +password: +try-the-larder\n/);
  });

  it('serves the studio from STUDIO_DIR at / and at its client-side routes, and names its address first', async () => {
    assert.match(service.stderr(), /\[larder\] listening on (http:\/\/\S+) \(the studio; API under \1\/api, reference at \1\/docs\)\n/);
    const page = readFileSync(`${STUDIO_FIXTURE}index.html`, 'utf8');
    for (const path of ['/', '/recipes/abc']) {
      const response = await fetch(`${service.url}${path}`, { headers: { accept: 'text/html' } });
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), page, path);
      assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'self'/, path);
    }
    const script = await fetch(`${service.url}/assets/app-abc123.js`);
    assert.equal(script.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${service.url}/healthz`);
    assert.equal(health.status, 200);
    const ready = await fetch(`${service.url}/readyz`);
    assert.equal(ready.status, 200);
  });

  it('answers a client that sends nothing within REQUEST_TIMEOUT_MS with a 408 problem, and logs it', { timeout: 30_000 }, async () => {
    const silent = await exchange(Number(new URL(service.url).port), () => undefined, 10_000);
    const { requestId } = assertRawProblem(silent, 408, 'request_timeout', 'silent client');
    assert.ok(silent.elapsedMs >= 1900 && silent.elapsedMs < 4000, `after ${Math.round(silent.elapsedMs)} ms`);
    // The log line is written as the 408 goes out; it reaches this process on its own time.
    await service.waitForStdout(new RegExp(`"reqId":"${requestId}".*"code":"request_timeout"`));
  });

  it('lets the demo user log in and search the sample library', async () => {
    assert.equal((await login(service.url, 'not-the-password')).status, 401);
    const response = await login(service.url, DEMO_PASSWORD);
    assert.equal(response.status, 200);
    token = ((await response.json()) as { token: string }).token;
    const search = await fetch(`${service.url}/api/recipes?q=chickpea`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(search.status, 200);
    const body = (await search.json()) as { data: { title: string }[] };
    assert.ok(body.data.some((recipe) => recipe.title === 'Weeknight Chana Masala'));
  });

  it('draws generated covers on its render threads, and uploads in its image process, a child of its own', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const recipes = (await (await fetch(`${service.url}/api/recipes?per_page=1`, { headers: auth })).json()) as { data: { id: string }[] };
    const recipeId = recipes.data[0]?.id ?? '';
    const product = (await (
      await fetch(`${service.url}/api/products`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'ebook', title: 'Drawn at Home', recipe_ids: [recipeId] }) })
    ).json()) as { id: string };
    const read = (await (await fetch(`${service.url}/api/products/${product.id}`, { headers: auth })).json()) as { cover: { generated: boolean; width: number; variants: { url: string }[] } | null };
    assert.deepEqual([read.cover?.generated, read.cover?.width], [true, 3000]);
    const largest = await fetch(`${service.url}${read.cover?.variants.at(-1)?.url ?? ''}`);
    assert.equal(largest.status, 200);
    assert.deepEqual(imageChildren(service.child.pid ?? 0), [], "no image process for the service's own drawing");
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#7a4b2a' } }).jpeg().toBuffer();
    const uploaded = await fetch(`${service.url}/api/recipes/${recipeId}/photo`, { method: 'PUT', headers: { ...auth, 'content-type': 'image/jpeg' }, body: jpeg });
    assert.equal(uploaded.status, 200, await uploaded.clone().text());
    const photo = ((await uploaded.json()) as { photo: { variants: { width: number }[] } }).photo;
    assert.ok(photo.variants.length > 0);
    assert.equal(imageChildren(service.child.pid ?? 0).length, 1, 'an upload: one image process, a child of the service');
  });

  it('on SIGTERM stops taking requests, finishes the one in flight, and exits 0', async () => {
    const body = JSON.stringify({ title: 'Toast', ingredients: ['2 slices bread', 'butter to taste'], servings: 1 });
    const half = Math.floor(body.length / 2);
    const { hostname, port } = new URL(service.url);
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const inFlight = request({
        host: hostname,
        port,
        method: 'POST',
        path: '/api/recipes',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // The server acknowledges the headers with 100 Continue, so the signal is sent while the request is in flight.
          expect: '100-continue',
        },
      });
      inFlight.on('error', reject);
      inFlight.on('response', (incoming) => {
        let text = '';
        incoming.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
      });
      inFlight.on('continue', () => {
        inFlight.write(body.slice(0, half));
        service.child.kill('SIGTERM');
        void service
          .waitForStderr('shutting down')
          .then(() => refusesNewRequests(service.url))
          .then((refused) => {
            assert.ok(refused, 'a new request was still served after SIGTERM');
            inFlight.end(body.slice(half));
          })
          .catch(reject);
      });
    });
    const completed = await response;
    assert.equal(completed.status, 201, completed.body);
    assert.equal((JSON.parse(completed.body) as { title: string }).title, 'Toast');
    assert.equal(await service.exited, 0);
    assert.match(service.stderr(), /stopped/);
  });
});

describe('start-up that cannot succeed', () => {
  it('stops with one line naming the variable and exit code 1', async () => {
    const spawned = spawnService(serviceEnv({ RATE_LIMIT_MAX: 'abc' }));
    assert.equal(await spawned.exited, 1);
    assert.equal(spawned.stderr(), 'invalid configuration: RATE_LIMIT_MAX must be a whole number ≥ 1, got "abc"\n');
  });

  it('stops with one line naming Redis when REDIS_URL does not answer', async () => {
    const spawned = spawnService(serviceEnv({ REDIS_URL: 'redis://:secret-password@127.0.0.1:1' }));
    assert.equal(await spawned.exited, 1);
    assert.match(spawned.stderr(), /^start-up failed: cannot connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 \(REDIS_URL\): .*ECONNREFUSED.*\n$/m);
    assert.doesNotMatch(spawned.stderr(), /secret-password|\n\s+at /);
  });

  it('stops with one line when MONGODB_URL cannot be reached, without trying an embedded engine', async () => {
    const spawned = spawnService(serviceEnv({ MONGODB_URL: 'mongodb://larder:secret-password@127.0.0.1:1/larder' }));
    assert.equal(await spawned.exited, 1);
    assert.match(spawned.stderr(), /^start-up failed: cannot connect to MongoDB at mongodb:\/\/larder:\*\*\*@127\.0\.0\.1:1\/larder/m);
    assert.doesNotMatch(spawned.stderr(), /secret-password|\n\s+at |database engine: (jongodb|testcontainers)/);
  });
});
