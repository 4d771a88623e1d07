import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_KEY_SCOPES, type ApiKeyScope } from '@larder/domain';
import { requiredScope } from '../src/plugins/api-key-scopes.js';
import { createEbook, createRecipe } from './support/fixtures.js';
import { harness, PASSWORD, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';

interface NewKey {
  id: string;
  key: string;
  prefix: string;
  scopes: string[];
  last_used_at: string | null;
}

describe('API keys', () => {
  let h: Harness;
  let recipeId: string;
  let productId: string;
  before(async () => {
    h = await harness({ config: { rateLimit: { max: 40, windowMs: 60_000 } } });
    recipeId = (await createRecipe(h, { title: 'Key lime pie' })).id;
    productId = (await createEbook(h, [recipeId])).id;
  });
  after(() => h.app.close());

  const newKey = async (scopes: readonly string[], extra: Record<string, unknown> = {}): Promise<NewKey> => {
    const created = await h.request({ method: 'POST', url: '/api/api-keys', body: { name: `keys ${scopes.join(' ')}`, scopes, ...extra } });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.headers.location, `/api/api-keys/${created.json<NewKey>().id}`);
    return created.json<NewKey>();
  };
  const secondToken = async () => (await h.login('second@example.com', PASSWORD)).json<{ token: string }>().token;
  const withKey = (key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, body?: unknown) =>
    h.request({ method, url, token: key, body: body as object | undefined });

  it('are shown once, listed without the key, and work as a bearer token without a refreshed token', async () => {
    const key = await newKey(['recipes:read']);
    assert.match(key.key, /^lk_[A-Za-z0-9_-]{43}$/);
    const listed = await h.request({ method: 'GET', url: '/api/api-keys' });
    assert.equal(listed.statusCode, 200);
    assert.ok(!listed.body.includes(key.key), 'the key is not shown again');
    assert.ok(listed.json<{ data: NewKey[] }>().data.some((item) => item.id === key.id && item.prefix === key.prefix));
    const read = await withKey(key.key, 'GET', `/api/recipes/${recipeId}`);
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.headers['x-refreshed-token'], undefined, 'a key is not swapped for a login token');
    const used = (await h.request({ method: 'GET', url: '/api/api-keys' })).json<{ data: NewKey[] }>().data.find((item) => item.id === key.id);
    assert.ok(used?.last_used_at !== null, 'last_used_at is recorded');
  });

  // One operation each scope allows, and one of the same area it does not.
  const CASES: Record<ApiKeyScope, { allowed: () => [string, string, unknown?]; refused: () => [string, string, unknown?] }> = {
    'recipes:read': { allowed: () => ['GET', '/api/recipes'], refused: () => ['POST', '/api/recipes', { title: 'Nope' }] },
    'recipes:write': { allowed: () => ['POST', '/api/recipes', { title: 'Made by a key' }], refused: () => ['GET', '/api/recipes'] },
    'products:read': { allowed: () => ['GET', `/api/products/${productId}`], refused: () => ['PATCH', `/api/products/${productId}`, { title: 'Nope' }] },
    'products:write': { allowed: () => ['PATCH', `/api/products/${productId}`, { description: 'By a key' }], refused: () => ['GET', '/api/products'] },
    'sales:read': { allowed: () => ['GET', '/api/sales'], refused: () => ['GET', '/api/recipes'] },
    'webhooks:write': { allowed: () => ['GET', '/api/webhooks'], refused: () => ['GET', '/api/sales'] },
  };

  for (const scope of API_KEY_SCOPES) {
    it(`${scope}: allows its operations and nothing outside them (403 forbidden)`, async () => {
      const key = await newKey([scope]);
      const [method, url, body] = CASES[scope].allowed();
      const allowed = await withKey(key.key, method as 'GET', url, body);
      assert.ok(allowed.statusCode < 300, `${method} ${url}: ${allowed.statusCode} ${allowed.body}`);
      const [refusedMethod, refusedUrl, refusedBody] = CASES[scope].refused();
      const refused = await withKey(key.key, refusedMethod as 'GET', refusedUrl, refusedBody);
      assert.equal(refused.statusCode, 403, refused.body);
      assert.equal(refused.json<{ code: string }>().code, 'forbidden');
      assert.match(refused.json<{ detail: string }>().detail, /needs the scope/);
    });
  }

  it('never manage keys, platform connections or the creator’s profile, whatever their scopes', async () => {
    const key = await newKey([...API_KEY_SCOPES]);
    for (const [method, url, body] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'child', scopes: ['recipes:read'] }],
      ['DELETE', `/api/api-keys/${key.id}`],
      ['GET', '/api/connections'],
      ['PUT', '/api/connections/gumroad', { access_token: 'some-token-123456' }],
      ['DELETE', '/api/connections/gumroad'],
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', { display_name: 'Script' }],
      ['DELETE', '/api/profile/logo'],
    ] as const) {
      const refused = await withKey(key.key, method, url, body);
      assert.equal(refused.statusCode, 403, `${method} ${url}: ${refused.body}`);
    }
  });

  it('stop working when revoked or expired (401), and only their owner revokes them', async () => {
    const key = await newKey(['recipes:read']);
    await h.addUser('second@example.com');
    const otherToken = await secondToken();
    const notTheirs = await h.request({ method: 'DELETE', url: `/api/api-keys/${key.id}`, token: otherToken });
    assert.equal(notTheirs.statusCode, 404);
    assert.equal((await h.request({ method: 'DELETE', url: `/api/api-keys/${key.id}` })).statusCode, 200);
    const revoked = await withKey(key.key, 'GET', '/api/recipes');
    assert.equal(revoked.statusCode, 401);
    assert.match(revoked.json<{ detail: string }>().detail, /unknown or was revoked/);

    const soon = await newKey(['recipes:read'], { expires_at: new Date(h.clock.now().getTime() + 60_000).toISOString() });
    assert.equal((await withKey(soon.key, 'GET', '/api/recipes')).statusCode, 200);
    h.clock.advance(61_000);
    const expired = await withKey(soon.key, 'GET', '/api/recipes');
    assert.equal(expired.statusCode, 401);
    assert.match(expired.json<{ detail: string }>().detail, /expired/);
  });

  it('refuses bad scopes, names and expiry times (400)', async () => {
    for (const body of [{ name: 'x', scopes: ['admin'] }, { name: 'x', scopes: [] }, { name: '', scopes: ['recipes:read'] }, { name: 'x', scopes: ['recipes:read'], expires_at: '2001-01-01T00:00:00Z' }, { name: 'x', scopes: ['recipes:read'], extra: 1 }]) {
      const refused = await h.request({ method: 'POST', url: '/api/api-keys', body });
      assert.equal(refused.statusCode, 400, JSON.stringify(body));
    }
  });

  it('are at most 50 per user: the 51st is a 422 rule_violation, a business limit (as for webhook endpoints)', async () => {
    const own = await harness(); // the default rate limit: this file's is 40 requests a minute
    try {
      const create = (name: string) => own.request({ method: 'POST', url: '/api/api-keys', body: { name, scopes: ['recipes:read'] } });
      for (let index = 0; index < 50; index += 1) assert.equal((await create(`key ${index}`)).statusCode, 201);
      const refused = await create('one too many');
      assertProblem(refused, 422, 'rule_violation');
      assert.match(refused.json<{ detail: string }>().detail, /at most 50 keys/);
    } finally {
      await own.app.close();
    }
  });

  it('count against a rate limit of their own, apart from their user’s', async () => {
    const key = await newKey(['recipes:read']);
    let limited = 0;
    for (let i = 0; i < 45; i += 1) if ((await withKey(key.key, 'GET', '/api/recipes')).statusCode === 429) limited += 1;
    assert.ok(limited > 0, 'the key hit its limit');
    assert.equal((await h.request({ method: 'GET', url: '/api/recipes', token: await secondToken() })).statusCode, 200);
    assert.notEqual((await h.request({ method: 'GET', url: '/api/products' })).statusCode, 429, 'its user still has requests left');
  });

  it('gives every operation of the OpenAPI document a scope, except key, connection and profile management', async () => {
    const document = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const closed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      // Login and browser sessions take no key (they are not behind authentication), nor does the OAuth callback.
      if (!path.startsWith('/api/') || path.startsWith('/api/auth/') || path.endsWith('/callback')) continue;
      for (const method of Object.keys(operations)) if (requiredScope(method, path.replace(/\{(\w+)\}/g, ':$1')) === null) closed.push(`${method.toUpperCase()} ${path}`);
    }
    assert.deepEqual(closed.map((operation) => operation.replace(/^\w+ /, '')).filter((path) => !/^\/api\/(api-keys|connections|profile)/.test(path)), []);
    assert.ok(closed.includes('POST /api/api-keys') && closed.includes('PUT /api/connections/{platform}') && closed.includes('PUT /api/profile'));
    assert.equal(requiredScope('POST', '/api/recipes/import'), 'recipes:write', 'importing a page writes a recipe');
  });
});
