/**
 * Forged, tampered, expired and orphaned tokens, and every wrong way to present one: each is a 401 `unauthorized`
 * with a `WWW-Authenticate: Bearer` challenge, and none gets a refreshed token.
 *
 * Decision (RFC 9110 §11.1, RFC 6750 §2.1): the scheme name is case-insensitive, so `bearer` and `BEARER` are
 * accepted; exactly one token, in the Authorization header only (not in the query string, a cookie or another header).
 */
import assert from 'node:assert/strict';
import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { primaryTestEngine, startTestDatabase, type TestDatabase } from '@larder/adapters-mongo/testing';
import type { LightMyRequestResponse } from 'fastify';
import { harness, PASSWORD, SECRET, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';
import { mongoApi, type Api } from '../reliability/support/mongo-api.js';

// Decided before any test is registered: the in-memory suites below must not start while this waits.
// Authentication, not storage: the primary engine is enough (docs/testing.md, "Which database").
const engines = await primaryTestEngine();

const base64url = (value: object | string): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hs256 = (unsigned: string, secret: string | Buffer) => createHmac('sha256', secret).update(unsigned).digest('base64url');

function forge(header: object, payload: object, sign: (unsigned: string) => string): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  return `${unsigned}.${sign(unsigned)}`;
}

function assertRefused(response: LightMyRequestResponse, label: string): void {
  assert.equal(response.statusCode, 401, `${label}: ${response.body}`);
  assertProblem(response, 401, 'unauthorized');
  assert.match(String(response.headers['www-authenticate']), /^Bearer realm="larder"/, label);
  assert.equal(response.headers['x-refreshed-token'], undefined, `${label} got a refreshed token`);
}

