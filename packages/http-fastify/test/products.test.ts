/** The product endpoints' success paths, with their headers, and their rules as a client meets them. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from './support/harness.js';
import { createEbook, createRecipe, type ProductBody } from './support/fixtures.js';
import { assertProblem } from './support/problems.js';

describe('products', () => {
  let h: Harness;
  let recipeIds: string[];
  before(async () => {
    h = await harness();
    recipeIds = [];
    for (const [index, title] of ['Soup', 'Salad', 'Stew', 'Bread'].entries()) {
      recipeIds.push((await createRecipe(h, { title, email_ready: index !== 1 })).id);
    }
  });
  after(() => h.app.close());

  it('creates an ebook as a draft: 201, Location, ETag, recipe order kept', async () => {
    const ids = [recipeIds[2], recipeIds[0]];
    const response = await h.request({ method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'Winter Warmers', recipe_ids: ids } });
    assert.equal(response.statusCode, 201);
    const product = response.json<ProductBody>();
    assert.equal(response.headers.location, `/api/products/${product.id}`);
    assert.equal(response.headers.etag, '"1"');
    assert.deepEqual([product.type, product.status, product.recipe_ids, product.days, product.sales], ['ebook', 'draft', ids, null, null]);
    const read = await h.request({ method: 'GET', url: `/api/products/${product.id}` });
    assert.deepEqual(read.json(), product);
    assert.equal(read.headers.etag, '"1"');
  });

  it('creates a meal plan whose recipe_ids come from its days', async () => {
    const [a = '', b = ''] = recipeIds;
    const days = [
      { day: 2, meals: [{ meal_type: 'Dinner', recipe_id: b }] },
      { day: 1, meals: [{ meal_type: 'lunch', recipe_id: a }, { meal_type: 'dinner', recipe_id: b }] },
    ];
    const response = await h.request({ method: 'POST', url: '/api/products', body: { type: 'meal_plan', title: 'Two Days', days } });
    assert.equal(response.statusCode, 201);
    assert.deepEqual(response.json<ProductBody>().recipe_ids, [b, a]);
  });

  it('refuses a body shaped for another type, a lead magnet, and duplicate recipe ids', async () => {
    const wrongShape = await h.request({ method: 'POST', url: '/api/products', body: { type: 'meal_plan', title: 'X', recipe_ids: recipeIds } });
    assert.deepEqual(assertProblem(wrongShape, 400, 'validation_failed').errors?.map((error) => error.pointer).sort(), ['/days', '/recipe_ids']);
    const leadMagnet = await h.request({ method: 'POST', url: '/api/products', body: { type: 'lead_magnet', title: 'Free', recipe_ids: recipeIds } });
    assert.deepEqual(assertProblem(leadMagnet, 400, 'validation_failed').errors?.[0], {
      in: 'body',
      pointer: '/type',
      message: 'must be one of ebook, recipe_card_pack, meal_plan',
    });
    const repeated = await h.request({ method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'X', recipe_ids: [recipeIds[0], recipeIds[0]] } });
    assertProblem(repeated, 400, 'validation_failed');
  });

  it('changes a product with PATCH and If-Match; published only through publish (409)', async () => {
    const product = await createEbook(h, [recipeIds[0] ?? '']);
    const changed = await h.request({
      method: 'PATCH', url: `/api/products/${product.id}`, headers: { 'if-match': '"1"' }, body: { title: 'Renamed', recipe_ids: recipeIds.slice(0, 2) },
    });
    assert.equal(changed.statusCode, 200);
    assert.equal(changed.headers.etag, '"2"');
    assert.deepEqual(changed.json<ProductBody>().recipe_ids, recipeIds.slice(0, 2));
    assertProblem(await h.request({ method: 'PATCH', url: `/api/products/${product.id}`, body: { status: 'published' } }), 409, 'invalid_state');
    assertProblem(await h.request({ method: 'PATCH', url: `/api/products/${product.id}`, body: { type: 'meal_plan' } }), 400, 'validation_failed');
    assertProblem(await h.request({ method: 'PATCH', url: `/api/products/${product.id}`, headers: { 'if-match': '"1"' }, body: { title: 'Lost' } }), 412, 'precondition_failed');
  });

  it('publishes: status, sales with an upper-case currency, first published_at kept when publishing again', async () => {
    const product = await createEbook(h, recipeIds.slice(0, 2));
    const body = { platforms: ['etsy', 'gumroad'], price_cents: 1299, currency: 'eur' };
    const published = await h.request({ method: 'POST', url: `/api/products/${product.id}/publish`, headers: { 'if-match': '"1"' }, body });
    assert.equal(published.statusCode, 200);
    assert.equal(published.headers.etag, '"2"');
    const first = published.json<ProductBody>();
    assert.deepEqual([first.status, first.sales], ['published', { platforms: ['etsy', 'gumroad'], price_cents: 1299, currency: 'EUR' }]);
    assert.ok(first.published_at !== null);
    const again = await h.request({ method: 'POST', url: `/api/products/${product.id}/publish`, body: { ...body, price_cents: 999 } });
    assert.deepEqual([again.json<ProductBody>().sales?.price_cents, again.json<ProductBody>().published_at], [999, first.published_at]);
    const unknownPlatform = await h.request({ method: 'POST', url: `/api/products/${product.id}/publish`, body: { ...body, platforms: ['ebay'] } });
    assertProblem(unknownPlatform, 400, 'validation_failed');
    const badCurrency = await h.request({ method: 'POST', url: `/api/products/${product.id}/publish`, body: { ...body, currency: 'XYZ' } });
    assertProblem(badCurrency, 400, 'validation_failed');
  });

  it('generates a lead magnet: 201, Location, email-ready recipes in order, a default title', async () => {
    const source = await createEbook(h, recipeIds, 'Comfort Food');
    const response = await h.request({ method: 'POST', url: `/api/products/${source.id}/lead-magnet`, body: { max_recipes: 2 } });
    assert.equal(response.statusCode, 201);
    const magnet = response.json<ProductBody>();
    assert.equal(response.headers.location, `/api/products/${magnet.id}`);
    assert.deepEqual(
      [magnet.type, magnet.status, magnet.source_product_id, magnet.recipe_ids, magnet.title],
      ['lead_magnet', 'draft', source.id, [recipeIds[0], recipeIds[2]], 'Comfort Food — Free Sample'],
    );
    const withoutBody = await h.request({ method: 'POST', url: `/api/products/${source.id}/lead-magnet` });
    assert.equal(withoutBody.statusCode, 201);
    assert.equal(withoutBody.json<ProductBody>().recipe_ids.length, 3);
    const freePublish = await h.request({ method: 'POST', url: `/api/products/${magnet.id}/publish`, body: { platforms: ['gumroad'], price_cents: 0, currency: 'usd' } });
    assert.equal(freePublish.statusCode, 200);
    assertProblem(await h.request({ method: 'POST', url: `/api/products/${source.id}/lead-magnet`, body: { max_recipes: 21 } }), 400, 'validation_failed');
  });

  it('lists products newest first, filtered by status and type, with pagination and Link', async () => {
    const all = await h.request({ method: 'GET', url: '/api/products?per_page=2' });
    assert.equal(all.statusCode, 200);
    const page = all.json<{ data: ProductBody[]; pagination: { total: number; total_pages: number } }>();
    assert.equal(page.data.length, 2);
    assert.match(String(all.headers.link), /rel="next"/);
    const magnets = await h.request({ method: 'GET', url: '/api/products?type=lead_magnet&status=published' });
    const found = magnets.json<{ data: ProductBody[] }>().data;
    assert.ok(found.length >= 1 && found.every((product) => product.type === 'lead_magnet' && product.status === 'published'));
    assertProblem(await h.request({ method: 'GET', url: '/api/products?type=cookbook' }), 400, 'validation_failed');
  });
});
