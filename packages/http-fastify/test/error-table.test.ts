/** Every row of the contract's error table, each as a user would meet it. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RecipeRepository } from '@larder/domain';
import { InMemoryRecipeRepository } from '@larder/domain/testing';
import { harness, type Harness } from './support/harness.js';
import { createEbook, createRecipe } from './support/fixtures.js';
import { assertProblem } from './support/problems.js';

describe('error responses', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('400 validation_failed lists every invalid field with where it is', async () => {
    const response = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 42, servings: 0, id: 'x', colour: 'red' } });
    const problem = assertProblem(response, 400, 'validation_failed');
    assert.deepEqual(
      new Set(problem.errors?.map((error) => `${error.in} ${error.pointer} ${error.message}`)),
      new Set(['body /title must be string', 'body /servings must be >= 1', 'body /id is read-only', 'body /colour is not a known field']),
    );
  });

  it('400 validation_failed for a query parameter out of range and a malformed If-Match', async () => {
    const query = assertProblem(await h.request({ method: 'GET', url: '/api/recipes?per_page=101' }), 400, 'validation_failed');
    assert.deepEqual(query.errors, [{ in: 'query', pointer: '/per_page', message: 'must be <= 100' }]);
    const recipe = await createRecipe(h);
    const header = await h.request({ method: 'DELETE', url: `/api/recipes/${recipe.id}`, headers: { 'if-match': '1' } });
    assert.equal(assertProblem(header, 400, 'validation_failed').errors?.[0]?.in, 'header');
  });

  it('400 invalid_json for a body that is not JSON', async () => {
    const response = await h.request({ method: 'POST', url: '/api/recipes', payload: '{"title": ', headers: { 'content-type': 'application/json' } });
    assertProblem(response, 400, 'invalid_json');
  });

  it('401 unauthorized with WWW-Authenticate: Bearer for a missing token', async () => {
    const response = await h.request({ method: 'GET', url: '/api/recipes', token: null });
    assertProblem(response, 401, 'unauthorized');
    assert.match(String(response.headers['www-authenticate']), /^Bearer /);
  });

  it('401 invalid_credentials for a wrong password', async () => {
    assertProblem(await h.login('cook@example.com', 'not the password'), 401, 'invalid_credentials');
  });

  it('404 not_found for an unknown id and an unknown route', async () => {
    assertProblem(await h.request({ method: 'GET', url: '/api/recipes/no-such-id' }), 404, 'not_found');
    assertProblem(await h.request({ method: 'GET', url: '/api/no-such-thing' }), 404, 'not_found');
    assertProblem(await h.app.inject({ method: 'GET', url: '/nowhere' }), 404, 'not_found');
  });

  it('409 invalid_state for publishing an archived product', async () => {
    const recipe = await createRecipe(h);
    const product = await createEbook(h, [recipe.id]);
    await h.request({ method: 'PATCH', url: `/api/products/${product.id}`, body: { status: 'archived' } });
    const response = await h.request({
      method: 'POST', url: `/api/products/${product.id}/publish`, body: { platforms: ['etsy'], price_cents: 900, currency: 'eur' },
    });
    assertProblem(response, 409, 'invalid_state');
  });

  it('412 precondition_failed for a stale If-Match, and nothing changes', async () => {
    const recipe = await createRecipe(h, { title: 'Original' });
    const response = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, headers: { 'if-match': '"7"' }, body: { title: 'Changed' } });
    assertProblem(response, 412, 'precondition_failed');
    const unchanged = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}` });
    assert.equal(unchanged.json<{ title: string }>().title, 'Original');
    assert.equal(unchanged.headers.etag, '"1"');
  });

  it('413 payload_too_large for a body over 1 MiB', async () => {
    const response = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'x', notes: 'y'.repeat(1024 * 1024) } });
    assertProblem(response, 413, 'payload_too_large');
  });

  it('415 unsupported_media_type for a body that is not sent as JSON', async () => {
    const plain = await h.request({ method: 'POST', url: '/api/recipes', payload: 'title=Soup', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assertProblem(plain, 415, 'unsupported_media_type');
    const text = await h.request({ method: 'POST', url: '/api/recipes', payload: '{"title":"Soup"}', headers: { 'content-type': 'text/plain' } });
    assertProblem(text, 415, 'unsupported_media_type');
  });

  it('422 not_eligible for a lead magnet from a meal plan', async () => {
    const recipe = await createRecipe(h);
    const plan = await h.request({
      method: 'POST', url: '/api/products',
      body: { type: 'meal_plan', title: 'Week', days: [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: recipe.id }] }] },
    });
    assertProblem(await h.request({ method: 'POST', url: `/api/products/${plan.json<{ id: string }>().id}/lead-magnet` }), 422, 'not_eligible');
  });

  it('422 unknown_recipe for a product naming a recipe that does not exist', async () => {
    const response = await h.request({ method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'E', recipe_ids: ['ghost'] } });
    assert.match(assertProblem(response, 422, 'unknown_recipe').detail, /ghost/);
  });

  it('422 recipe_archived for a product that would newly contain an archived recipe', async () => {
    const recipe = await createRecipe(h);
    await h.request({ method: 'DELETE', url: `/api/recipes/${recipe.id}` });
    const response = await h.request({ method: 'POST', url: '/api/products', body: { type: 'recipe_card_pack', title: 'Cards', recipe_ids: [recipe.id] } });
    assertProblem(response, 422, 'recipe_archived');
  });

  it('422 not_scalable for servings of a recipe without base servings', async () => {
    const recipe = await createRecipe(h, { servings: null });
    assertProblem(await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?servings=4` }), 422, 'not_scalable');
  });

  it('422 rule_violation naming the rule (free ebook; duplicate external_id)', async () => {
    const recipe = await createRecipe(h, { external_id: 'blog-17' });
    const product = await createEbook(h, [recipe.id]);
    const free = await h.request({ method: 'POST', url: `/api/products/${product.id}/publish`, body: { platforms: ['etsy'], price_cents: 0, currency: 'USD' } });
    assert.match(assertProblem(free, 422, 'rule_violation').detail, /more than 0/);
    const duplicate = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Again', external_id: 'blog-17' } });
    assert.match(assertProblem(duplicate, 422, 'rule_violation').detail, /blog-17/);
  });

  it('503 unavailable with Retry-After when the database is down', async () => {
    const down = await harness();
    down.recipes.unavailable = true;
    const response = await down.request({ method: 'GET', url: '/api/recipes' });
    const problem = assertProblem(response, 503, 'unavailable');
    assert.ok(Number(response.headers['retry-after']) > 0);
    assert.doesNotMatch(problem.detail, /in-memory|switched off/, 'no store message leaks');
    await down.app.close();
  });

  it('500 internal for a bug, with nothing of it in the body', async () => {
    const broken = new InMemoryRecipeRepository();
    const throwing: RecipeRepository = Object.assign(Object.create(broken) as RecipeRepository, {
      findById: () => {
        throw new Error('secret driver detail at /srv/db.js:42');
      },
    });
    const b = await harness({ recipes: throwing as InMemoryRecipeRepository });
    const response = await b.request({ method: 'GET', url: '/api/recipes/anything' });
    const problem = assertProblem(response, 500, 'internal');
    assert.doesNotMatch(response.body, /secret|srv|db\.js|at /);
    assert.match(problem.detail, /X-Request-Id/);
    assert.ok(String(response.headers['x-request-id']).length > 0);
    await b.app.close();
  });
});
