/**
 * What SECURITY.md states about scope: one deployment is one library. Every authenticated user reads and changes
 * every recipe and product, whoever created it; there are no roles. These tests pin that down, so that the document
 * cannot drift from the service unnoticed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, PASSWORD, type Harness } from '../support/harness.js';
import { createEbook, createRecipe } from '../support/fixtures.js';

describe('a single-tenant library', () => {
  let h: Harness;
  let second: string;
  before(async () => {
    h = await harness();
    await h.addUser('second@example.com');
    second = (await h.login('second@example.com', PASSWORD)).json<{ token: string }>().token;
  });
  after(() => h.app.close());

  it('lets any authenticated user read, list, change and archive what another user created', async () => {
    const recipe = await createRecipe(h, { title: 'Created by the first user' });
    const product = await createEbook(h, [recipe.id]);
    const asSecond = { token: second };
    assert.equal((await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}`, ...asSecond })).statusCode, 200);
    const listed = await h.request({ method: 'GET', url: '/api/recipes', ...asSecond });
    assert.ok(listed.json<{ data: { id: string }[] }>().data.some((item) => item.id === recipe.id));
    assert.equal((await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { notes: 'changed by the second' }, ...asSecond })).statusCode, 200);
    assert.equal((await h.request({ method: 'PATCH', url: `/api/products/${product.id}`, body: { title: 'Renamed' }, ...asSecond })).statusCode, 200);
    assert.equal((await h.request({ method: 'DELETE', url: `/api/recipes/${recipe.id}`, ...asSecond })).statusCode, 200);
  });

  it('records no owner on what is created', async () => {
    const recipe = await createRecipe(h);
    const fields = Object.keys(recipe);
    assert.deepEqual(fields.filter((field) => /owner|user|author|created_by/.test(field)), []);
  });
});
