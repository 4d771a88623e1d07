import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Ingredient } from '../../src/ingredient/ingredient.js';
import { normaliseIngredientInput } from '../../src/ingredient/ingredient-input.js';
import { METRIC_SIZES } from '../../src/ingredient/unit-conversion.js';
import { AISLES } from '../../src/shopping-list/aisles.js';
import { buildShoppingList, type ShoppingListItem, type ShoppingListSource } from '../../src/shopping-list/shopping-list.js';

const source = (recipeId: string, ...lines: string[]): ShoppingListSource => ({
  recipe_id: recipeId,
  ingredients: lines.map((text) => normaliseIngredientInput(text)._unsafeUnwrap()),
});
const texts = (sources: ShoppingListSource[], units: 'original' | 'metric' | 'us' = 'original') =>
  buildShoppingList(sources, units).items.map((item) => item.text);

describe('shopping list merge', () => {
  it('adds up the contract examples', () => {
    assert.deepEqual(texts([source('a', '2 onions, diced'), source('b', '1 onion')]), ['3 onions']);
    assert.deepEqual(texts([source('a', '3 teaspoons sugar'), source('b', '3 teaspoons sugar')]), ['2 tablespoons sugar']);
    assert.deepEqual(texts([source('a', '600 g potatoes'), source('b', '600 g Potatoes')]), ['1.2 kg potatoes']);
  });

  it('gives every item the fields a document needs', () => {
    const [item] = buildShoppingList([source('a', '2 onions, diced'), source('b', '1 onion')], 'original').items;
    assert.deepEqual(item, {
      name: 'onions', quantity: 3, quantity_max: null, unit: null, text: '3 onions', aisle: 'produce',
      recipe_ids: ['a', 'b'], lines: ['2 onions, diced', '1 onion'],
    });
  });

  it('converts within a measure and keeps volume and weight of one ingredient apart', () => {
    assert.deepEqual(texts([source('a', '1 cup flour', '100 g flour'), source('b', '2 tbsp flour', '1 lb flour')]), ['1 ⅛ cups flour', '555 g flour']);
    assert.deepEqual(texts([source('a', '1 cup milk'), source('b', '250 ml milk')], 'us'), ['2 cups milk']);
    assert.deepEqual(texts([source('a', '1 cup milk'), source('b', '250 ml milk')], 'metric'), ['490 ml milk']);
  });

  it('adds a count unit only to itself, and plain counts to plain counts', () => {
    assert.deepEqual(texts([source('a', '2 cloves garlic', '1 tin tomatoes'), source('b', '1 clove garlic', '2 tins tomatoes', '3 tomatoes')]), ['3 cloves garlic', '3 tomatoes', '3 tins tomatoes']);
  });

  it('counts a dozen as 12 items where it adds up counted items', () => {
    assert.deepEqual(texts([source('a', '2 dozen eggs'), source('b', '6 eggs')]), ['30 eggs']);
    assert.deepEqual(texts([source('a', '1 1/2 dozen clams'), source('b', '1 dozen clams')], 'metric'), ['30 clams']);
    assert.deepEqual(texts([source('a', '2-3 dozen oysters'), source('b', '4 oysters')]), ['28–40 oysters']);
  });

  it('lists a vague amount (`a pinch of salt`) as a line without an amount', () => {
    const list = buildShoppingList([source('a', 'a pinch of salt', '1 tsp salt'), source('b', 'a good pinch of salt')], 'original');
    assert.deepEqual(list.items.map((item) => [item.text, item.lines.length]), [['1 teaspoon salt', 3]]);
  });

  it('adds ranges as ranges', () => {
    assert.deepEqual(texts([source('a', '2-3 cloves garlic'), source('b', '1 clove garlic')]), ['3–4 cloves garlic']);
    assert.deepEqual(texts([source('a', '100-200 g rice'), source('b', '1-2 kg rice')]), ['1.1–2.2 kg rice']);
  });

  it('keeps counts and unknown units as they are in any system', () => {
    const port = { recipe_id: 'a', ingredients: [normaliseIngredientInput({ quantity: 2, unit: 'wineglass', name: 'port' })._unsafeUnwrap()] };
    for (const units of ['original', 'metric', 'us'] as const) {
      assert.deepEqual(texts([port, source('b', '1 pinch salt', '2 eggs')], units), ['2 eggs', '1 pinch salt', '2 wineglass port']);
    }
  });

  it('lists a line without an amount once per ingredient, with the amounted item when there is one', () => {
    const list = buildShoppingList([source('a', 'salt to taste', 'pepper', '1 tsp cumin'), source('b', 'Salt, to taste', 'cumin')], 'original');
    assert.deepEqual(list.items.map((item) => [item.text, item.lines.length]), [['1 teaspoon cumin', 2], ['pepper', 1], ['salt', 2]]);
  });

  it('agrees a count with its noun', () => {
    assert.deepEqual(texts([source('a', '1 green chilli'), source('b', '½ green chilli')]), ['1 ½ green chillies']);
    assert.deepEqual(texts([source('a', '½ onion'), source('b', '½ onion')]), ['1 onion']);
  });

  it('orders items by aisle, then by name', () => {
    const list = buildShoppingList([source('a', '1 cup milk', '2 onions', 'salt', '1 lb chicken breasts', '2 carrots', 'frozen peas')], 'original');
    assert.deepEqual(list.items.map((item) => [item.aisle, item.name]), [
      ['produce', 'carrots'], ['produce', 'onions'], ['meat_seafood', 'chicken breasts'], ['dairy_eggs', 'milk'], ['spices', 'salt'], ['frozen', 'frozen peas'],
    ]);
  });
});

