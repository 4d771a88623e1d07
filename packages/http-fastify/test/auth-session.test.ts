/** Browser sessions: the cookie, the Origin rule for changes, renewal, sign-out everywhere, and their limits. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { InMemoryBrowserSessionRepository } from '@larder/domain/testing';
import type { LightMyRequestResponse } from 'fastify';
import { EMAIL, harness, PASSWORD, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';

/** The harness's PUBLIC_URL, and so the only origin a cookie-authenticated change may come from. */
const OWN_ORIGIN = 'http://127.0.0.1:3000';
const HOUR = 3_600_000;

interface SessionBody {
  user: { id: string; email: string };
  expires_at: string;
}

const setCookieOf = (response: LightMyRequestResponse): string | undefined => {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header.join('\n') : header;
};

/** The session token a sign-in's Set-Cookie carries. */
const tokenOf = (response: LightMyRequestResponse): string => {
  const token = /^larder_session=([^;]*)/.exec(setCookieOf(response) ?? '')?.[1];
  assert.ok(token !== undefined && token !== '', `no session cookie in ${String(setCookieOf(response))}`);
  return token;
};

const signIn = (h: Harness, body: object = { email: EMAIL, password: PASSWORD }, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/auth/session', payload: body, headers });

/** A request with the session cookie and no bearer token. */
const withCookie = (h: Harness, token: string, options: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object; origin?: string }) =>
  h.request({
    method: options.method ?? 'GET',
    url: options.url,
    token: null,
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: { cookie: `theme=dark; larder_session=${token}`, ...(options.origin === undefined ? {} : { origin: options.origin }) },
  });