describe('tokens the service must refuse', () => {
  let h: Harness;
  let otherUserId: string;
  const now = () => h.nowSeconds();
  const claims = (extra: object = {}) => ({ sub: h.userId, iat: now(), exp: now() + 3600, ...extra });
  const withAuthorization = (authorization: string, url = '/api/recipes') => h.app.inject({ method: 'GET', url, headers: { authorization } });

  before(async () => {
    h = await harness({ config: { rateLimit: { max: 100_000, windowMs: 60_000 } } });
    otherUserId = await h.addUser('other@example.com');
  });
  after(() => h.app.close());

  it('refuses alg none, in every spelling', async () => {
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const unsigned = `${base64url({ alg, typ: 'JWT' })}.${base64url(claims())}`;
      assertRefused(await withAuthorization(`Bearer ${unsigned}.`), `alg ${alg}, no signature`);
      assertRefused(await withAuthorization(`Bearer ${unsigned}.${hs256(unsigned, SECRET)}`), `alg ${alg}, with a signature`);
    }
  });

  it('refuses a token signed with another key', async () => {
    for (const key of ['another-secret-that-is-long-enough-for-hs256-000', '', SECRET.slice(0, -1)]) {
      assertRefused(await withAuthorization(`Bearer ${forge({ alg: 'HS256', typ: 'JWT' }, claims(), (u) => hs256(u, key))}`), `key ${JSON.stringify(key)}`);
    }
  });

  it('refuses HS/RS algorithm confusion: RS256 tokens, and HMACs keyed with a public key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' });
    const rs256 = (unsigned: string) => createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url');
    const forged = [
      forge({ alg: 'RS256', typ: 'JWT' }, claims(), rs256),
      forge({ alg: 'RS256', typ: 'JWT' }, claims(), (u) => hs256(u, publicPem)),
      forge({ alg: 'HS256', typ: 'JWT' }, claims(), (u) => hs256(u, publicPem)),
      forge({ alg: 'HS512', typ: 'JWT' }, claims(), (u) => createHmac('sha512', SECRET).update(u).digest('base64url')),
      forge({ alg: 'ES256', typ: 'JWT' }, claims(), (u) => hs256(u, SECRET)),
    ];
    for (const [index, token] of forged.entries()) assertRefused(await withAuthorization(`Bearer ${token}`), `forgery ${index}`);
  });

  it('refuses a payload changed after signing (another user, a later expiry)', async () => {
    const [header, , signature] = h.token.split('.');
    for (const payload of [claims({ sub: otherUserId }), claims({ exp: now() + 10 * 365 * 86_400 }), { ...claims(), admin: true }]) {
      assertRefused(await withAuthorization(`Bearer ${header}.${base64url(payload)}.${signature}`), JSON.stringify(payload));
    }
    const changed = `${signature?.startsWith('A') === true ? 'B' : 'A'}${signature?.slice(1) ?? ''}`;
    assertRefused(await withAuthorization(`Bearer ${header}.${h.token.split('.')[1]}.${changed}`), 'changed signature');
  });

  it('refuses an expired token and a token without an expiry or a subject', async () => {
    const signed = (payload: object) => `Bearer ${forge({ alg: 'HS256', typ: 'JWT' }, payload, (u) => hs256(u, SECRET))}`;
    assertRefused(await withAuthorization(signed(claims({ iat: now() - 7200, exp: now() - 1 }))), 'expired');
    assertRefused(await withAuthorization(signed({ sub: h.userId, iat: now() })), 'no exp');
    assertRefused(await withAuthorization(signed({ sub: '', iat: now(), exp: now() + 60 })), 'empty sub');
    assertRefused(await withAuthorization(signed({ sub: 42, iat: now(), exp: now() + 60 })), 'numeric sub');
    assertRefused(await withAuthorization(signed(claims({ sub: 'no-such-user' }))), 'unknown user');
    assert.equal((await withAuthorization(signed(claims()))).statusCode, 200, 'a well-formed token of ours passes');
  });

  it('refuses a token without iat, or living longer than 7 days, even one signed with our own secret', async () => {
    const signed = (payload: object) => `Bearer ${forge({ alg: 'HS256', typ: 'JWT' }, payload, (u) => hs256(u, SECRET))}`;
    const week = 7 * 24 * 3600;
    const year2200 = Math.floor(Date.UTC(2200, 0, 1) / 1000);
    assertRefused(await withAuthorization(signed({ sub: h.userId, exp: now() + 3600 })), 'no iat');
    assertRefused(await withAuthorization(signed({ sub: h.userId, exp: year2200 })), 'no iat, exp in 2200');
    assertRefused(await withAuthorization(signed(claims({ exp: year2200 }))), 'iat now, exp in 2200');
    assertRefused(await withAuthorization(signed(claims({ exp: now() + week + 1 }))), 'lifetime 7 days + 1 s');
    assertRefused(await withAuthorization(signed(claims({ iat: year2200 - week, exp: year2200 }))), 'a 7-day token issued in the future');
    assertRefused(await withAuthorization(signed(claims({ iat: String(now()) }))), 'iat not a number');
    const response = await withAuthorization(signed(claims({ exp: now() + week })));
    assert.equal(response.statusCode, 200, 'exactly 7 days passes');
  });

  it('refuses the token in the wrong place or form', async () => {
    const token = h.token;
    const forms = ['Bearer', 'Bearer ', `Token ${token}`, `JWT ${token}`, `Basic ${base64url(`cook@example.com:${PASSWORD}`)}`, token,
      `Bearer ${token} ${token}`, `Bearer ${token}, Bearer ${token}`, `Bearer ${token},${token}`, `Bearer "${token}"`, `Bearer\t${token}`,
      `Bearer ${token}.`, `Bearer ${token.split('.').slice(0, 2).join('.')}`];
    for (const form of forms) assertRefused(await withAuthorization(form), form.slice(0, 30));
    const elsewhere = [
      h.app.inject({ method: 'GET', url: `/api/recipes?access_token=${token}` }),
      h.app.inject({ method: 'GET', url: '/api/recipes', headers: { cookie: `token=${token}; access_token=${token}` } }),
      h.app.inject({ method: 'GET', url: '/api/recipes', headers: { 'x-refreshed-token': token, 'x-access-token': token } }),
    ];
    for (const response of await Promise.all(elsewhere)) assertRefused(response, 'token outside the Authorization header');
  });

  it('accepts the scheme in any case, as RFC 9110 says it is case-insensitive', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const response = await withAuthorization(`${scheme} ${h.token}`);
      assert.equal(response.statusCode, 200, scheme);
    }
  });
});

for (const engine of engines) {
  describe(`the token of a user deleted from MongoDB [${engine.label}]`, () => {
    let database: TestDatabase;
    let api: Api;
    before(async () => {
      database = await startTestDatabase(engine);
      api = await mongoApi(database);
    });
    after(async () => {
      await api.app.close();
      await database.stop();
    });

    it('stops working once the user is removed through the repository (existence is cached for one second)', async () => {
      const userId = await api.addUser('leaving@example.com');
      const token = (await api.login('leaving@example.com', PASSWORD)).json<{ token: string }>().token;
      assert.equal((await api.request({ method: 'GET', url: '/api/recipes', token })).statusCode, 200);
      assert.equal((await api.users.remove(userId))._unsafeUnwrap(), true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assertRefused(await api.request({ method: 'GET', url: '/api/recipes', token }), 'deleted user');
      assert.equal((await api.request({ method: 'GET', url: '/api/recipes' })).statusCode, 200, 'other users are unaffected');
    });
  });
}