const LINES = [
  '2 onions', '1 onion, diced', '½ onion', '1-2 onions', '3 tsp sugar', '1 tbsp sugar', '1 cup sugar', '200 g sugar', '1 lb sugar',
  '2 oz sugar', '100 ml milk', '1 cup milk', '1 l milk', '2 fl oz milk', '1 quart milk', '2 cloves garlic', '1-2 cloves garlic',
  'garlic', 'salt to taste', '1 tsp salt', '5 g salt', '2 tins tomatoes', '3 tomatoes', '400 g tomatoes', '1 kg tomatoes', '2 eggs',
  '300 g Tomatoes', '150 g tomato, diced', '1 cup Milk', 'Garlic (fresh)',
];
const sources = fc.array(fc.array(fc.constantFrom(...LINES), { maxLength: 8 }), { maxLength: 6 })
  .map((recipes) => recipes.map((lines, index) => source(`r${index}`, ...lines)));
const unitsChoice = fc.constantFrom('original' as const, 'metric' as const, 'us' as const);
const comparable = (item: ShoppingListItem) => ({ ...item, recipe_ids: [...item.recipe_ids].sort(), lines: [...item.lines].sort() });
const inBase = (quantity: number, unit: string | null) => quantity * (METRIC_SIZES[unit ?? ''] ?? 1);

describe('shopping list properties', () => {
  it('does not depend on the order of recipes or lines', () => {
    fc.assert(fc.property(sources, unitsChoice, fc.nat(), (list, units, seed) => {
      const shuffled = [...list].reverse().map((recipe, index) => ({ ...recipe, ingredients: rotate(recipe.ingredients, seed + index) }));
      assert.deepEqual(buildShoppingList(shuffled, units).items.map(comparable), buildShoppingList(list, units).items.map(comparable));
    }), { numRuns: 300 });
  });

  it('sums to the sum of its lines in a common unit (exactly without conversion, within rounding with it)', () => {
    fc.assert(fc.property(sources, unitsChoice, (list, units) => {
      const lines = new Map(list.flatMap((recipe) => recipe.ingredients).map((ingredient) => [ingredient.text, ingredient]));
      for (const item of buildShoppingList(list, units).items) {
        if (item.quantity === null) continue;
        const merged = item.lines.map((text) => lines.get(text)).filter((line): line is Ingredient => line?.quantity != null);
        const expected = merged.reduce((total, line) => total + inBase(line.quantity ?? 0, line.unit), 0);
        const metric = merged.some((line) => ['g', 'kg', 'ml', 'l'].includes(line.unit ?? ''));
        const us = merged.some((line) => ['teaspoon', 'tablespoon', 'cup', 'fluid ounce', 'quart', 'ounce', 'pound'].includes(line.unit ?? ''));
        const converted = (metric && us) || (units === 'us' && metric) || (units === 'metric' && us);
        const tolerance = converted ? 0.065 * expected + 10 : 1e-9 * expected;
        assert.ok(Math.abs(inBase(item.quantity, item.unit) - expected) <= tolerance, `${item.text}: ${item.lines.join(' + ')}`);
      }
    }), { numRuns: 300 });
  });

  it('orders items by aisle then name', () => {
    fc.assert(fc.property(sources, unitsChoice, (list, units) => {
      const aisles = buildShoppingList(list, units).items.map((item) => AISLES.indexOf(item.aisle));
      assert.deepEqual(aisles, [...aisles].sort((a, b) => a - b));
    }));
  });
});

function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const at = by % items.length;
  return [...items.slice(at), ...items.slice(0, at)];
}
