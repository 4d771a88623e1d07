import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Ingredient } from '../../src/ingredient/ingredient.js';
import { normaliseIngredientInput } from '../../src/ingredient/ingredient-input.js';
import { scaleIngredient, scaleIngredients, scalingFactor } from '../../src/ingredient/scaling.js';

function ingredient(line: string): Ingredient {
  const result = normaliseIngredientInput(line);
  assert.ok(result.isOk(), line);
  return result.value;
}

describe('scalingFactor', () => {
  it('is the ratio of servings', () => {
    assert.equal(scalingFactor(4, 8), 2);
    assert.equal(scalingFactor(4, 2), 0.5);
    assert.equal(scalingFactor(3, 4), 4 / 3);
  });

  it('rejects servings that cannot be scaled from or to', () => {
    assert.throws(() => scalingFactor(0, 4), RangeError);
    assert.throws(() => scalingFactor(4, -1), RangeError);
    assert.throws(() => scalingFactor(Number.NaN, 4), RangeError);
  });
});

describe('scaleIngredient', () => {
  it('multiplies quantities and re-renders the text', () => {
    const scaled = scaleIngredient(ingredient('1 1/2 cups flour, sifted'), 2);
    assert.equal(scaled.quantity, 3);
    assert.equal(scaled.text, '3 cups flour, sifted');
    assert.equal(scaleIngredient(ingredient('2-3 cloves garlic'), 2).text, '4–6 cloves garlic');
    assert.equal(scaleIngredient(ingredient('400g spaghetti'), 0.75).text, '300 g spaghetti');
    assert.equal(scaleIngredient(ingredient('1 cup milk'), 1 / 3).text, '⅓ cup milk');
  });

  it('keeps the size of counted containers', () => {
    const scaled = scaleIngredient(ingredient('2 x 400g tins chopped tomatoes'), 2);
    assert.equal(scaled.text, '4 tins chopped tomatoes, 400g');
  });

  it('leaves a vague amount as written and scales dozens as a unit', () => {
    const pinch = ingredient('a pinch of salt');
    assert.equal(pinch.text, 'pinch of salt');
    assert.deepEqual(scaleIngredient(pinch, 2), pinch);
    assert.deepEqual(scaleIngredient(ingredient('A few sprigs of thyme'), 2), ingredient('A few sprigs of thyme'));
    const eggs = scaleIngredient(ingredient('4 dozen eggs'), 2);
    assert.deepEqual([eggs.quantity, eggs.unit, eggs.text], [8, 'dozen', '8 dozen eggs']);
    assert.equal(scaleIngredient(ingredient('1 dozen clams'), 1.5).text, '1 ½ dozen clams');
  });

  it('leaves lines without a quantity unchanged', () => {
    const salt = ingredient('salt to taste');
    assert.equal(scaleIngredient(salt, 3), salt);
    assert.equal(salt.text, 'salt, to taste');
  });

  it('cleans float noise from quantities', () => {
    const scaled = scaleIngredient(ingredient('0.1 kg butter'), 3);
    assert.equal(scaled.quantity, 0.3);
    assert.equal(scaled.text, '0.3 kg butter');
    assert.equal(scaleIngredient(ingredient('⅓ cup oil'), 3).quantity, 1);
  });

  it('never rounds a small amount to zero', () => {
    assert.equal(scaleIngredient(ingredient('1 teaspoon salt'), 0.01).text, '⅛ teaspoon salt');
    assert.equal(scaleIngredient(ingredient('1 g saffron'), 0.01).text, '0.1 g saffron');
  });

  it('scales a list in order', () => {
    const scaled = scaleIngredients([ingredient('2 eggs'), ingredient('salt')], 1.5);
    assert.deepEqual(scaled.map((i) => i.text), ['3 eggs', 'salt']);
  });

  it('gives back the original quantities when scaled by k and then 1/k', () => {
    // Quantities as recipes hold them: up to six significant digits, or fractions such as thirds.
    const decimal = fc.integer({ min: 1, max: 999_999 }).chain((n) => fc.integer({ min: 1, max: 6 }).map((d) => n / 10 ** d));
    const fraction = fc.tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 12 })).map(([n, d]) => n / d);
    const servings = fc.integer({ min: 1, max: 1000 });
    fc.assert(
      fc.property(fc.oneof(decimal, fraction), fc.option(fc.integer({ min: 1, max: 10 })), servings, servings, fc.constantFrom(null, 'cup', 'g', 'clove'), (q, extra, base, target, unit) => {
        const original = normaliseIngredientInput({ quantity: q, quantity_max: extra === null ? null : q + extra, unit, name: 'flour' });
        assert.ok(original.isOk());
        const there = scaleIngredient(original.value, scalingFactor(base, target));
        const back = scaleIngredient(there, scalingFactor(target, base));
        assert.equal(back.quantity, original.value.quantity);
        assert.equal(back.quantity_max, original.value.quantity_max);
        assert.equal(back.text, original.value.text);
      }),
      { numRuns: 3000 },
    );
  });

  it('renders scaled quantities without float noise or zeros', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1000, noNaN: true }), fc.double({ min: 0.001, max: 1000, noNaN: true }), fc.constantFrom(null, 'cup', 'teaspoon', 'g', 'kg', 'ml', 'pound'), (q, factor, unit) => {
        const original = normaliseIngredientInput({ quantity: q, unit, name: 'sugar' });
        assert.ok(original.isOk());
        assert.doesNotMatch(scaleIngredient(original.value, factor).text, /\.\d*(0000|9999)|(^|\s)0\s/);
      }),
      { numRuns: 2000 },
    );
  });

  // Arbitrary doubles can multiply to a true 1.0021999999000002, so the stored number is checked where the exact
  // answer is known to be short: kitchen amounts scaled by a ratio of servings.
  it('stores kitchen amounts scaled by a servings ratio without float noise', () => {
    const kitchenAmount = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 7 }), fc.constantFrom(2, 3, 4, 8)).map(([whole, part, denominator]) => whole + (part % denominator) / denominator);
    fc.assert(
      fc.property(kitchenAmount.filter((q) => q > 0), fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), (q, base, servings) => {
        const original = normaliseIngredientInput({ quantity: q, unit: 'cup', name: 'flour' });
        assert.ok(original.isOk());
        const scaled = scaleIngredient(original.value, scalingFactor(base, servings)).quantity;
        assert.doesNotMatch(String(scaled), /(0{7,}|9{7,})\d$/);
        assert.ok(Math.abs((scaled ?? 0) - (q * servings) / base) < 1e-9);
      }),
      { numRuns: 3000 },
    );
  });
});
