/** `Idempotency-Key` on the three creates, through `app.inject()`. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recipeListQueryFrom } from '@larder/domain';
import { InMemoryIdempotencyStore } from '@larder/domain/testing';
import type { LightMyRequestResponse } from 'fastify';
import { createEbook, createRecipe } from './support/fixtures.js';
import { harness, type Harness } from './support/harness.js';
import { HeldRecipeRepository } from './support/held-recipe-repository.js';
import { assertProblem } from './support/problems.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = { page: 1, perPage: 100 };

const recipeCount = async (h: Harness): Promise<number> =>
  (await h.recipes.list(recipeListQueryFrom({}, PAGE)))._unsafeUnwrap().total;
const productCount = async (h: Harness): Promise<number> => (await h.products.list({}, PAGE))._unsafeUnwrap().total;

const postRecipe = (h: Harness, key: string | undefined, body: Record<string, unknown> = { title: 'Shakshuka', servings: 2 }, token?: string) =>
  h.request({ method: 'POST', url: '/api/recipes', body, headers: key === undefined ? {} : { 'idempotency-key': key }, ...(token === undefined ? {} : { token }) });

function assertSameAnswer(replayed: LightMyRequestResponse, first: LightMyRequestResponse): void {
  assert.equal(replayed.statusCode, first.statusCode);
  assert.equal(replayed.body, first.body);
  for (const header of ['location', 'etag', 'content-type']) assert.equal(replayed.headers[header], first.headers[header], header);
  assert.equal(replayed.headers['idempotent-replayed'], 'true');
  assert.equal(first.headers['idempotent-replayed'], undefined, 'the first answer is not a replay');
}

describe('Idempotency-Key: replays', () => {
  it('answers a repeated recipe create with the first response and creates nothing', async () => {
    const h = await harness();
    const first = await postRecipe(h, 'recipe-create-1');
    assert.equal(first.statusCode, 201, first.body);
    const again = await postRecipe(h, 'recipe-create-1');
    assertSameAnswer(again, first);
    assert.equal(again.json<{ id: string }>().id, first.json<{ id: string }>().id);
    assert.equal(await recipeCount(h), 1);
    await h.app.close();
  });

  it('compares bodies as JSON: another key order or spacing is the same request', async () => {
    const h = await harness();
    const first = await h.request({
      method: 'POST', url: '/api/recipes', headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
      payload: '{"title":"Dal","servings":4,"dietary_tags":["vegan"]}',
    });
    const again = await h.request({
      method: 'POST', url: '/api/recipes', headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
      payload: '{ "dietary_tags": [ "vegan" ], "servings": 4, "title": "Dal" }',
    });
    assertSameAnswer(again, first);
    assert.equal(await recipeCount(h), 1);
    await h.app.close();
  });

  it('replays product creates and lead-magnet generation, Location and ETag included', async () => {
    const h = await harness();
    const recipe = await createRecipe(h, { email_ready: true });
    const body = { type: 'ebook', title: 'Brunch', recipe_ids: [recipe.id] };
    const headers = { 'idempotency-key': 'product-1' };
    const product = await h.request({ method: 'POST', url: '/api/products', body, headers });
    assert.equal(product.statusCode, 201, product.body);
    assertSameAnswer(await h.request({ method: 'POST', url: '/api/products', body, headers }), product);
    const id = product.json<{ id: string }>().id;

    const magnetHeaders = { 'idempotency-key': 'magnet-1' };
    const magnet = await h.request({ method: 'POST', url: `/api/products/${id}/lead-magnet`, headers: magnetHeaders });
    assert.equal(magnet.statusCode, 201, magnet.body);
    // An empty JSON body counts as no body: the same request.
    const replayed = await h.request({ method: 'POST', url: `/api/products/${id}/lead-magnet`, headers: { ...magnetHeaders, 'content-type': 'application/json' } });
    assertSameAnswer(replayed, magnet);
    assert.equal(await productCount(h), 2);
    await h.app.close();
  });

  it('gives a replay the headers of its own request: request id, refreshed token, rate limits', async () => {
    const h = await harness();
    const first = await postRecipe(h, 'fresh-headers');
    const again = await h.request({
      method: 'POST', url: '/api/recipes', body: { title: 'Shakshuka', servings: 2 }, headers: { 'idempotency-key': 'fresh-headers', 'x-request-id': 'retry-2' },
    });
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.headers['x-request-id'], 'retry-2');
    assert.notEqual(again.headers['x-request-id'], first.headers['x-request-id']);
    assert.ok(again.headers['x-refreshed-token']);
    assert.ok(again.headers['ratelimit-remaining']);
    await h.app.close();
  });

  it('replays a refusal too: the same request would meet the same rule', async () => {
    const h = await harness();
    const body = { type: 'ebook', title: 'Ghosts', recipe_ids: ['no-such-recipe'] };
    const headers = { 'idempotency-key': 'refused' };
    const first = await h.request({ method: 'POST', url: '/api/products', body, headers });
    assertProblem(first, 422, 'unknown_recipe');
    assertSameAnswer(await h.request({ method: 'POST', url: '/api/products', body, headers }), first);
    await h.app.close();
  });

  it('forgets a key after 24 hours: the same request then creates again', async () => {
    const h = await harness();
    const first = await postRecipe(h, 'daily');
    h.clock.advance(DAY_MS - 60_000);
    assertSameAnswer(await postRecipe(h, 'daily'), first);
    h.clock.advance(60_000);
    const later = await postRecipe(h, 'daily');
    assert.equal(later.statusCode, 201);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.notEqual(later.json<{ id: string }>().id, first.json<{ id: string }>().id);
    assert.equal(await recipeCount(h), 2);
    await h.app.close();
  });
});

describe('Idempotency-Key: refusals', () => {
  it('refuses the key for a different body, another endpoint or another product (422 rule_violation)', async () => {
    const h = await harness();
    const recipe = await createRecipe(h, { email_ready: true });
    const [one, two] = [await createEbook(h, [recipe.id], 'One'), await createEbook(h, [recipe.id], 'Two')];
    await postRecipe(h, 'shared-key');
    const before = [await recipeCount(h), await productCount(h)];

    const otherBody = assertProblem(await postRecipe(h, 'shared-key', { title: 'Something else', servings: 2 }), 422, 'rule_violation');
    assert.match(otherBody.detail, /Idempotency-Key was already used for a different request/);
    const otherEndpoint = await h.request({
      method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'x', recipe_ids: [recipe.id] }, headers: { 'idempotency-key': 'shared-key' },
    });
    assertProblem(otherEndpoint, 422, 'rule_violation');
    const magnet = (id: string) => h.request({ method: 'POST', url: `/api/products/${id}/lead-magnet`, headers: { 'idempotency-key': 'magnet-key' } });
    assert.equal((await magnet(one.id)).statusCode, 201);
    assertProblem(await magnet(two.id), 422, 'rule_violation');
    assert.deepEqual([await recipeCount(h), await productCount(h)], [before[0], (before[1] ?? 0) + 1]);
    await h.app.close();
  });

  it('answers 409 invalid_state while the first request is still running, then replays its answer', async () => {
    const recipes = new HeldRecipeRepository();
    const h = await harness({ recipes });
    const held = recipes.holdNextInsert();
    const firstPending = postRecipe(h, 'slow');
    await held.entered;
    const concurrent = assertProblem(await postRecipe(h, 'slow'), 409, 'invalid_state');
    assert.match(concurrent.detail, /still being processed/);
    held.release();
    const first = await firstPending;
    assert.equal(first.statusCode, 201, first.body);
    assertSameAnswer(await postRecipe(h, 'slow'), first);
    assert.equal(await recipeCount(h), 1);
    await h.app.close();
  });

  it('keeps the keys of different users apart', async () => {
    const h = await harness();
    await h.addUser('second@example.com');
    const otherToken = (await h.login('second@example.com', 'correct horse battery')).json<{ token: string }>().token;
    const mine = await postRecipe(h, 'same-key');
    const theirs = await postRecipe(h, 'same-key', { title: 'Other recipe', servings: 1 }, otherToken);
    assert.equal(theirs.statusCode, 201, theirs.body);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    assert.notEqual(theirs.json<{ id: string }>().id, mine.json<{ id: string }>().id);
    assertSameAnswer(await postRecipe(h, 'same-key', { title: 'Other recipe', servings: 1 }, otherToken), theirs);
    assert.equal(await recipeCount(h), 2);
    await h.app.close();
  });

  it('refuses a malformed key with 400 validation_failed in the header, and creates nothing', async () => {
    const h = await harness();
    for (const key of ['x'.repeat(256), 'two words', '', 'café', 'tab\tinside']) {
      const problem = assertProblem(await postRecipe(h, key), 400, 'validation_failed');
      assert.deepEqual(problem.errors?.map((error) => [error.in, error.pointer]), [['header', '/idempotency-key']], JSON.stringify(key));
    }
    assert.equal((await postRecipe(h, 'x'.repeat(255))).statusCode, 201, 'the longest valid key');
    assert.equal(await recipeCount(h), 1);
    await h.app.close();
  });
});

describe('Idempotency-Key: what is not kept', () => {
  it('runs every request without the header, as before', async () => {
    const h = await harness();
    const [a, b] = [await postRecipe(h, undefined), await postRecipe(h, undefined)];
    assert.notEqual(a.json<{ id: string }>().id, b.json<{ id: string }>().id);
    assert.equal(a.headers['idempotent-replayed'], undefined);
    assert.equal(await recipeCount(h), 2);
    await h.app.close();
  });

  it('releases the key after a server error, so that a retry with it runs', async () => {
    const h = await harness();
    h.recipes.unavailable = true;
    assertProblem(await postRecipe(h, 'flaky'), 503, 'unavailable');
    h.recipes.unavailable = false;
    const retried = await postRecipe(h, 'flaky');
    assert.equal(retried.statusCode, 201, retried.body);
    assert.equal(retried.headers['idempotent-replayed'], undefined);
    assertSameAnswer(await postRecipe(h, 'flaky'), retried);
    await h.app.close();
  });

  it('does not keep a 409 from the resource: the same request runs again once the state allows it', async () => {
    const h = await harness();
    const recipe = await createRecipe(h, { email_ready: true });
    const ebook = await createEbook(h, [recipe.id]);
    await h.request({ method: 'PATCH', url: `/api/products/${ebook.id}`, body: { status: 'archived' } });
    const magnet = () => h.request({ method: 'POST', url: `/api/products/${ebook.id}/lead-magnet`, headers: { 'idempotency-key': 'after-restore' } });
    assertProblem(await magnet(), 409, 'invalid_state');
    await h.request({ method: 'PATCH', url: `/api/products/${ebook.id}`, body: { status: 'draft' } });
    assert.equal((await magnet()).statusCode, 201);
    await h.app.close();
  });

  it('does not use up the key on a body its schema refuses', async () => {
    const h = await harness();
    assertProblem(await postRecipe(h, 'fix-and-retry', { title: 'No servings type', servings: 'two' }), 400, 'validation_failed');
    assert.equal((await postRecipe(h, 'fix-and-retry', { title: 'Fixed', servings: 2 })).statusCode, 201);
    await h.app.close();
  });

  it('answers 503 and runs nothing when the key store cannot be reached', async () => {
    const idempotency = new InMemoryIdempotencyStore();
    const h = await harness({ idempotency });
    idempotency.unavailable = true;
    const problem = assertProblem(await postRecipe(h, 'store-down'), 503, 'unavailable');
    assert.ok(problem.detail.length > 0);
    assert.equal(await recipeCount(h), 0);
    assert.equal((await postRecipe(h, undefined)).statusCode, 201, 'requests without a key do not need the key store');
    await h.app.close();
  });
});
