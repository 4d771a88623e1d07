/** `POST /api/recipes/parse-ingredients`: the studio's live preview reads lines as a recipe would, storing nothing. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { requiredScope } from '../src/plugins/api-key-scopes.js';
import { harness, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';

interface Parsed {
  ingredients: { quantity: number | null; quantity_max: number | null; unit: string | null; name: string; note: string | null; text: string; section: string | null }[];
}

describe('reading ingredient lines without storing them', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('answers each line as a recipe would store it, headings as sections, and stores nothing', async () => {
    const lines = ['1 1/2 cups flour, sifted', 'For the dressing:', '2-3 cloves garlic', '½ tsp salt', 'salt to taste'];
    const parsed = await h.request({ method: 'POST', url: '/api/recipes/parse-ingredients', body: { ingredients: lines } });
    assert.equal(parsed.statusCode, 200, parsed.body);
    const created = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Same lines', ingredients: lines } });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(parsed.json<Parsed>().ingredients, created.json<Parsed>().ingredients);
    assert.deepEqual(parsed.json<Parsed>().ingredients.map((line) => [line.quantity, line.quantity_max, line.unit, line.name, line.section]), [
      [1.5, null, 'cup', 'flour', null],
      [2, 3, 'clove', 'garlic', 'For the dressing'],
      [0.5, null, 'teaspoon', 'salt', 'For the dressing'],
      [null, null, null, 'salt', 'For the dressing'],
    ]);
    const listed = await h.request({ method: 'GET', url: '/api/recipes' });
    assert.equal(listed.json<{ pagination: { total: number } }>().pagination.total, 1, 'only the created recipe is stored');
  });

  it('points at the line it refuses', async () => {
    const refused = await h.request({ method: 'POST', url: '/api/recipes/parse-ingredients', body: { ingredients: ['2 eggs', 'For the top:'] } });
    assertProblem(refused, 400, 'validation_failed');
    assert.equal(refused.json<{ errors: { pointer: string }[] }>().errors[0]?.pointer, '/ingredients/1');
    assertProblem(await h.request({ method: 'POST', url: '/api/recipes/parse-ingredients', body: { lines: ['2 eggs'] } }), 400, 'validation_failed');
  });

  it('needs a sign-in, and only the read scope of an API key', async () => {
    assertProblem(await h.request({ method: 'POST', url: '/api/recipes/parse-ingredients', body: { ingredients: [] }, token: null }), 401, 'unauthorized');
    assert.equal(requiredScope('POST', '/api/recipes/parse-ingredients'), 'recipes:read');
  });
});
