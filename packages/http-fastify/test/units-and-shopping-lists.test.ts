/** `units` on a recipe, `servings` on meal plan meals, and a product's shopping list, as a client meets them. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from './support/harness.js';
import { createEbook, createRecipe, type ProductBody } from './support/fixtures.js';
import { assertProblem } from './support/problems.js';

interface Line { text: string; original_text?: string }
interface ShoppingListBody {
  product_id: string;
  units: string;
  items: { name: string; quantity: number | null; quantity_max: number | null; unit: string | null; text: string; aisle: string; recipe_ids: string[]; lines: string[] }[];
}

describe('units and shopping lists', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('converts a recipe with units, with or without servings, and says so when asked', async () => {
    const recipe = await createRecipe(h, { servings: 2, ingredients: ['1 ½ cups milk', '2 onions', '500 g flour', 'salt to taste'] });
    const metric = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?units=metric` });
    assert.equal(metric.statusCode, 200);
    const body = metric.json<{ units: string; ingredients: Line[] }>();
    assert.equal(body.units, 'metric');
    assert.deepEqual(body.ingredients.map((line) => [line.text, line.original_text]), [
      ['360 ml milk', '1 ½ cups milk'], ['2 onions', undefined], ['500 g flour', undefined], ['salt, to taste', undefined],
    ]);
    const scaled = (await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?servings=1&units=us` })).json<{ units: string; ingredients: Line[]; scaling: unknown }>();
    assert.deepEqual(scaled.ingredients.map((line) => line.text), ['¾ cup milk', '1 onion', '8 ⅞ ounces flour', 'salt, to taste']);
    assert.deepEqual([scaled.units, scaled.scaling], ['us', { base_servings: 2, servings: 1, factor: 0.5 }]);
    assert.equal((await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?units=original` })).json<{ units: string }>().units, 'original');
    const plain = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}` });
    assert.deepEqual(plain.json(), recipe, 'a plain read is the recipe as stored');
    const bad = assertProblem(await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?units=imperial` }), 400, 'validation_failed');
    assert.equal(bad.errors?.[0]?.pointer, '/units');
  });

  it('keeps servings on meal plan meals through create, PATCH and read, and refuses them out of range', async () => {
    const recipe = await createRecipe(h);
    const days = [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: recipe.id, servings: 4 }, { meal_type: 'lunch', recipe_id: recipe.id }] }];
    const created = await h.request({ method: 'POST', url: '/api/products', body: { type: 'meal_plan', title: 'Plan', days } });
    assert.equal(created.statusCode, 201);
    const plan = created.json<ProductBody>();
    assert.deepEqual(plan.days, days);
    const patched = await h.request({ method: 'PATCH', url: `/api/products/${plan.id}`, body: { days: [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: recipe.id, servings: 8 }] }] } });
    assert.deepEqual(patched.json<ProductBody>().days, [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: recipe.id, servings: 8 }] }]);
    assert.deepEqual((await h.request({ method: 'GET', url: `/api/products/${plan.id}` })).json<ProductBody>().days, patched.json<ProductBody>().days);
    for (const servings of [0, 1001, 1.5]) {
      const response = await h.request({ method: 'POST', url: '/api/products', body: { type: 'meal_plan', title: 'Plan', days: [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: recipe.id, servings }] }] } });
      assertProblem(response, 400, 'validation_failed');
    }
  });

  it('adds up a meal plan with one recipe on three days at different servings', async () => {
    const soup = await createRecipe(h, { title: 'Soup', servings: 2, ingredients: ['2 onions, diced', '3 tsp olive oil', '600 g potatoes', 'salt to taste'] });
    const days = [
      { day: 1, meals: [{ meal_type: 'dinner', recipe_id: soup.id }] },
      { day: 2, meals: [{ meal_type: 'dinner', recipe_id: soup.id, servings: 1 }] },
      { day: 3, meals: [{ meal_type: 'dinner', recipe_id: soup.id, servings: 4 }] },
    ];
    const plan = (await h.request({ method: 'POST', url: '/api/products', body: { type: 'meal_plan', title: 'Soup week', days } })).json<ProductBody>();
    const response = await h.request({ method: 'GET', url: `/api/products/${plan.id}/shopping-list` });
    assert.equal(response.statusCode, 200);
    const list = response.json<ShoppingListBody>();
    assert.deepEqual([list.product_id, list.units], [plan.id, 'original']);
    assert.deepEqual(list.items.map((item) => [item.aisle, item.text]), [
      ['produce', '7 onions'], ['produce', '2.1 kg potatoes'], ['pantry', '3 ½ tablespoons olive oil'], ['spices', 'salt'],
    ]);
    assert.deepEqual(list.items[0], {
      name: 'onions', quantity: 7, quantity_max: null, unit: null, text: '7 onions', aisle: 'produce', recipe_ids: [soup.id],
      lines: ['2 onions, diced', '1 onion, diced', '4 onions, diced'],
    });
    const us = (await h.request({ method: 'GET', url: `/api/products/${plan.id}/shopping-list?units=us` })).json<ShoppingListBody>();
    assert.deepEqual(us.items.map((item) => item.text), ['7 onions', '4 ⅝ pounds potatoes', '3 ½ tablespoons olive oil', 'salt']);
  });

  it('counts every recipe of an ebook once, an archived one too', async () => {
    const a = await createRecipe(h, { ingredients: ['1 cup milk', '2 eggs'] });
    const b = await createRecipe(h, { ingredients: ['250 ml milk', '1 egg', '1-2 cloves garlic'] });
    const book = await createEbook(h, [a.id, b.id]);
    assert.equal((await h.request({ method: 'DELETE', url: `/api/recipes/${b.id}` })).statusCode, 200);
    const list = (await h.request({ method: 'GET', url: `/api/products/${book.id}/shopping-list?units=metric` })).json<ShoppingListBody>();
    assert.deepEqual(list.items.map((item) => item.text), ['1–2 cloves garlic', '3 eggs', '490 ml milk']);
    assert.deepEqual(list.items.find((item) => item.name === 'eggs')?.recipe_ids, [a.id, b.id]);
  });

  it('is a 404 for an unknown product and a 400 for unknown units', async () => {
    assertProblem(await h.request({ method: 'GET', url: '/api/products/no-such-product/shopping-list' }), 404, 'not_found');
    const book = await createEbook(h, [(await createRecipe(h)).id]);
    const bad = assertProblem(await h.request({ method: 'GET', url: `/api/products/${book.id}/shopping-list?units=imperial` }), 400, 'validation_failed');
    assert.equal(bad.errors?.[0]?.pointer, '/units');
  });
});
