/**
 * The client against the real service (buildApp on in-memory stores, listening on loopback): log in, make an API key,
 * and with the key create recipes, list them across pages, and be refused outside its scopes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EMAIL, harness, PASSWORD, type Harness } from '@larder/http-fastify/testing';
import { createLarderClient, type LarderClient } from '../src/index.js';

describe('the client against the service', () => {
  let h: Harness;
  let baseUrl: string;
  before(async () => {
    h = await harness();
    baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => h.app.close());

  it('logs in, makes a key, creates and lists recipes with it, and is refused outside its scopes', async () => {
    const anonymous = createLarderClient({ baseUrl });
    const login = await anonymous.POST('/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    assert.equal(login.response.status, 200, JSON.stringify(login.error));
    const token = login.data?.token;
    assert.ok(token !== undefined);

    const owner = createLarderClient({ baseUrl, token });
    const created = await owner.POST('/api/api-keys', { body: { name: 'client test', scopes: ['recipes:read', 'recipes:write'] } });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    const apiKey = created.data?.key ?? '';
    assert.match(apiKey, /^lk_/);

    const client: LarderClient = createLarderClient({ baseUrl, apiKey });
    const titles = Array.from({ length: 7 }, (_, index) => `Client soup ${index + 1}`);
    for (const [index, title] of titles.entries()) {
      const recipe = await client.POST('/api/recipes', { body: { title, servings: 2 }, params: { header: { 'idempotency-key': `client-soup-${index}` } } });
      assert.equal(recipe.response.status, 201, JSON.stringify(recipe.error));
      assert.equal(recipe.data?.title, title);
      assert.equal(recipe.response.headers.get('location'), `/api/recipes/${recipe.data?.id}`);
    }

    const seen: string[] = [];
    let requests = 0;
    const counting = createLarderClient({
      baseUrl,
      apiKey,
      fetch: async (request) => {
        requests += 1;
        return fetch(request);
      },
    });
    for await (const recipe of counting.pages('/api/recipes', { params: { query: { q: 'client soup', per_page: 3, sort: 'title' } } })) seen.push(recipe.title);
    assert.deepEqual(seen, [...titles].sort());
    assert.equal(requests, 3, 'three pages of 3, 3 and 1');

    const refused = await client.GET('/api/sales');
    assert.equal(refused.response.status, 403);
    assert.equal(refused.error?.code, 'forbidden');
    const keys = await client.GET('/api/api-keys');
    assert.equal(keys.response.status, 403, 'a key never manages keys');
  });

  it('keeps a login token fresh: sends each X-Refreshed-Token from then on', async () => {
    const login = await createLarderClient({ baseUrl }).POST('/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    const original = login.data?.token ?? '';
    const sent: (string | null)[] = [];
    const client = createLarderClient({
      baseUrl,
      token: original,
      fetch: async (request) => {
        sent.push(request.headers.get('authorization'));
        return fetch(request);
      },
    });
    h.clock.advance(5_000); // a refreshed token is a new one once a second has passed
    const first = await client.GET('/api/recipes');
    assert.equal(first.response.status, 200);
    const refreshed = first.response.headers.get('x-refreshed-token');
    assert.ok(refreshed !== null && refreshed !== original, 'the service sent a new token');
    assert.equal(client.token, refreshed);
    await client.GET('/api/recipes');
    assert.deepEqual(sent, [`Bearer ${original}`, `Bearer ${refreshed}`]);
  });

  it('answers a bad key with the 401 problem', async () => {
    const client = createLarderClient({ baseUrl, apiKey: 'lk_not-a-key' });
    const { response, error } = await client.GET('/api/recipes');
    assert.equal(response.status, 401);
    assert.equal(error?.code, 'unauthorized');
  });
});
