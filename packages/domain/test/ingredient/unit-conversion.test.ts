import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { convertIngredient } from '../../src/ingredient/ingredient-conversion.js';
import { normaliseIngredientInput } from '../../src/ingredient/ingredient-input.js';
import { METRIC_SIZES, measuredUnit } from '../../src/ingredient/unit-conversion.js';

const line = (text: string) => normaliseIngredientInput(text)._unsafeUnwrap();
const converted = (text: string, units: 'metric' | 'us' | 'original') => convertIngredient(line(text), units);
const inBase = (quantity: number | null, unit: string | null) => (quantity ?? NaN) * (METRIC_SIZES[unit ?? ''] ?? NaN);

describe('unit conversion of an ingredient line', () => {
  it('converts each weight unit both ways', () => {
    assert.equal(converted('500 g flour', 'us').text, '1 ⅛ pounds flour');
    assert.equal(converted('100 g chocolate', 'us').text, '3 ½ ounces chocolate');
    assert.equal(converted('1 kg potatoes', 'us').text, '2 ¼ pounds potatoes');
    assert.equal(converted('1 lb beef', 'metric').text, '455 g beef');
    assert.equal(converted('8 oz cheese', 'metric').text, '225 g cheese');
    assert.equal(converted('3 lb potatoes', 'metric').text, '1.36 kg potatoes');
  });

  it('converts each volume unit both ways, as a cook measures', () => {
    assert.equal(converted('1 tsp vanilla', 'metric').text, '5 ml vanilla');
    assert.equal(converted('2 tbsp oil', 'metric').text, '30 ml oil');
    assert.equal(converted('1 ½ cups milk', 'metric').text, '360 ml milk');
    assert.equal(converted('3 fl oz gin', 'metric').text, '90 ml gin');
    assert.equal(converted('1 quart stock', 'metric').text, '960 ml stock');
    assert.equal(converted('6 cups stock', 'metric').text, '1.44 L stock');
    assert.equal(converted('5 ml vanilla', 'us').text, '1 teaspoon vanilla');
    assert.equal(converted('15 ml soy sauce', 'us').text, '1 tablespoon soy sauce');
    assert.equal(converted('250 ml milk', 'us').text, '1 cup milk');
    assert.equal(converted('1.5 l water', 'us').text, '1 ⅝ quarts water');
    assert.equal(converted('2 dl cream', 'us').text, '⅞ cup cream');
  });

  it('keeps the original text of a converted line, and the note', () => {
    const milk = converted('1 ½ cups milk, warm', 'metric');
    assert.deepEqual(milk, { quantity: 360, quantity_max: null, unit: 'ml', name: 'milk', note: 'warm', text: '360 ml milk, warm', section: null, original_text: '1 ½ cups milk, warm' });
  });

  it('converts ranges as ranges, in one unit', () => {
    assert.equal(converted('2-3 cups rice', 'metric').text, '480–720 ml rice');
    assert.equal(converted('200-300 g pasta', 'us').text, '7–10 ⅝ ounces pasta');
  });

  it('leaves counts, containers, pinches, lengths, unknown units and lines already in the system untouched', () => {
    for (const text of ['2 onions', '2 tins tomatoes', '1 pinch salt', '2 inch ginger', 'salt to taste', '3 cloves garlic']) {
      for (const units of ['metric', 'us'] as const) assert.deepEqual(converted(text, units), line(text), `${text} ${units}`);
    }
    const unknown = normaliseIngredientInput({ quantity: 2, unit: 'wineglass', name: 'port' })._unsafeUnwrap();
    assert.deepEqual(convertIngredient(unknown, 'metric'), unknown);
    assert.deepEqual(converted('500 g flour', 'metric'), line('500 g flour'));
    assert.deepEqual(converted('2 cups flour', 'us'), line('2 cups flour'));
    assert.deepEqual(converted('2 cups flour', 'original'), line('2 cups flour'));
  });

  it('never turns a volume into a weight or a weight into a volume', () => {
    const units = fc.constantFrom(...Object.keys(METRIC_SIZES));
    fc.assert(fc.property(fc.integer({ min: 1, max: 5000 }), units, fc.constantFrom('metric' as const, 'us' as const), (quantity, unit, target) => {
      const result = convertIngredient(normaliseIngredientInput({ quantity, unit, name: 'x' })._unsafeUnwrap(), target);
      assert.equal(measuredUnit(result.unit)?.measure, measuredUnit(unit)?.measure);
    }));
  });

  it('returns the original amount within rounding from metric to US and back', () => {
    const units = fc.constantFrom('g', 'kg', 'ml', 'l', 'cl', 'dl');
    fc.assert(fc.property(fc.double({ min: 1, max: 5000, noNaN: true }), units, (quantity, unit) => {
      const original = normaliseIngredientInput({ quantity, unit, name: 'x' })._unsafeUnwrap();
      const there = convertIngredient(original, 'us');
      const back = convertIngredient({ ...there, original_text: undefined } as never, 'metric');
      const expected = inBase(quantity, unit);
      // The US amount is within 6% (a kitchen fraction of a cup or pound) or ⅛ of its unit; the metric one within
      // its step (tenths, whole, fives, tens).
      const tolerance = 0.065 * expected + 0.125 * (METRIC_SIZES[there.unit ?? ''] ?? 0) + 10;
      assert.ok(Math.abs(inBase(back.quantity, back.unit) - expected) <= tolerance, `${quantity} ${unit} → ${there.text} → ${back.text}`);
    }), { numRuns: 1000 });
  });

  it('returns kitchen amounts from US to metric and back within the metric rounding', () => {
    const amount = fc.tuple(fc.integer({ min: 1, max: 16 }), fc.constantFrom('teaspoon', 'tablespoon', 'cup'));
    fc.assert(fc.property(amount, ([count, unit]) => {
      const original = normaliseIngredientInput({ quantity: count / 4, unit, name: 'x' })._unsafeUnwrap();
      const back = convertIngredient(convertIngredient(original, 'metric'), 'us');
      const expected = inBase(original.quantity, original.unit);
      // Whole millilitres from 10 up, fives from 100: half a step, then the nearest kitchen fraction.
      assert.ok(Math.abs(inBase(back.quantity, back.unit) - expected) <= 0.03 * expected + 1, `${original.text} → ${back.text}`);
    }));
  });
});
