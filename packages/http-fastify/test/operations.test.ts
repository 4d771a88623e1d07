/** Health and readiness, request ids, CORS, security headers, and what the logs never contain. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
  InMemoryApiKeyRepository,
  InMemoryBrowserSessionRepository,
  InMemoryFileStore,
  InMemoryIdempotencyStore,
  InMemoryProductRepository,
  InMemoryRecipeRepository,
  InMemoryUserRepository,
  ManualClock,
  plainTextHasher,
  sequentialIds,
} from '@larder/domain/testing';
import { addUser, inlineRenderQueue } from '@larder/domain';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { buildApp } from '../src/index.js';
import { harness, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';
import { inMemoryPublishing } from './support/publishing.js';

describe('health and readiness', () => {
  it('/healthz answers while the process runs; /readyz follows the database', async () => {
    let reachable = true;
    const h = await harness({ readiness: async () => reachable });
    const health = await h.app.inject({ method: 'GET', url: '/healthz' });
    assert.deepEqual([health.statusCode, health.json(), health.headers['cache-control']], [200, { status: 'ok' }, 'no-store']);
    assert.deepEqual((await h.app.inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ready' });
    reachable = false;
    const down = await h.app.inject({ method: 'GET', url: '/readyz' });
    assertProblem(down, 503, 'unavailable');
    assert.ok(Number(down.headers['retry-after']) > 0);
    assert.equal((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    await h.app.close();
  });

  it('/readyz is 503 when the readiness check itself fails', async () => {
    const h = await harness({ readiness: () => Promise.reject(new Error('driver: connection refused')) });
    const response = await h.app.inject({ method: 'GET', url: '/readyz' });
    assertProblem(response, 503, 'unavailable');
    assert.doesNotMatch(response.body, /driver|refused/);
    await h.app.close();
  });
});

describe('request ids, CORS and security headers', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('echoes a safe X-Request-Id and replaces an unsafe one', async () => {
    const kept = await h.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-42.a' } });
    assert.equal(kept.headers['x-request-id'], 'trace-42.a');
    const replaced = await h.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const generated = await h.request({ method: 'GET', url: '/api/recipes/none' });
    assert.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('answers a CORS preflight from an allowed origin without a token, and not for other origins', async () => {
    const preflight = (origin: string) =>
      h.app.inject({
        method: 'OPTIONS', url: '/api/recipes/abc',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, if-match, content-type' },
      });
    const allowed = await preflight('https://app.example.com');
    assert.equal(allowed.statusCode, 204);
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example.com');
    assert.match(String(allowed.headers['access-control-allow-methods']), /PATCH/);
    assert.match(String(allowed.headers['access-control-allow-headers']), /If-Match/);
    const other = await preflight('https://evil.example.net');
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });

  it('sends the usual security headers', async () => {
    const response = await h.request({ method: 'GET', url: '/api/recipes' });
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.ok(response.headers['strict-transport-security']);
    assert.equal(response.headers['x-powered-by'], undefined);
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or Authorization headers, and carry the request id of a failure', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const users = new InMemoryUserRepository();
    const clock = new ManualClock(new Date(), 1);
    const recipes = new InMemoryRecipeRepository();
    const broken = Object.assign(Object.create(recipes) as InMemoryRecipeRepository, {
      list: () => {
        throw new Error('boom');
      },
    });
    await addUser({ users, hasher: plainTextHasher, clock, ids: sequentialIds('u') })({ email: 'log@example.com', password: 'a secret passphrase' });
    const app = await buildApp({
      recipes: broken, products: new InMemoryProductRepository(), users, clock, ids: sequentialIds('id'), hasher: plainTextHasher,
      idempotency: new InMemoryIdempotencyStore(),
      apiKeys: new InMemoryApiKeyRepository(),
      browserSessions: new InMemoryBrowserSessionRepository(),
      publishing: inMemoryPublishing(),
      rendering: inlineRenderQueue(createDocumentRenderer()),
      files: new InMemoryFileStore(),
      readiness: async () => true,
      logger: { level: 'trace', stream },
      config: { jwtSecret: 'x'.repeat(40), rateLimit: { max: 100, windowMs: 60_000 }, salesPlatforms: ['etsy'], corsOrigins: '*' },
    });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'log@example.com', password: 'a secret passphrase' } });
    const token = login.json<{ token: string }>().token;
    const failed = await app.inject({ method: 'GET', url: '/api/recipes', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-trace-1' } });
    assertProblem(failed, 500, 'internal');
    app.log.info({ password: 'a secret passphrase', token, headers: { authorization: `Bearer ${token}` } }, 'a careless log line');
    await app.close();
    const log = lines.join('');
    assert.ok(!log.includes('a secret passphrase'), 'no password');
    assert.ok(!log.includes(token), 'no token');
    assert.ok(!log.includes(token.split('.')[2] ?? 'unreachable'), 'no signature');
    const errorLine = lines.map((line) => JSON.parse(line) as { level: number; reqId?: string; err?: { message: string } }).find((entry) => entry.level === 50);
    assert.equal(errorLine?.reqId, 'req-trace-1');
    assert.equal(errorLine?.err?.message, 'boom');
  });
});
