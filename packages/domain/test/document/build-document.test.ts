import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildProductDocument, documentVersionKey, type DocumentOptions } from '../../src/index.js';
import { ingredient, productFixture, recipeFixture } from '../../src/testing/index.js';

const PDF_A4: DocumentOptions = { format: 'pdf', page_size: 'a4', units: 'original' };
const updated = new Date('2026-03-01T10:00:00.000Z');

describe('buildProductDocument', () => {
  it('an ebook: title page, contents and one chapter per recipe in the product order (model snapshot)', () => {
    const soup = recipeFixture({
      id: 'r-soup',
      title: 'Red Lentil Soup',
      description: 'Add 1/2 cup of cream on 1/2/2026.',
      ingredients: [{ ...ingredient('red lentils'), text: '1 ½ cups red lentils' }],
      instructions: ['Simmer 1 1/2 hours.', 'Blend.'],
      notes: 'Freezes well.',
      servings: 4,
      prep_time_minutes: 10,
      cook_time_minutes: 75,
      dietary_tags: ['vegan'],
    });
    const cake = recipeFixture({ id: 'r-cake', title: 'Crème Brûlée', servings: null, prep_time_minutes: null, cook_time_minutes: 5, status: 'archived' });
    const product = productFixture({ id: 'p-1', title: 'Crème Brûlée & Soup: Vol. 2', description: 'Two recipes.', recipe_ids: ['r-cake', 'r-soup'], updated_at: updated });
    const document = buildProductDocument({ product, recipes: [soup, cake], sourceProduct: null, shoppingList: [], options: PDF_A4 });
    assert.deepEqual(document, {
      product_id: 'p-1',
      product_type: 'ebook',
      title_page: { title: 'Crème Brûlée & Soup: Vol. 2', description: 'Two recipes.', source_line: null, byline: null },
      running_title: 'Crème Brûlée & Soup: Vol. 2',
      recipes: [
        {
          anchor: 'recipe-1', title: 'Crème Brûlée', description: null, facts: ['Cook 5 min'], dietary_tags: [],
          ingredients: ['2 cup flour'], instructions: ['Mix.', 'Bake.'], notes: null,
        },
        {
          anchor: 'recipe-2', title: 'Red Lentil Soup', description: 'Add ½ cup of cream on 1/2/2026.',
          facts: ['Serves 4', 'Prep 10 min', 'Cook 1 hr 15 min'], dietary_tags: ['vegan'],
          ingredients: ['1 ½ cups red lentils'], instructions: ['Simmer 1 ½ hours.', 'Blend.'], notes: 'Freezes well.',
        },
      ],
      updated_at: updated,
      file_stem: 'creme-brulee-soup-vol-2',
      units: 'original',
      // No brand: no byline, no copyright page, no author.
      author: null,
      brand_color: null,
      copyright: null,
      // No cover uploaded: the one to draw in its place.
      generated_cover: { title: 'Crème Brûlée & Soup: Vol. 2', subtitle: 'An ebook · 2 recipes', kind: 'ebook', photos: [] },
      layout: 'book',
      contents: [{ title: 'Crème Brûlée', anchor: 'recipe-1' }, { title: 'Red Lentil Soup', anchor: 'recipe-2' }],
    });
  });

  it('a lead magnet names its source product on the title page', () => {
    const source = productFixture({ title: 'Weeknight Dinners' });
    const recipe = recipeFixture();
    const product = productFixture({ type: 'lead_magnet', recipe_ids: [recipe.id], source_product_id: source.id });
    const document = buildProductDocument({ product, recipes: [recipe], sourceProduct: source, shoppingList: [], options: PDF_A4 });
    assert.equal(document.layout, 'book');
    assert.equal(document.title_page.source_line, 'A free sample from “Weeknight Dinners”');
  });

  it('a meal plan: days in order with each meal’s servings, the shopping list grouped by aisle in aisle order', () => {
    const oats = recipeFixture({ title: 'Oats', servings: 2 });
    const dal = recipeFixture({ title: 'Dal', servings: null });
    const product = productFixture({
      type: 'meal_plan',
      recipe_ids: [oats.id, dal.id],
      days: [
        { day: 2, meals: [{ meal_type: 'dinner', recipe_id: dal.id }] },
        { day: 1, meals: [{ meal_type: 'breakfast', recipe_id: oats.id }, { meal_type: 'dinner', recipe_id: dal.id, servings: 6 }] },
      ],
    });
    const document = buildProductDocument({
      product,
      recipes: [dal, oats],
      sourceProduct: null,
      shoppingList: [
        { text: '2 cups oats', aisle: 'pantry' },
        { text: '3 onions', aisle: 'produce' },
        { text: '1 tsp cumin', aisle: 'spices' },
        { text: '1 cup rice', aisle: 'pantry' },
      ],
      options: PDF_A4,
    });
    assert.equal(document.layout, 'meal_plan');
    if (document.layout !== 'meal_plan') return;
    assert.deepEqual(document.days, [
      { label: 'Day 1', meals: [
        { meal_type: 'breakfast', recipe_title: 'Oats', recipe_anchor: 'recipe-1', servings: 2 },
        { meal_type: 'dinner', recipe_title: 'Dal', recipe_anchor: 'recipe-2', servings: 6 },
      ] },
      { label: 'Day 2', meals: [{ meal_type: 'dinner', recipe_title: 'Dal', recipe_anchor: 'recipe-2', servings: null }] },
    ]);
    assert.deepEqual(document.shopping_list, [
      { aisle: 'produce', label: 'Produce', items: ['3 onions'] },
      { aisle: 'pantry', label: 'Pantry', items: ['2 cups oats', '1 cup rice'] },
      { aisle: 'spices', label: 'Spices', items: ['1 tsp cumin'] },
    ]);
  });

  it('a recipe card pack has cards and no contents', () => {
    const recipe = recipeFixture();
    const product = productFixture({ type: 'recipe_card_pack', recipe_ids: [recipe.id] });
    const document = buildProductDocument({ product, recipes: [recipe], sourceProduct: null, shoppingList: [], options: { ...PDF_A4, page_size: '4x6' } });
    assert.equal(document.layout, 'card_pack');
    assert.equal('contents' in document, false);
    assert.equal(document.recipes.length, 1);
  });
});

