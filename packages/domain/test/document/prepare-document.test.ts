import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prepareProductDocument } from '../../src/index.js';
import { productFixture, recipeFixture } from '../../src/testing/index.js';
import { makeDeps } from '../deps.js';

async function library() {
  const deps = makeDeps();
  const kept = recipeFixture({ title: 'Kept though archived', status: 'archived', archived_at: new Date() });
  const active = recipeFixture({ title: 'Active' });
  for (const recipe of [kept, active]) await deps.recipes.insert(recipe);
  const ebook = productFixture({ recipe_ids: [active.id, kept.id] });
  const cards = productFixture({ type: 'recipe_card_pack', recipe_ids: [active.id] });
  for (const product of [ebook, cards]) await deps.products.insert(product);
  return { deps, ebook, cards, kept };
}

describe('prepareProductDocument', () => {
  it('includes the archived recipes the product kept, in the product order', async () => {
    const { deps, ebook } = await library();
    const prepared = await prepareProductDocument(deps)({ id: ebook.id, format: 'pdf' });
    assert.deepEqual(prepared._unsafeUnwrap().document.recipes.map((recipe) => recipe.title), ['Active', 'Kept though archived']);
    assert.deepEqual(prepared._unsafeUnwrap().options, { format: 'pdf', page_size: 'a4', units: 'original' });
  });

  it('gives a new version key when one of the recipes changes', async () => {
    const { deps, ebook, kept } = await library();
    const before = (await prepareProductDocument(deps)({ id: ebook.id, format: 'pdf' }))._unsafeUnwrap().versionKey;
    await deps.recipes.update({ ...kept, title: 'Renamed', version: kept.version + 1 }, kept.version);
    const after = (await prepareProductDocument(deps)({ id: ebook.id, format: 'pdf' }))._unsafeUnwrap().versionKey;
    assert.notEqual(after, before);
  });

  it('refuses an unknown product, a card pack EPUB (rule) and a page size the type does not come in (validation)', async () => {
    const { deps, ebook, cards } = await library();
    const prepare = prepareProductDocument(deps);
    assert.deepEqual((await prepare({ id: 'nope', format: 'pdf' }))._unsafeUnwrapErr(), { type: 'ProductNotFound', id: 'nope' });
    assert.equal((await prepare({ id: cards.id, format: 'epub' }))._unsafeUnwrapErr().type, 'RuleViolation');
    assert.equal((await prepare({ id: cards.id, format: 'pdf', page_size: 'a4' }))._unsafeUnwrapErr().type, 'ValidationFailed');
    assert.equal((await prepare({ id: ebook.id, format: 'pdf', page_size: '4x6' }))._unsafeUnwrapErr().type, 'ValidationFailed');
    assert.equal((await prepare({ id: cards.id, format: 'pdf' }))._unsafeUnwrap().options.page_size, '4x6');
  });
});

describe('prepareProductDocument for a meal plan', () => {
  it('holds the shopping list of every meal at its servings, added up and grouped by aisle, in the asked units', async () => {
    const deps = makeDeps();
    const soup = recipeFixture({
      title: 'Onion Soup',
      servings: 2,
      ingredients: [
        { quantity: 2, quantity_max: null, unit: null, name: 'onions', note: 'sliced', text: '2 onions, sliced', section: null },
        { quantity: 1, quantity_max: null, unit: 'cup', name: 'milk', note: null, text: '1 cup milk', section: null },
      ],
    });
    const toast = recipeFixture({
      title: 'Onion Toast',
      servings: 1,
      ingredients: [{ quantity: 1, quantity_max: null, unit: null, name: 'onion', note: null, text: '1 onion', section: null }],
    });
    for (const recipe of [soup, toast]) await deps.recipes.insert(recipe);
    const plan = productFixture({
      type: 'meal_plan',
      recipe_ids: [soup.id, toast.id],
      days: [{ day: 1, meals: [{ meal_type: 'lunch', recipe_id: soup.id, servings: 4 }, { meal_type: 'dinner', recipe_id: toast.id }] }],
    });
    await deps.products.insert(plan);
    const prepared = (await prepareProductDocument(deps)({ id: plan.id, format: 'pdf', units: 'metric' }))._unsafeUnwrap();
    assert.equal(prepared.document.layout, 'meal_plan');
    if (prepared.document.layout !== 'meal_plan') return;
    // Soup for 4 (twice the recipe): 4 onions, plus the toast's one; 2 cups of milk in millilitres.
    assert.deepEqual(prepared.document.shopping_list, [
      { aisle: 'produce', label: 'Produce', items: ['5 onions'] },
      { aisle: 'dairy_eggs', label: 'Dairy & eggs', items: ['480 ml milk'] },
    ]);
    assert.deepEqual(prepared.document.days[0]?.meals.map((meal) => meal.servings), [4, 1]);
    // The recipes themselves are printed at their base servings, converted.
    assert.deepEqual(prepared.document.recipes[0]?.ingredients, ['2 onions, sliced', '240 ml milk']);
  });
});
