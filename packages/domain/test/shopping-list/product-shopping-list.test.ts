import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProduct, updateProduct } from '../../src/product/product-use-cases.js';
import { archiveRecipe, createRecipe } from '../../src/recipe/recipe-use-cases.js';
import { getProductShoppingList } from '../../src/shopping-list/product-shopping-list.js';
import { makeDeps } from '../deps.js';

async function kitchen() {
  const deps = makeDeps();
  const recipe = async (title: string, ingredients: string[], servings: number | null = 2) =>
    (await createRecipe(deps)({ title, ingredients, servings }))._unsafeUnwrap().id;
  const soup = await recipe('Soup', ['2 onions', '500 ml stock', 'salt to taste']);
  const salad = await recipe('Salad', ['1 onion', '100 g feta']);
  return { deps, soup, salad, recipe };
}

const textsOf = (list: { items: readonly { text: string }[] }) => list.items.map((item) => item.text);

describe('the shopping list of a product', () => {
  it('counts a meal plan meal by meal, each at its servings', async () => {
    const { deps, soup } = await kitchen();
    const plan = (await createProduct(deps)({
      type: 'meal_plan', title: 'Soup week',
      days: [
        { day: 1, meals: [{ meal_type: 'dinner', recipe_id: soup }] },
        { day: 2, meals: [{ meal_type: 'dinner', recipe_id: soup, servings: 4 }] },
        { day: 3, meals: [{ meal_type: 'dinner', recipe_id: soup, servings: 1 }] },
      ],
    }))._unsafeUnwrap();
    assert.equal(plan.days?.[1]?.meals[0]?.servings, 4);
    const list = (await getProductShoppingList(deps)(plan.id))._unsafeUnwrap();
    // 2 + 4 + 1 onions; 500 + 1000 + 250 ml of stock; salt once.
    assert.deepEqual(textsOf(list), ['7 onions', '1.75 L stock', 'salt']);
    assert.deepEqual(list.items[0]?.lines, ['2 onions', '4 onions', '1 onion']);
    assert.deepEqual([list.product_id, list.units, list.items[0]?.recipe_ids], [plan.id, 'original', [soup]]);
  });

  it('takes servings on a meal plan change, and refuses servings outside 1..1000', async () => {
    const { deps, soup } = await kitchen();
    const plan = (await createProduct(deps)({ type: 'meal_plan', title: 'P', days: [{ day: 1, meals: [{ meal_type: 'lunch', recipe_id: soup }] }] }))._unsafeUnwrap();
    const changed = (await updateProduct(deps)({ id: plan.id, changes: { days: [{ day: 1, meals: [{ meal_type: 'lunch', recipe_id: soup, servings: 6 }] }] } }))._unsafeUnwrap();
    assert.deepEqual(textsOf((await getProductShoppingList(deps)(changed.id))._unsafeUnwrap()), ['6 onions', '1.5 L stock', 'salt']);
    for (const servings of [0, 1001, 2.5, '4']) {
      const bad = await createProduct(deps)({ type: 'meal_plan', title: 'P', days: [{ day: 1, meals: [{ meal_type: 'lunch', recipe_id: soup, servings }] }] });
      const error = bad._unsafeUnwrapErr();
      assert.deepEqual(error.type === 'ValidationFailed' ? error.issues.map((issue) => issue.pointer) : error.type, ['/days/0/meals/0/servings'], String(servings));
    }
  });

  it('counts every recipe of other products once at base servings, archived ones too', async () => {
    const { deps, soup, salad } = await kitchen();
    const book = (await createProduct(deps)({ type: 'ebook', title: 'Book', recipe_ids: [soup, salad] }))._unsafeUnwrap();
    await archiveRecipe(deps)({ id: salad });
    const list = (await getProductShoppingList(deps)(book.id, 'us'))._unsafeUnwrap();
    assert.deepEqual(textsOf(list), ['3 onions', '3 ½ ounces feta', '2 ⅛ cups stock', 'salt']);
    assert.deepEqual(list.items[0]?.recipe_ids, [soup, salad]);
  });

  it('counts a recipe without base servings as written', async () => {
    const { deps, recipe } = await kitchen();
    const loose = await recipe('Loose', ['1 lemon'], null);
    const plan = (await createProduct(deps)({ type: 'meal_plan', title: 'P', days: [{ day: 1, meals: [{ meal_type: 'lunch', recipe_id: loose, servings: 8 }] }] }))._unsafeUnwrap();
    assert.deepEqual(textsOf((await getProductShoppingList(deps)(plan.id))._unsafeUnwrap()), ['1 lemon']);
  });

  it('is ProductNotFound for an unknown product and ValidationFailed for unknown units', async () => {
    const { deps, soup } = await kitchen();
    assert.equal((await getProductShoppingList(deps)('no-such-product'))._unsafeUnwrapErr().type, 'ProductNotFound');
    const book = (await createProduct(deps)({ type: 'ebook', title: 'Book', recipe_ids: [soup] }))._unsafeUnwrap();
    assert.deepEqual((await getProductShoppingList(deps)(book.id, 'imperial'))._unsafeUnwrapErr(), {
      type: 'ValidationFailed', issues: [{ pointer: '/units', message: 'must be one of original, metric, us' }],
    });
  });
});
