/** `ingredients[].section` through the API: heading lines, objects' own sections, and the shape the schema promises. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { RecipeSchema, ScaledRecipeSchema } from '../src/schemas/recipe.js';
import { harness, type Harness } from './support/harness.js';
import { assertProblem } from './support/problems.js';

const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);
const validRecipe = ajv.compile(RecipeSchema);
const validScaled = ajv.compile({ ...ScaledRecipeSchema, $id: 'ScaledForTest' });

interface Line {
  name: string;
  text: string;
  section: string | null;
}

describe('ingredient sections (HTTP)', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('turns heading lines into the section of the lines after them; every line has a section, null or not', async () => {
    const created = await h.request({
      method: 'POST',
      url: '/api/recipes',
      body: { title: 'Salad', servings: 2, ingredients: ['1 pinch salt', 'For the salad:', '2 cups lettuce', 'For the dressing:', '3 tbsp olive oil', { name: 'pepper', section: 'To serve' }] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const recipe = created.json<{ id: string; ingredients: Line[] }>();
    assert.equal(validRecipe(recipe), true, JSON.stringify(validRecipe.errors));
    assert.deepEqual(recipe.ingredients.map((line) => [line.name, line.section]), [
      ['salt', null],
      ['lettuce', 'For the salad'],
      ['olive oil', 'For the dressing'],
      ['pepper', 'To serve'],
    ]);
    assert.equal(recipe.ingredients[2]?.text, '3 tablespoons olive oil', 'the section is not part of the text');
    const scaled = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?servings=4&units=metric` });
    assert.equal(validScaled(scaled.json()), true, JSON.stringify(validScaled.errors));
    assert.deepEqual(scaled.json<{ ingredients: Line[] }>().ingredients.map((line) => line.section), [null, 'For the salad', 'For the dressing', 'To serve']);
  });

  it('keeps sections through a change of other fields, and replaces them with the list', async () => {
    const id = (await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Tart', ingredients: ['Crust:', '1 cup flour'] } })).json<{ id: string }>().id;
    const renamed = await h.request({ method: 'PATCH', url: `/api/recipes/${id}`, body: { title: 'Lemon tart' } });
    assert.equal(renamed.json<{ ingredients: Line[] }>().ingredients[0]?.section, 'Crust');
    const replaced = await h.request({ method: 'PATCH', url: `/api/recipes/${id}`, body: { ingredients: ['1 cup flour'] } });
    assert.equal(replaced.json<{ ingredients: Line[] }>().ingredients[0]?.section, null);
  });

  it('refuses a heading with nothing after it, and a section that is not text or too long (400 at the line)', async () => {
    const post = (ingredients: unknown[]) => h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Soup', ingredients } });
    const trailing = assertProblem(await post(['1 onion', 'To serve:']), 400, 'validation_failed');
    assert.deepEqual(trailing.errors?.map((error) => error.pointer), ['/ingredients/1']);
    assertProblem(await post([{ name: 'salt', section: 5 }]), 400, 'validation_failed');
    assertProblem(await post([{ name: 'salt', section: 'x'.repeat(201) }]), 400, 'validation_failed');
  });

  it('leaves the shopping list alone: the same ingredient in two sections is one line', async () => {
    const id = (await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Cake', servings: 4, ingredients: ['Cake:', '100 g sugar', 'Icing:', '50 g sugar'] } })).json<{ id: string }>().id;
    const product = await h.request({ method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'Cakes', recipe_ids: [id] } });
    const list = await h.request({ method: 'GET', url: `/api/products/${product.json<{ id: string }>().id}/shopping-list` });
    assert.equal(list.statusCode, 200, list.body);
    const text = JSON.stringify(list.json());
    assert.equal(text.includes('Icing'), false);
    assert.match(text, /150 g sugar/);
  });
});
