/**
 * MongoDB operator injection: operators where values belong (bodies, login, bracket query syntax) are refused with
 * 400 before any query is built, and operator-looking text is stored and matched as plain text. On the in-memory
 * store and on MongoDB, since only the latter could be fooled.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestDatabase, testEngines, type TestDatabase } from '@larder/adapters-mongo/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { EMAIL, harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';
import { mongoApi } from '../reliability/support/mongo-api.js';

// Decided before any test is registered: the in-memory suites below must not start while this waits.
const engines = await testEngines();

interface Target {
  request(options: InjectOptions & { body?: unknown }): Promise<LightMyRequestResponse>;
  login(email: unknown, password: unknown): Promise<LightMyRequestResponse>;
}

const OPERATOR_VALUES: readonly unknown[] = [{ $gt: '' }, { $ne: null }, { $regex: '.*' }, { $where: 'sleep(1000) || true' }, { $in: ['a'] }, ['$gt', '']];

function injectionSuite(target: () => Target): void {
  const request = (options: InjectOptions & { body?: unknown }) => target().request(options);
  let recipeId = '';

  before(async () => {
    const created = await request({ method: 'POST', url: '/api/recipes', body: { title: 'Plain soup', cuisine: 'french', status: 'draft' } });
    assert.equal(created.statusCode, 201, created.body);
    recipeId = created.json<{ id: string }>().id;
  });

  it('refuses login with operators for the e-mail or the password', async () => {
    for (const value of OPERATOR_VALUES) {
      assertProblem(await target().login(value, value), 400, 'validation_failed');
      assertProblem(await target().login(EMAIL, value), 400, 'validation_failed');
      assertProblem(await target().login(value, 'whatever'), 400, 'validation_failed');
    }
    assertProblem(await target().login(EMAIL, '{"$gt":""}'), 401, 'invalid_credentials');
    assertProblem(await target().login('{"$gt":""}', '{"$gt":""}'), 401, 'invalid_credentials');
  });

  it('refuses operators as field values and as field names in every body', async () => {
    const bodies: ['POST' | 'PATCH', string, object][] = [];
    for (const value of OPERATOR_VALUES) {
      bodies.push(['POST', '/api/recipes', { title: value }], ['POST', '/api/recipes', { title: 'Soup', cuisine: value }]);
      bodies.push(['PATCH', `/api/recipes/${recipeId}`, { cuisine: value }], ['PATCH', `/api/recipes/${recipeId}`, { servings: value }]);
      bodies.push(['POST', '/api/products', { type: 'ebook', title: 'Book', recipe_ids: [value] }]);
      bodies.push(['POST', '/api/products', { type: value, title: 'Book', recipe_ids: [recipeId] }]);
    }
    bodies.push(['PATCH', `/api/recipes/${recipeId}`, { $set: { title: 'Hijacked' } }], ['POST', '/api/recipes', { title: 'Soup', $where: '1' }]);
    bodies.push(['PATCH', `/api/recipes/${recipeId}`, { 'title.$': 'x' }], ['POST', '/api/recipes', { title: 'Soup', ingredients: [{ name: 'salt', $gt: '' }] }]);
    for (const [method, url, body] of bodies) {
      assertProblem(await request({ method, url, body }), 400, 'validation_failed');
    }
    const after = await request({ method: 'GET', url: `/api/recipes/${recipeId}` });
    assert.equal(after.json<{ title: string; version: number }>().title, 'Plain soup');
    assert.equal(after.json<{ version: number }>().version, 1, 'nothing changed');
  });

  it('refuses bracket and operator syntax in query strings', async () => {
    const queries = ['status[$ne]=x', 'cuisine[$regex]=.*', 'q[$where]=sleep(100)', 'cuisine[$gt]=', 'email_ready[$exists]=true', 'status[]=draft'];
    for (const query of queries) {
      assertProblem(await request({ method: 'GET', url: `/api/recipes?${query}` }), 400, 'validation_failed');
      assertProblem(await request({ method: 'GET', url: `/api/products?${query}` }), 400, 'validation_failed');
    }
    assertProblem(await request({ method: 'GET', url: '/api/recipes?status=%7B%22%24ne%22%3A%22x%22%7D' }), 400, 'validation_failed');
  });

  it('stores operator-looking text as text, and filters on it literally', async () => {
    const text = { title: '{"$gt": ""} soup', cuisine: '$where', notes: '$set', collection_id: '{ "$ne": null }', dietary_tags: ['$in'] };
    const created = await request({ method: 'POST', url: '/api/recipes', body: text });
    assert.equal(created.statusCode, 201, created.body);
    const stored = (await request({ method: 'GET', url: `/api/recipes/${created.json<{ id: string }>().id}` })).json<Record<string, unknown>>();
    for (const [field, value] of Object.entries(text)) assert.deepEqual(stored[field], value, field);

    const ids = async (query: string) =>
      (await request({ method: 'GET', url: `/api/recipes?${query}` })).json<{ data: { id: string }[] }>().data.map((recipe) => recipe.id);
    const only = [created.json<{ id: string }>().id];
    assert.deepEqual(await ids(`cuisine=${encodeURIComponent('$where')}`), only);
    assert.deepEqual(await ids(`collection_id=${encodeURIComponent('{ "$ne": null }')}`), only);
    assert.deepEqual(await ids(`dietary_tags=${encodeURIComponent('$in')}`), only);
    assert.deepEqual(await ids(`cuisine=${encodeURIComponent('{"$ne":null}')}`), [], 'no recipe has that cuisine');
    assert.deepEqual(await ids(`collection_id=${encodeURIComponent('{"$gt":""}')}`), []);
    assertProblem(await request({ method: 'GET', url: `/api/recipes/${encodeURIComponent('{"$gt":""}')}` }), 404, 'not_found');
    assertProblem(await request({ method: 'GET', url: `/api/products/${encodeURIComponent('{"$ne":null}')}` }), 404, 'not_found');
    const references = await request({ method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'Book', recipe_ids: ['{"$gt":""}'] } });
    assertProblem(references, 422, 'unknown_recipe');
  });
}

describe('operator injection, in-memory store', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  before(async () => {
    h = await harness({ config: { loginRateLimit: { max: 100_000, windowMs: 60_000 } } });
  });
  after(() => h.app.close());
  injectionSuite(() => ({ request: (options) => h.request(options), login: (email, password) => loginWith(h.app, email, password) }));
});

for (const engine of engines) {
  describe(`operator injection, MongoDB [${engine.label}]`, () => {
    let database: TestDatabase;
    let api: Awaited<ReturnType<typeof mongoApi>>;
    before(async () => {
      database = await startTestDatabase(engine);
      api = await mongoApi(database);
    });
    after(async () => {
      await api.app.close();
      await database.stop();
    });
    injectionSuite(() => ({ request: (options) => api.request(options), login: (email, password) => loginWith(api.app, email, password) }));
  });
}

const loginWith = (app: { inject(options: InjectOptions): Promise<LightMyRequestResponse> }, email: unknown, password: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
