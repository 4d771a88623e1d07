import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalUnits, lookupUnit, pluralUnit, unitInfo } from '../../src/ingredient/units.js';

const canonical = (word: string) => lookupUnit(word)?.name;

describe('lookupUnit', () => {
  it('reads spoons, with T for tablespoon and t for teaspoon', () => {
    for (const word of ['tbsp', 'Tbsp.', 'TBSP', 'Tbs', 'tb', 'T', 'tablespoons', 'dessertspoon']) {
      assert.equal(canonical(word), 'tablespoon', word);
    }
    for (const word of ['tsp', 'tsp.', 'Tsp', 't', 'teaspoons']) assert.equal(canonical(word), 'teaspoon', word);
  });

  it('reads US measures and their abbreviations', () => {
    assert.equal(canonical('c'), 'cup');
    assert.equal(canonical('C.'), 'cup');
    assert.equal(canonical('cups'), 'cup');
    assert.equal(canonical('oz'), 'ounce');
    assert.equal(canonical('lb'), 'pound');
    assert.equal(canonical('lbs'), 'pound');
    assert.equal(canonical('fl oz'), 'fluid ounce');
    assert.equal(canonical('fl. oz.'), 'fluid ounce');
    assert.equal(canonical('qt'), 'quart');
  });

  it('reads metric units in any case', () => {
    assert.equal(canonical('gr'), 'g');
    assert.equal(canonical('grams'), 'g');
    assert.equal(canonical('kilo'), 'kg');
    assert.equal(canonical('mL'), 'ml');
    assert.equal(canonical('ML'), 'ml');
    assert.equal(canonical('litre'), 'l');
    assert.equal(canonical('liters'), 'l');
    assert.equal(canonical('L'), 'l');
  });

  it('reads kitchen units, singular and plural', () => {
    for (const [word, unit] of [['cloves', 'clove'], ['tins', 'tin'], ['bunches', 'bunch'], ['pinch', 'pinch'],
      ['leaves', 'leaf'], ['loaves', 'loaf'], ['sprigs', 'sprig'], ['fillets', 'fillet'], ['inches', 'inch']]) {
      assert.equal(canonical(word ?? ''), unit);
    }
  });

  it('reads an alias the same however it is cased or punctuated', () => {
    for (const [word, unit] of [['TBSP', 'tablespoon'], ['Tbsp.', 'tablespoon'], ['tbsp', 'tablespoon'], ['Cups', 'cup'],
      ['fl. oz.', 'fluid ounce'], ['FL OZ', 'fluid ounce'], ['fl.oz', 'fluid ounce'], ['Half Pint', 'half-pint'], ['mL', 'ml'], ['in.', 'inch']]) {
      assert.equal(canonical(word ?? ''), unit, word);
    }
  });

  it('does not take ordinary words for units', () => {
    for (const word of ['flour', 'in', 'large', 'the', '', 'T-bone']) assert.equal(lookupUnit(word), undefined, word);
  });

  it('gives every canonical unit a kind and a system', () => {
    for (const name of canonicalUnits()) {
      const info = unitInfo(name);
      assert.ok(info !== undefined);
      assert.equal(lookupUnit(name)?.name, name);
    }
    assert.deepEqual([unitInfo('cup')?.kind, unitInfo('cup')?.system], ['volume', 'us']);
    assert.deepEqual([unitInfo('g')?.kind, unitInfo('g')?.system], ['mass', 'metric']);
    assert.deepEqual([unitInfo('clove')?.kind, unitInfo('clove')?.system], ['count', 'none']);
  });
});

describe('pluralUnit', () => {
  it('pluralises words above one and leaves metric symbols alone', () => {
    assert.equal(pluralUnit('cup', 1), 'cup');
    assert.equal(pluralUnit('cup', 0.5), 'cup');
    assert.equal(pluralUnit('cup', 1.5), 'cups');
    assert.equal(pluralUnit('pinch', 2), 'pinches');
    assert.equal(pluralUnit('leaf', 3), 'leaves');
    assert.equal(pluralUnit('fluid ounce', 2), 'fluid ounces');
    assert.equal(pluralUnit('g', 400), 'g');
    assert.equal(pluralUnit('l', 2), 'L');
  });

  it('shows a unit outside the table as stored', () => {
    assert.equal(pluralUnit('wineglass', 2), 'wineglass');
  });
});