describe('browser sessions', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('sign-in sets an HttpOnly, SameSite=Strict cookie for 7 days and answers the user, never the token', async () => {
    const response = await signIn(h, { email: ' Cook@Example.com ', password: PASSWORD });
    assert.equal(response.statusCode, 200, response.body);
    const token = tokenOf(response);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(setCookieOf(response), `larder_session=${token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict`);
    const body = response.json<SessionBody>();
    assert.deepEqual(body.user, { id: h.userId, email: EMAIL });
    assert.ok(Math.abs(Date.parse(body.expires_at) - (h.clock.now().getTime() + 7 * 24 * HOUR)) < 1000, body.expires_at);
    assert.ok(!response.body.includes(token), 'the token is in the cookie only');
    assert.equal(response.headers['x-refreshed-token'], undefined);
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  it('GET /api/auth/session answers the signed-in user, and 401 without a usable cookie', async () => {
    const signedIn = await signIn(h);
    const token = tokenOf(signedIn);
    const current = await withCookie(h, token, { url: '/api/auth/session' });
    assert.equal(current.statusCode, 200, current.body);
    assert.deepEqual(current.json<SessionBody>(), signedIn.json<SessionBody>());
    assert.equal(current.headers['x-refreshed-token'], undefined);
    assertProblem(await h.app.inject({ method: 'GET', url: '/api/auth/session' }), 401, 'unauthorized');
    assertProblem(await withCookie(h, 'A'.repeat(43), { url: '/api/auth/session' }), 401, 'unauthorized');
    assertProblem(await withCookie(h, 'not-a-token', { url: '/api/auth/session' }), 401, 'unauthorized');
    // A login token is not a session.
    assertProblem(await h.request({ method: 'GET', url: '/api/auth/session' }), 401, 'unauthorized');
  });

  it('authenticates the protected routes, with no refreshed token, full rights and the per-user limit', async () => {
    const token = tokenOf(await signIn(h));
    const listed = await withCookie(h, token, { url: '/api/recipes' });
    assert.equal(listed.statusCode, 200, listed.body);
    assert.equal(listed.headers['x-refreshed-token'], undefined, 'the token must never reach JavaScript');
    assert.equal(listed.headers['x-refreshed-token-expires-at'], undefined);
    assert.equal(listed.headers['cache-control'], 'no-store');
    assert.ok(listed.headers['ratelimit-remaining'] !== undefined, 'counted against the user');
    // Full rights, as a login token: API keys are refused here whatever their scopes.
    assert.equal((await withCookie(h, token, { url: '/api/api-keys' })).statusCode, 200);
  });

  it('accepts a change signed in by cookie only from the service’s own origin (403 forbidden otherwise)', async () => {
    const token = tokenOf(await signIn(h));
    const create = (origin?: string) => withCookie(h, token, { method: 'POST', url: '/api/recipes', body: { title: 'Cookie crumble' }, ...(origin === undefined ? {} : { origin }) });
    assertProblem(await create(), 403, 'forbidden');
    assertProblem(await create('https://evil.example'), 403, 'forbidden');
    assertProblem(await create('http://127.0.0.1:3001'), 403, 'forbidden');
    assertProblem(await create('null'), 403, 'forbidden');
    const created = await create(OWN_ORIGIN);
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.headers['x-refreshed-token'], undefined);
    const id = created.json<{ id: string }>().id;
    assertProblem(await withCookie(h, token, { method: 'PATCH', url: `/api/recipes/${id}`, body: { title: 'Nope' } }), 403, 'forbidden');
    assertProblem(await withCookie(h, token, { method: 'DELETE', url: `/api/recipes/${id}`, origin: 'https://evil.example' }), 403, 'forbidden');
    assert.equal((await withCookie(h, token, { method: 'PATCH', url: `/api/recipes/${id}`, body: { title: 'Cookie crumble pie' }, origin: OWN_ORIGIN })).statusCode, 200);
    // Reads need no Origin.
    assert.equal((await withCookie(h, token, { url: `/api/recipes/${id}`, origin: 'https://evil.example' })).statusCode, 200);
  });

  it('leaves bearer tokens as they were: no Origin needed, and the bearer wins over the cookie', async () => {
    const token = tokenOf(await signIn(h));
    const created = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Bearer bread' } });
    assert.equal(created.statusCode, 201, created.body);
    assert.ok(created.headers['x-refreshed-token'] !== undefined);
    const both = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Both' }, headers: { cookie: `larder_session=${token}` } });
    assert.equal(both.statusCode, 201, 'a bearer request needs no Origin, cookie or not');
    assert.ok(both.headers['x-refreshed-token'] !== undefined, 'authenticated by the bearer token');
    const badBearer = await h.request({ method: 'GET', url: '/api/recipes', token: 'not.a.jwt', headers: { cookie: `larder_session=${token}` } });
    assertProblem(badBearer, 401, 'unauthorized');
  });

  it('sign-out ends the session on the server: the same cookie replayed is refused', async () => {
    const signedIn = await signIn(h);
    const token = tokenOf(signedIn);
    assert.equal((await withCookie(h, token, { url: '/api/recipes' })).statusCode, 200, 'cached for this second');
    const out = await withCookie(h, token, { method: 'DELETE', url: '/api/auth/session', origin: OWN_ORIGIN });
    assert.equal(out.statusCode, 200, out.body);
    assert.deepEqual(out.json<SessionBody>(), signedIn.json<SessionBody>());
    assert.equal(setCookieOf(out), 'larder_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict');
    assertProblem(await withCookie(h, token, { url: '/api/recipes' }), 401, 'unauthorized');
    assertProblem(await withCookie(h, token, { url: '/api/auth/session' }), 401, 'unauthorized');
    const again = await withCookie(h, token, { method: 'DELETE', url: '/api/auth/session', origin: OWN_ORIGIN });
    assertProblem(again, 401, 'unauthorized');
    assert.equal(setCookieOf(again), 'larder_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict', 'still cleared');
    const none = await h.app.inject({ method: 'DELETE', url: '/api/auth/session' });
    assertProblem(none, 401, 'unauthorized');
    assert.match(String(setCookieOf(none)), /^larder_session=; Max-Age=0;/);
  });

  it('refuses a sign-out from another origin and leaves the session working', async () => {
    const token = tokenOf(await signIn(h));
    const out = await withCookie(h, token, { method: 'DELETE', url: '/api/auth/session', origin: 'https://evil.example' });
    assertProblem(out, 403, 'forbidden');
    assert.equal(setCookieOf(out), undefined);
    assert.equal((await withCookie(h, token, { url: '/api/auth/session' })).statusCode, 200);
  });

  it('refuses a wrong password or an unknown e-mail alike, with no cookie', async () => {
    const wrong = await signIn(h, { email: EMAIL, password: 'wrong password' });
    const unknown = await signIn(h, { email: 'nobody@example.com', password: PASSWORD });
    assertProblem(wrong, 401, 'invalid_credentials');
    assert.equal(wrong.body, unknown.body);
    assert.equal(setCookieOf(wrong), undefined);
    assertProblem(await signIn(h, { email: EMAIL }), 400, 'validation_failed');
  });

  it('signs in from the service’s own origin or from no browser at all, never from another origin', async () => {
    assert.equal((await signIn(h, undefined, { origin: OWN_ORIGIN })).statusCode, 200);
    const foreign = await signIn(h, undefined, { origin: 'https://evil.example' });
    assertProblem(foreign, 403, 'forbidden');
    assert.equal(setCookieOf(foreign), undefined);
  });

  it('renews the session to 7 days from now at most once an hour, saying so with the cookie again', async () => {
    const token = tokenOf(await signIn(h));
    h.clock.advance(HOUR / 2);
    const early = await withCookie(h, token, { url: '/api/recipes' });
    assert.equal(setCookieOf(early), undefined, 'not renewed within the hour');
    h.clock.advance(HOUR / 2 + 1000);
    const due = await withCookie(h, token, { url: '/api/recipes' });
    assert.equal(setCookieOf(due), `larder_session=${token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict`);
    const current = (await withCookie(h, token, { url: '/api/auth/session' })).json<SessionBody>();
    assert.ok(Math.abs(Date.parse(current.expires_at) - (h.clock.now().getTime() + 7 * 24 * HOUR)) < 2000, current.expires_at);
    h.clock.advance(1000);
    assert.equal(setCookieOf(await withCookie(h, token, { url: '/api/recipes' })), undefined, 'once, not on every request after');
  });

  it('stops working within a second of its user being removed', async () => {
    const userId = await h.addUser('leaving@example.com');
    const token = tokenOf(await signIn(h, { email: 'leaving@example.com', password: PASSWORD }));
    assert.equal((await withCookie(h, token, { url: '/api/recipes' })).statusCode, 200);
    (await h.users.remove(userId))._unsafeUnwrap();
    h.clock.advance(1000);
    assertProblem(await withCookie(h, token, { url: '/api/recipes' }), 401, 'unauthorized');
  });
});

