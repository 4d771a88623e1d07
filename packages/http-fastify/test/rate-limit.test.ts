/** Per-user limits on the API, and per-e-mail / per-address limits on login. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, PASSWORD, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';

describe('per-user rate limit', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { rateLimit: { max: 3, windowMs: 60_000 } } });
  });
  after(() => h.app.close());

  it('counts down on every response, then answers 429 rate_limited with Retry-After', async () => {
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await h.request({ method: 'GET', url: index === 1 ? '/api/products' : '/api/recipes' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-limit'], '3');
      assert.ok(Number(response.headers['ratelimit-reset']) > 0);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    assert.deepEqual(remaining, ['2', '1', '0'], 'one counter across routes');
    const limited = await h.request({ method: 'GET', url: '/api/recipes' });
    assertProblem(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal(limited.headers['ratelimit-remaining'], '0');
  });

  it('does not limit another user', async () => {
    await h.addUser('other@example.com');
    const token = (await h.login('other@example.com', PASSWORD)).json<{ token: string }>().token;
    const response = await h.request({ method: 'GET', url: '/api/recipes', token });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['ratelimit-remaining'], '2');
  });

  it('keys on the verified user, not on anything a client can forge', async () => {
    const forged = await h.request({ method: 'GET', url: '/api/recipes', token: `${h.token.slice(0, -2)}xx`, headers: { 'x-forwarded-for': '10.9.8.7' } });
    assertProblem(forged, 401, 'unauthorized');
    assertProblem(await h.request({ method: 'GET', url: '/api/recipes', headers: { 'x-forwarded-for': '10.1.1.1' } }), 429, 'rate_limited');
  });
});

describe('login rate limit', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { loginRateLimit: { max: 2, windowMs: 60_000 } } });
  });
  after(() => h.app.close());

  it('limits attempts per e-mail, whatever the address', async () => {
    await h.addUser('target@example.com');
    const from = (address: string, password: string) =>
      h.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email: 'Target@example.com', password } });
    assertProblem(await from('192.0.2.1', 'guess-1'), 401, 'invalid_credentials');
    assertProblem(await from('192.0.2.2', 'guess-2'), 401, 'invalid_credentials');
    const limited = await from('192.0.2.3', PASSWORD);
    assertProblem(limited, 429, 'rate_limited');
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });

  it('limits attempts per client address, whatever the e-mail', async () => {
    const from = (email: string) =>
      h.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.7', payload: { email, password: 'whatever1' } });
    assertProblem(await from('a@example.com'), 401, 'invalid_credentials');
    assertProblem(await from('b@example.com'), 401, 'invalid_credentials');
    assertProblem(await from('c@example.com'), 429, 'rate_limited');
  });
});
