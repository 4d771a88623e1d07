/** Login, bearer tokens and the sliding refresh. */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { scryptPasswordHasher } from '@larder/domain';
import { ResultAsync } from 'neverthrow';
import { EMAIL, harness, PASSWORD, SECRET, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';

const base64url = (value: object | string): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT built by hand, so that tests can forge what the service must refuse. */
function forge(header: object, payload: object, secret = SECRET, algorithm = 'sha256'): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  return `${unsigned}.${createHmac(algorithm, secret).update(unsigned).digest('base64url')}`;
}

const claimsOf = (token: string): { sub: string; iat: number; exp: number } =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string; iat: number; exp: number };

describe('login', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('returns an HS256 token for the user, valid 7 days, with expires_at equal to its exp', async () => {
    const response = await h.login(' Cook@Example.com ', PASSWORD);
    assert.equal(response.statusCode, 200);
    const body = response.json<{ token: string; expires_at: string }>();
    const header = JSON.parse(Buffer.from(body.token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg: string };
    assert.equal(header.alg, 'HS256');
    const claims = claimsOf(body.token);
    assert.equal(claims.sub, h.userId);
    assert.equal(claims.exp - claims.iat, 7 * 24 * 3600);
    assert.equal(body.expires_at, new Date(claims.exp * 1000).toISOString());
    const use = await h.request({ method: 'GET', url: '/api/recipes', token: body.token });
    assert.equal(use.statusCode, 200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await h.login('nobody@example.com', PASSWORD);
    const wrong = await h.login(EMAIL, 'wrong password');
    assertProblem(unknown, 401, 'invalid_credentials');
    assert.equal(unknown.body, wrong.body);
  });

  it('refuses a body without the password, or with extra fields', async () => {
    assertProblem(await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL } }), 400, 'validation_failed');
    const extra = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: PASSWORD, admin: true } });
    assertProblem(extra, 400, 'validation_failed');
  });

  it('works with the real scrypt hasher, and still refuses a wrong password', async () => {
    const real = await harness({ hasher: scryptPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }) });
    assert.equal((await real.login(EMAIL, PASSWORD)).statusCode, 200);
    assertProblem(await real.login(EMAIL, `${PASSWORD}!`), 401, 'invalid_credentials');
    assertProblem(await real.login('ghost@example.com', PASSWORD), 401, 'invalid_credentials');
    await real.app.close();
  });
});

describe('bearer tokens', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  const refused = async (authorization: string | undefined, expectInvalidToken = true) => {
    const response = await h.app.inject({ method: 'GET', url: '/api/recipes', headers: authorization === undefined ? {} : { authorization } });
    assertProblem(response, 401, 'unauthorized');
    const challenge = String(response.headers['www-authenticate']);
    assert.match(challenge, /^Bearer realm="larder"/);
    assert.equal(challenge.includes('error="invalid_token"'), expectInvalidToken);
    assert.equal(response.headers['x-refreshed-token'], undefined);
  };

  it('refuses a missing, malformed or non-bearer Authorization header', async () => {
    await refused(undefined, false);
    await refused(`Basic ${base64url('cook:pw')}`);
    await refused('Bearer not-a-jwt');
    await refused(`Bearer ${h.token}.extra`);
  });

  it('refuses a token signed with another secret, alg none, or another algorithm', async () => {
    const now = h.nowSeconds();
    const claims = { sub: h.userId, iat: now, exp: now + 3600 };
    await refused(`Bearer ${forge({ alg: 'HS256', typ: 'JWT' }, claims, 'another secret')}`);
    await refused(`Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`);
    await refused(`Bearer ${forge({ alg: 'HS512', typ: 'JWT' }, claims, SECRET, 'sha512')}`);
    assert.equal((await h.request({ method: 'GET', url: '/api/recipes', token: forge({ alg: 'HS256', typ: 'JWT' }, claims) })).statusCode, 200);
  });

  it('refuses an expired token and one without a subject', async () => {
    const now = h.nowSeconds();
    await refused(`Bearer ${forge({ alg: 'HS256', typ: 'JWT' }, { sub: h.userId, iat: now - 100, exp: now - 1 })}`);
    await refused(`Bearer ${forge({ alg: 'HS256', typ: 'JWT' }, { iat: now, exp: now + 100 })}`);
  });

  it('refuses a token once its user has been removed (within the one-second existence cache)', async () => {
    const userId = await h.addUser('leaving@example.com');
    const token = (await h.login('leaving@example.com', PASSWORD)).json<{ token: string }>().token;
    assert.equal((await h.request({ method: 'GET', url: '/api/recipes', token })).statusCode, 200);
    (await h.users.remove(userId))._unsafeUnwrap();
    h.clock.advance(1000);
    await refused(`Bearer ${token}`);
  });

  it('asks the user store once for the requests that miss the one-second existence cache together', async () => {
    h.clock.advance(1000);
    const findById = h.users.findById.bind(h.users);
    let asked = 0;
    // Answered a little later, as a database would: the requests meanwhile all find the cache empty.
    h.users.findById = (id: string) => {
      asked += 1;
      return new ResultAsync(new Promise((resolve) => setTimeout(() => resolve(findById(id)), 20)));
    };
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => h.request({ method: 'GET', url: '/api/recipes' })));
      assert.deepEqual(answers.map((answer) => answer.statusCode), Array.from({ length: 10 }, () => 200));
      assert.equal(asked, 1);
    } finally {
      h.users.findById = findById;
    }
  });

  it('refreshes: a valid token gets a new one valid 7 days from now, on success and error responses alike', async () => {
    h.clock.advance(5000);
    const ok = await h.request({ method: 'GET', url: '/api/recipes' });
    const missing = await h.request({ method: 'GET', url: '/api/recipes/none' });
    for (const response of [ok, missing]) {
      const refreshed = String(response.headers['x-refreshed-token']);
      const claims = claimsOf(refreshed);
      assert.equal(claims.sub, h.userId);
      assert.ok(claims.iat > claimsOf(h.token).iat, 'issued later than the original token');
      assert.equal(response.headers['x-refreshed-token-expires-at'], new Date(claims.exp * 1000).toISOString());
      assert.equal(response.headers['cache-control'], 'no-store', 'no cache keeps a response that carries a token');
      assert.equal((await h.request({ method: 'GET', url: '/api/recipes', token: refreshed })).statusCode, 200);
    }
    assert.equal((await h.request({ method: 'GET', url: '/api/recipes', token: h.token })).statusCode, 200, 'the old token still works');
  });

  it('signs at most once per user per second, and again in the next second', async () => {
    const first = await h.request({ method: 'GET', url: '/api/recipes' });
    const second = await h.request({ method: 'GET', url: '/api/recipes' });
    assert.equal(first.headers['x-refreshed-token'], second.headers['x-refreshed-token']);
    h.clock.advance(1000);
    const later = await h.request({ method: 'GET', url: '/api/recipes' });
    assert.notEqual(later.headers['x-refreshed-token'], first.headers['x-refreshed-token']);
  });

  it('lists the refresh headers in Access-Control-Expose-Headers', async () => {
    const response = await h.request({ method: 'GET', url: '/api/recipes', headers: { origin: 'https://app.example.com' } });
    const exposed = String(response.headers['access-control-expose-headers']).toLowerCase();
    for (const name of ['x-refreshed-token', 'x-refreshed-token-expires-at', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
      assert.ok(exposed.includes(name), name);
    }
  });
});