describe('browser sessions with an https PUBLIC_URL', () => {
  it('mark the cookie Secure, and clear it Secure', async () => {
    const h = await harness({ publicUrl: 'https://larder.example.com/studio' });
    try {
      const response = await signIn(h);
      const token = tokenOf(response);
      assert.equal(setCookieOf(response), `larder_session=${token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict; Secure`);
      assertProblem(await withCookie(h, token, { method: 'POST', url: '/api/recipes', body: { title: 'x' }, origin: 'http://larder.example.com' }), 403, 'forbidden');
      const out = await withCookie(h, token, { method: 'DELETE', url: '/api/auth/session', origin: 'https://larder.example.com' });
      assert.equal(out.statusCode, 200, out.body);
      assert.equal(setCookieOf(out), 'larder_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure');
    } finally {
      await h.app.close();
    }
  });
});

describe('browser sessions on two instances sharing one store', () => {
  it('a sign-out on one instance ends the session on the other within a second', async () => {
    const browserSessions = new InMemoryBrowserSessionRepository();
    const a = await harness({ browserSessions });
    const b = await harness({ browserSessions, users: a.users });
    try {
      const token = tokenOf(await signIn(a));
      const copied = tokenOf(await signIn(a));
      assert.equal((await withCookie(b, token, { url: '/api/recipes' })).statusCode, 200, 'the other instance knows the session');
      assert.equal((await withCookie(a, token, { method: 'DELETE', url: '/api/auth/session', origin: OWN_ORIGIN })).statusCode, 200);
      assert.equal((await withCookie(a, copied, { method: 'DELETE', url: '/api/auth/session', origin: OWN_ORIGIN })).statusCode, 200);
      assertProblem(await withCookie(b, copied, { url: '/api/recipes' }), 401, 'unauthorized');
      b.clock.advance(1000);
      assertProblem(await withCookie(b, token, { url: '/api/recipes' }), 401, 'unauthorized');
      assertProblem(await withCookie(b, token, { url: '/api/auth/session' }), 401, 'unauthorized');
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});

describe('browser session limits', () => {
  it('sign-in shares the login limits per e-mail and per address', async () => {
    const h = await harness({ config: { loginRateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      await h.addUser('limited@example.com');
      const attempt = (url: string, password: string, remoteAddress: string) =>
        h.app.inject({ method: 'POST', url, remoteAddress, payload: { email: 'limited@example.com', password } });
      assertProblem(await attempt('/api/auth/login', 'guess-1', '192.0.2.1'), 401, 'invalid_credentials');
      assertProblem(await attempt('/api/auth/session', 'guess-2', '192.0.2.2'), 401, 'invalid_credentials');
      const limited = await attempt('/api/auth/session', PASSWORD, '192.0.2.3');
      assertProblem(limited, 429, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      assert.equal(setCookieOf(limited), undefined);
      const perAddress = (email: string) => h.app.inject({ method: 'POST', url: '/api/auth/session', remoteAddress: '198.51.100.7', payload: { email, password: 'guess' } });
      await perAddress('a@example.com');
      await perAddress('b@example.com');
      assertProblem(await perAddress('c@example.com'), 429, 'rate_limited');
    } finally {
      await h.app.close();
    }
  });

  it('counts cookie requests against the per-user limit', async () => {
    const h = await harness({ config: { rateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      const token = tokenOf(await signIn(h));
      assert.equal((await withCookie(h, token, { url: '/api/recipes' })).statusCode, 200);
      assert.equal((await withCookie(h, token, { url: '/api/auth/session' })).statusCode, 200);
      assertProblem(await withCookie(h, token, { url: '/api/recipes' }), 429, 'rate_limited');
    } finally {
      await h.app.close();
    }
  });
});

describe('browser sessions in the log', () => {
  it('never log the session token, in a request’s cookie or a response’s Set-Cookie', async () => {
    const lines: string[] = [];
    const h = await harness({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const token = tokenOf(await signIn(h));
      await withCookie(h, token, { url: '/api/recipes' });
      h.clock.advance(HOUR + 1000);
      await withCookie(h, token, { url: '/api/recipes' });
      await withCookie(h, token, { method: 'POST', url: '/api/recipes', body: { title: 'Logged' }, origin: 'https://evil.example' });
      await withCookie(h, token, { method: 'DELETE', url: '/api/auth/session', origin: OWN_ORIGIN });
      assert.ok(lines.some((line) => line.includes('/api/auth/session')), 'the requests are logged');
      assert.deepEqual(lines.filter((line) => line.includes(token)), []);
    } finally {
      await h.app.close();
    }
  });
});
