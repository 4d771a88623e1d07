import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { IngredientParts } from '../../src/ingredient/ingredient.js';
import { parseIngredientLine } from '../../src/ingredient/ingredient-parser.js';
import { formatQuantity, renderIngredient } from '../../src/ingredient/quantity-format.js';
import { nameForCount } from '../../src/ingredient/noun-number.js';
import { unitInfo } from '../../src/ingredient/units.js';

const parts = (overrides: Partial<IngredientParts>): IngredientParts => ({
  quantity: null, quantity_max: null, unit: null, name: 'flour', note: null, ...overrides,
});

// No run of zeros or nines after a decimal point: the marks of floating-point noise.
const NOISE = /\.\d*(0000|9999)/;

describe('formatQuantity', () => {
  it('shows US and count quantities as the nearest kitchen fraction', () => {
    assert.equal(formatQuantity(1.5, 'cup'), '1 ½');
    assert.equal(formatQuantity(0.5, 'teaspoon'), '½');
    assert.equal(formatQuantity(1 / 3, 'cup'), '⅓');
    assert.equal(formatQuantity(0.66, 'cup'), '⅔');
    assert.equal(formatQuantity(0.3, null), '⅓');
    assert.equal(formatQuantity(0.27, null), '¼');
    assert.equal(formatQuantity(2.125, 'pound'), '2 ⅛');
    assert.equal(formatQuantity(0.97, 'cup'), '1');
    assert.equal(formatQuantity(3, null), '3');
  });

  it('rounds metric quantities as a scale shows them', () => {
    assert.equal(formatQuantity(400, 'g'), '400');
    assert.equal(formatQuantity(66.666666, 'g'), '67');
    assert.equal(formatQuantity(2.46, 'g'), '2.5');
    assert.equal(formatQuantity(1.25, 'kg'), '1.25');
    assert.equal(formatQuantity(0.3333333, 'l'), '0.33');
    assert.equal(formatQuantity(1.5, 'kg'), '1.5');
    assert.equal(formatQuantity(0.6000000001, 'ml'), '0.6');
  });

  it('never shows a positive quantity as 0', () => {
    assert.equal(formatQuantity(0.01, 'cup'), '⅛');
    assert.equal(formatQuantity(0.01, null), '⅛');
    assert.equal(formatQuantity(0.01, 'g'), '0.1');
    assert.equal(formatQuantity(0.001, 'kg'), '0.01');
    assert.equal(formatQuantity(0, 'g'), '0');
  });

  it('never shows 0 or float noise for any positive quantity and unit', () => {
    const unit = fc.constantFrom(null, 'cup', 'tablespoon', 'teaspoon', 'pound', 'g', 'kg', 'ml', 'l', 'clove', 'pinch', 'wineglass');
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), unit, (value, u) => {
        const text = formatQuantity(value, u);
        assert.notEqual(text, '0');
        assert.doesNotMatch(text, NOISE);
        assert.doesNotMatch(text, /e/);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('renderIngredient', () => {
  it('renders the contract examples', () => {
    assert.equal(renderIngredient(parts({ quantity: 1.5, unit: 'cup', note: 'sifted' })), '1 ½ cups flour, sifted');
    assert.equal(renderIngredient(parts({ quantity: 2, quantity_max: 3, unit: 'clove', name: 'garlic' })), '2–3 cloves garlic');
    assert.equal(renderIngredient(parts({ quantity: 0.5, unit: 'teaspoon', name: 'salt' })), '½ teaspoon salt');
    assert.equal(renderIngredient(parts({ name: 'salt', note: 'to taste' })), 'salt, to taste');
  });

  it('uses singular units up to one, plural above, and metric symbols', () => {
    assert.equal(renderIngredient(parts({ quantity: 1, unit: 'cup' })), '1 cup flour');
    assert.equal(renderIngredient(parts({ quantity: 2, unit: 'tablespoon', name: 'oil' })), '2 tablespoons oil');
    assert.equal(renderIngredient(parts({ quantity: 400, unit: 'g', name: 'spaghetti' })), '400 g spaghetti');
    assert.equal(renderIngredient(parts({ quantity: 1.5, unit: 'l', name: 'stock' })), '1.5 L stock');
    assert.equal(renderIngredient(parts({ quantity: 0.5, quantity_max: 1, unit: 'teaspoon', name: 'chilli' })), '½–1 teaspoon chilli');
    assert.equal(renderIngredient(parts({ quantity: 3, name: 'eggs' })), '3 eggs');
  });

  it('renders a unit without a quantity as "unit of name"', () => {
    assert.equal(renderIngredient(parts({ unit: 'pinch', name: 'salt' })), 'pinch of salt');
  });

  it('shows what no fraction matches with the next smaller unit', () => {
    assert.equal(renderIngredient(parts({ quantity: 0.5625, unit: 'cup', name: 'sugar' })), '½ cup plus 1 tablespoon sugar');
    assert.equal(renderIngredient(parts({ quantity: 1 / 6, unit: 'tablespoon', name: 'salt' })), '½ teaspoon salt');
    assert.equal(renderIngredient(parts({ quantity: 1 / 6, unit: 'cup', name: 'milk' })), '2 ⅔ tablespoons milk');
    assert.equal(renderIngredient(parts({ quantity: 1.3125, unit: 'pound', name: 'beef' })), '1 ¼ pounds plus 1 ounce beef');
  });

  it('reads back to the same quantity (render then parse)', () => {
    const unit = fc.constantFrom(null, 'cup', 'tablespoon', 'teaspoon', 'pound', 'ounce', 'clove', 'pinch', 'can');
    const eighths = fc.integer({ min: 1, max: 400 }).map((n) => n / 8);
    const thirds = fc.integer({ min: 1, max: 300 }).map((n) => n / 3);
    fc.assert(
      fc.property(fc.oneof(eighths, thirds), unit, fc.constantFrom('flour', 'salt', 'garlic', 'chopped tomatoes'), (quantity, u, name) => {
        const parsed = parseIngredientLine(renderIngredient(parts({ quantity, unit: u, name })));
        assert.equal(parsed.unit, u);
        // A count's noun agrees with it (`⅛ chopped tomato`); a measured name stays as written.
        assert.equal(parsed.name, u === null ? nameForCount(name, quantity) : name);
        assert.ok(Math.abs((parsed.quantity ?? NaN) - quantity) < 1e-9, `${quantity} ${u}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back what it shows for metric quantities', () => {
    const unit = fc.constantFrom('g', 'kg', 'ml', 'l', 'mg', 'cl');
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 100_000, noNaN: true }), unit, (quantity, u) => {
        const text = renderIngredient(parts({ quantity, unit: u }));
        const parsed = parseIngredientLine(text);
        assert.equal(parsed.unit, u, text);
        assert.equal(String(parsed.quantity), formatQuantity(quantity, u));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back any US quantity to within the rounding of its text', () => {
    const unit = fc.constantFrom('cup', 'tablespoon', 'pound', 'quart');
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 50, noNaN: true }), unit, (quantity, u) => {
        const text = renderIngredient(parts({ quantity, unit: u }));
        assert.doesNotMatch(text, NOISE);
        const parsed = parseIngredientLine(text);
        const inBase = (q: number | null, name: string | null) => (q ?? NaN) * (unitInfo(name ?? '')?.base ?? NaN);
        const expected = inBase(quantity, u);
        // Within 1%, or an eighth of a teaspoon / ounce (the smallest steps shown).
        assert.ok(Math.abs(inBase(parsed.quantity, parsed.unit) - expected) <= Math.max(0.01 * expected, 0.0625), text);
      }),
      { numRuns: 2000 },
    );
  });
});
