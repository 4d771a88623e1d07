import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { normaliseIngredientInput } from '../../src/ingredient/ingredient-input.js';
import { collapseWhitespace } from '../../src/ingredient/ingredient-name.js';
import { parseTidyIngredientLine } from '../../src/ingredient/ingredient-parser.js';
import { withRenderedText } from '../../src/ingredient/quantity-format.js';

describe('normaliseIngredientInput', () => {
  it('parses a line and renders its text', () => {
    const result = normaliseIngredientInput('1 1/2 cups flour, sifted');
    assert.deepEqual(result._unsafeUnwrap(), {
      quantity: 1.5, quantity_max: null, unit: 'cup', name: 'flour', note: 'sifted', text: '1 ½ cups flour, sifted', section: null,
    });
    assert.equal(normaliseIngredientInput('salt to taste')._unsafeUnwrap().text, 'salt, to taste');
  });

  it('serialises its fields in the contract\'s order, text then section last', () => {
    for (const item of ['1 1/2 cups flour, sifted', { quantity: 2, unit: 'Cloves', name: 'garlic' }] as const) {
      const stored = normaliseIngredientInput(item)._unsafeUnwrap();
      assert.deepEqual(Object.keys(stored), ['quantity', 'quantity_max', 'unit', 'name', 'note', 'text', 'section']);
    }
  });

  it('validates and canonicalises an object', () => {
    const result = normaliseIngredientInput({ quantity: 2, quantity_max: 3, unit: 'Cloves', name: ' garlic ' });
    assert.deepEqual(result._unsafeUnwrap(), {
      quantity: 2, quantity_max: 3, unit: 'clove', name: 'garlic', note: null, text: '2–3 cloves garlic', section: null,
    });
    assert.equal(normaliseIngredientInput({ quantity: '1 1/2', unit: 'tbsp', name: 'oil' })._unsafeUnwrap().quantity, 1.5);
    assert.equal(normaliseIngredientInput({ quantity: null, name: 'salt', note: 'to taste' })._unsafeUnwrap().text, 'salt, to taste');
  });

  it('keeps a unit the table does not know, lower-cased', () => {
    const result = normaliseIngredientInput({ quantity: 2, unit: 'Wineglass', name: 'sherry' })._unsafeUnwrap();
    assert.equal(result.unit, 'wineglass');
    assert.equal(result.text, '2 wineglass sherry');
  });

  it('stores a range of one value as a single quantity', () => {
    assert.equal(normaliseIngredientInput({ quantity: 2, quantity_max: 2, name: 'eggs' })._unsafeUnwrap().quantity_max, null);
  });

  it('rejects what cannot be stored, with a message', () => {
    const message = (item: Parameters<typeof normaliseIngredientInput>[0]) => normaliseIngredientInput(item)._unsafeUnwrapErr();
    assert.match(message(''), /empty/);
    assert.match(message('x'.repeat(1001)), /1000/);
    assert.match(message({ quantity: -1, name: 'flour' }), /quantity/);
    assert.match(message({ quantity: Number.NaN, name: 'flour' }), /quantity/);
    assert.match(message({ quantity: 3, quantity_max: 2, name: 'eggs' }), /quantity_max/);
    assert.match(message({ quantity: null, quantity_max: 2, name: 'eggs' }), /quantity_max/);
    assert.match(message({ quantity: 1, name: '  ' }), /name/);
    assert.match(message({ quantity: 1, name: 'n'.repeat(201) }), /200/);
    assert.match(message({ quantity: 'lots', name: 'flour' }), /quantity/);
    assert.match(message({ quantity: 1, name: 'flour', note: 5 } as never), /note/);
    assert.match(message(42 as never), /string/);
  });
});

describe('normaliseIngredientInput: lines read before', () => {
  // What a line gives when nothing is remembered: tidied, checked, parsed and rendered afresh.
  const afresh = (line: string) => {
    const text = collapseWhitespace(line);
    if (text === '' || text.length > 1000) return undefined;
    const parts = parseTidyIngredientLine(text);
    return parts.name === '' ? undefined : withRenderedText(parts);
  };

  it('gives a line read again the answer it gave the first time, in an object of its own', () => {
    const lines = ['2 eggs', '1 1/2 cups flour, sifted', 'salt to taste', '  2  eggs ', '', 'x'.repeat(1001), `1 cup ${'o'.repeat(300)}`];
    for (const line of lines) {
      const first = normaliseIngredientInput(line);
      const again = normaliseIngredientInput(line);
      assert.deepEqual(again, first, line);
      if (first.isOk() && again.isOk()) {
        assert.notEqual(again.value, first.value, 'a recipe changing its ingredient must not change another recipe\'s');
        assert.deepEqual(first.value, afresh(line));
      }
    }
  });

  it('stays right over more distinct lines than it keeps, and for lines that come back after many others', () => {
    const line = (index: number) => `${(index % 7) + 1} ${index % 2 === 0 ? 'cups' : 'g'} flour number ${index}, sifted`;
    const early = normaliseIngredientInput(line(0))._unsafeUnwrap();
    for (let index = 0; index < 20_000; index += 1) {
      const read = normaliseIngredientInput(line(index))._unsafeUnwrap();
      if (index % 997 === 0) assert.deepEqual(read, afresh(line(index)));
      if (index % 3001 === 0) assert.deepEqual(normaliseIngredientInput(line(0))._unsafeUnwrap(), early);
    }
    assert.deepEqual(normaliseIngredientInput(line(0))._unsafeUnwrap(), early);
  });
});

describe('normaliseIngredientInput: objects read before', () => {
  // Parts that make keys alike: units and notes that run into each other (`a` + `;b` and `a;` + `b`), numbers that
  // print alike (0 and -0), null and missing parts.
  const text = fc.constantFrom('a', 'ab', 'b', ';', 'a;', ';b', '1', ' ', 'cup', 'cups', 'g', 'sifted');
  const part = <T,>(value: fc.Arbitrary<T>) => fc.option(fc.oneof(value, fc.constant(undefined)), { nil: null });
  const object = fc.record({
    quantity: part(fc.constantFrom(0, -0, 1, 1.5, 2, 10, -1, Number.NaN, 1e7)),
    quantity_max: part(fc.constantFrom(0, -0, 1, 2, 3)),
    unit: part(fc.oneof(text, fc.constant(''))),
    note: part(fc.oneof(text, fc.constant(''))),
    name: fc.oneof(text, fc.constant('')),
  });

  it('gives every object the answer a first reading gives it', async () => {
    const objects = fc.sample(object, { numRuns: 600, seed: 16 });
    for (const item of objects) normaliseIngredientInput(item);
    for (const [index, item] of objects.slice(0, 80).entries()) {
      // A module of its own, whose memory is empty: this object is read there for the first time. Its built twin
      // when the packages are built (scripts/run-tests.mjs bundles this file, and builds them first), else the source
      // through tsx.
      const folder = process.env['LARDER_TEST_BUILT'] === '1' ? 'dist' : 'src';
      const url = new URL(`../../${folder}/ingredient/ingredient-input.js?first=${index}`, import.meta.url).href;
      const fresh = (await import(url)) as { normaliseIngredientInput: typeof normaliseIngredientInput };
      assert.deepEqual(normaliseIngredientInput(item), fresh.normaliseIngredientInput(item), JSON.stringify(item));
    }
  });
});