describe('documentVersionKey', () => {
  const recipe = recipeFixture();
  const product = productFixture({ recipe_ids: [recipe.id] });
  const key = (changes: { recipeVersion?: number; productVersion?: number; options?: DocumentOptions }) =>
    documentVersionKey({
      product: { ...product, version: changes.productVersion ?? 1 },
      recipes: [{ ...recipe, version: changes.recipeVersion ?? 1 }],
      sourceProduct: null,
      options: changes.options ?? PDF_A4,
    });

  it('changes with the product, any recipe, and every option', () => {
    const base = key({});
    assert.equal(key({}), base);
    assert.notEqual(key({ recipeVersion: 2 }), base);
    assert.notEqual(key({ productVersion: 2 }), base);
    assert.notEqual(key({ options: { ...PDF_A4, format: 'epub' } }), base);
    assert.notEqual(key({ options: { ...PDF_A4, page_size: 'letter' } }), base);
    assert.notEqual(key({ options: { ...PDF_A4, units: 'metric' } }), base);
  });
});

describe('ingredient sections in the document model', () => {
  it('gives each recipe the sub-headings of its ingredient list, where each section begins', () => {
    const line = (text: string, section: string | null) => ({ ...ingredient(text), text, section });
    const tart = recipeFixture({
      id: 'r-tart',
      ingredients: [line('1 pinch salt', null), line('1 cup flour', 'For the crust'), line('½ cup butter', 'For the crust'), line('3 eggs', 'For the filling'), line('1 lemon', null), line('icing sugar', 'For the crust')],
    });
    const plain = recipeFixture({ id: 'r-plain' });
    const product = productFixture({ recipe_ids: ['r-tart', 'r-plain'] });
    const document = buildProductDocument({ product, recipes: [tart, plain], sourceProduct: null, shoppingList: [], options: PDF_A4 });
    assert.deepEqual(document.recipes[0]?.ingredient_sections, [
      { before: 1, title: 'For the crust' },
      { before: 3, title: 'For the filling' },
      { before: 5, title: 'For the crust' },
    ]);
    assert.deepEqual(document.recipes[0]?.ingredients, ['1 pinch salt', '1 cup flour', '½ cup butter', '3 eggs', '1 lemon', 'icing sugar']);
    assert.equal('ingredient_sections' in (document.recipes[1] ?? {}), false, 'absent without sections');
  });
});
