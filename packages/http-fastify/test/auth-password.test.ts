/** PUT /api/auth/password: the current password checked, the new one kept, every other browser signed out, this one kept. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { EMAIL, harness, PASSWORD, type Harness } from './support/harness.js';

const OWN_ORIGIN = 'http://127.0.0.1:3000';
const NEW_PASSWORD = 'a longer kitchen phrase';

const cookieToken = (response: LightMyRequestResponse): string | undefined => {
  const header = response.headers['set-cookie'];
  return /^larder_session=([^;]*)/.exec(Array.isArray(header) ? header.join('\n') : (header ?? ''))?.[1];
};

describe('PUT /api/auth/password', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  const signIn = async (password: string) => cookieToken(await h.app.inject({ method: 'POST', url: '/api/auth/session', payload: { email: EMAIL, password } }));
  const whoAmI = (token: string) => h.request({ method: 'GET', url: '/api/auth/session', token: null, headers: { cookie: `larder_session=${token}` } });
  const change = (body: object, token: string | null = h.token, headers: Record<string, string> = {}) => h.request({ method: 'PUT', url: '/api/auth/password', token, body, headers });

  it('refuses a wrong current password (401 invalid_credentials) and a short new one (400 at /new_password), changing nothing', async () => {
    const wrong = await change({ current_password: 'not the password', new_password: NEW_PASSWORD });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json<{ code: string }>().code, 'invalid_credentials');
    const short = await change({ current_password: PASSWORD, new_password: 'short' });
    assert.equal(short.statusCode, 400);
    assert.deepEqual(short.json<{ code: string; errors: { pointer: string }[] }>().errors.map((error) => error.pointer), ['/new_password']);
    const extra = await change({ current_password: PASSWORD, new_password: NEW_PASSWORD, email: 'x@example.com' });
    assert.equal(extra.statusCode, 400);
    assert.ok((await signIn(PASSWORD)) !== undefined, 'the old password still signs in');
  });

  it('refuses an API key (403) and a session from another origin (403)', async () => {
    const key = (await h.request({ method: 'POST', url: '/api/api-keys', body: { name: 'all', scopes: ['recipes:read', 'recipes:write', 'products:read', 'products:write', 'sales:read', 'webhooks:write'] } })).json<{ key: string }>().key;
    assert.equal((await change({ current_password: PASSWORD, new_password: NEW_PASSWORD }, key)).statusCode, 403);
    const session = await signIn(PASSWORD);
    assert.ok(session !== undefined);
    const foreign = await change({ current_password: PASSWORD, new_password: NEW_PASSWORD }, null, { cookie: `larder_session=${session}`, origin: 'https://elsewhere.example' });
    assert.equal(foreign.statusCode, 403);
  });

  it('changes it from a browser: other browsers are signed out, this one gets a new session, only the new password signs in', async () => {
    const here = await signIn(PASSWORD);
    const elsewhere = await signIn(PASSWORD);
    assert.ok(here !== undefined && elsewhere !== undefined);
    const changed = await change({ current_password: PASSWORD, new_password: NEW_PASSWORD }, null, { cookie: `larder_session=${here}`, origin: OWN_ORIGIN });
    assert.equal(changed.statusCode, 200, changed.body);
    const body = changed.json<{ user: { email: string }; ended_sessions: number }>();
    assert.equal(body.user.email, EMAIL);
    assert.ok(body.ended_sessions >= 2);
    const renewed = cookieToken(changed);
    assert.ok(renewed !== undefined && renewed !== here);
    // Sessions are cached for the current second of the clock: the next second, the ended ones are gone.
    h.clock.advance(1000);
    assert.equal((await whoAmI(elsewhere)).statusCode, 401, 'the other browser is signed out');
    assert.equal((await whoAmI(here)).statusCode, 401, 'the old cookie of this browser too');
    assert.equal((await whoAmI(renewed)).statusCode, 200, 'this browser goes on with its new cookie');
    assert.equal(await signIn(PASSWORD), undefined, 'the old password no longer signs in');
    assert.ok((await signIn(NEW_PASSWORD)) !== undefined);
  });
});
