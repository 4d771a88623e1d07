/**
 * The database goes away while the service runs: requests get a prompt 503 `unavailable` (never a hang, never a 500
 * with driver text), `/readyz` says not ready, and once the database is back on the same address the service serves
 * again without a restart. The service is started as `main.ts` starts it (`startService`), against the emulator on
 * a port this test owns, so that the emulator can be frozen (a network black hole), killed and started again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMongoRepositories, openDatabase } from '@larder/adapters-mongo';
import { ensureUser, scryptPasswordHasher, systemClock, uuidV7Generator } from '@larder/domain';
import { loadConfig } from '../../src/config.js';
import { startService, type RunningService } from '../../src/server.js';
import { emulatorBinary, startEmulator, type Emulator } from './support/emulator.js';
import { freePort } from '../support/free-port.js';

const ADMIN = { email: 'ops@example.com', password: 'outage-drill-password' };
/** A correctness bound, not a benchmark: a request that needs an unreachable database must be answered by then. */
const ANSWER_BOUND_MS = 10_000;
/** Driver and engine text that must never reach a client. */
const INTERNALS = /mongo|jongodb|127\.0\.0\.1|ECONN|EPIPE|topology|server selection|socket|timed out|stack|\bat \S+ \(/i;

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly ms: number;
}

const binary = emulatorBinary();

describe('a database that goes away and comes back', { skip: binary === undefined ? 'no jongodb binary on this platform' : false, timeout: 180_000 }, () => {
  let port: number;
  let emulator: Emulator;
  let service: RunningService;
  let token: string;
  let recipeId: string;

  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const started = Date.now();
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, ms: Date.now() - started };
  };

  const login = async (): Promise<string> => {
    const response = await fetch(`${service.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return ((await response.json()) as { token: string }).token;
  };

  /** Every kind of request that needs the database, at once, the way traffic keeps arriving during an outage. */
  const burst = () =>
    Promise.all([
      call('GET', '/api/recipes?q=soup'),
      call('GET', `/api/recipes/${recipeId}`),
      call('GET', `/api/recipes/${recipeId}?servings=4`),
      call('POST', '/api/recipes', { title: 'Written during the outage' }),
      call('PATCH', `/api/recipes/${recipeId}`, { notes: 'changed during the outage' }),
      call('GET', '/api/products'),
      call('GET', '/readyz'),
    ]);

  const assertUnavailable = (answers: readonly Answer[]) => {
    for (const answer of answers) {
      assert.ok(answer.ms < ANSWER_BOUND_MS, `answered after ${answer.ms} ms`);
      assert.equal(answer.status, 503, answer.text);
      assert.match(String(answer.headers.get('content-type')), /^application\/problem\+json/);
      assert.equal((JSON.parse(answer.text) as { code: string }).code, 'unavailable');
      assert.ok(Number(answer.headers.get('retry-after')) > 0, 'Retry-After in seconds');
      assert.doesNotMatch(answer.text, INTERNALS);
    }
  };

  // What is tested is that it comes back by itself, not how fast: on a busy machine (a CI run beside other work) the
  // emulator's JVM and the driver's next look at the server took over 30 s.
  const waitUntilReady = async (): Promise<void> => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if ((await fetch(`${service.url}/readyz`)).status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.fail('the service did not become ready again within 60 s');
  };

  before(async () => {
    port = await freePort();
    emulator = await startEmulator(binary ?? '', port);
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MONGODB_URL: emulator.url,
      MONGODB_DB: 'outage',
      JWT_SECRET: 'outage-test-secret-that-is-at-least-32-bytes-long',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      RENDER_WARM: 'false',
    })._unsafeUnwrap();
    service = await startService(config, { log: { info: () => undefined, warn: () => undefined } });
    token = await login();
    const created = await call('POST', '/api/recipes', { title: 'Lentil soup', servings: 2, ingredients: ['1 cup lentils'] });
    assert.equal(created.status, 201, created.text);
    recipeId = (JSON.parse(created.text) as { id: string }).id;
  });

  after(async () => {
    await service.stop();
    await emulator.stop();
  });

  it('answers 503 unavailable promptly while the database answers nothing (frozen), and recovers when it answers again', async () => {
    emulator.freeze();
    try {
      assertUnavailable(await burst());
    } finally {
      emulator.thaw();
    }
    await waitUntilReady();
    const read = await call('GET', `/api/recipes/${recipeId}`);
    assert.equal(read.status, 200, read.text);
  });

  it('answers 503 unavailable promptly once the database process is gone, and /readyz says so', async () => {
    await emulator.stop();
    assertUnavailable(await burst());
    const health = await fetch(`${service.url}/healthz`);
    assert.equal(health.status, 200, 'the process itself is up');
  });

  it('serves again by itself once a database is back on the same address (its data gone: a new user, a new recipe)', async () => {
    emulator = await startEmulator(binary ?? '', port);
    await waitUntilReady();
    const fresh = await openDatabase({ url: emulator.url, dbName: 'outage', logger: () => undefined });
    try {
      const users = createMongoRepositories(fresh.db).users;
      const deps = { users, hasher: scryptPasswordHasher(), clock: systemClock, ids: uuidV7Generator };
      (await ensureUser(deps)(ADMIN))._unsafeUnwrap();
    } finally {
      await fresh.close();
    }
    token = await login();
    const created = await call('POST', '/api/recipes', { title: 'After the outage' });
    assert.equal(created.status, 201, created.text);
    const list = await call('GET', '/api/recipes?q=outage');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual((JSON.parse(list.text) as { data: { title: string }[] }).data.map((recipe) => recipe.title), ['After the outage']);
  });
});
