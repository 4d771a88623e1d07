import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { nameForCount, pluralNoun, singularNoun } from '../../src/ingredient/noun-number.js';
import { parseIngredientLine } from '../../src/ingredient/ingredient-parser.js';
import { scaleIngredient } from '../../src/ingredient/scaling.js';
import { normaliseIngredientInput } from '../../src/ingredient/ingredient-input.js';

const PAIRS: readonly (readonly [string, string])[] = [
  ['onion', 'onions'], ['tomato', 'tomatoes'], ['potato', 'potatoes'], ['berry', 'berries'], ['cherry', 'cherries'],
  ['leaf', 'leaves'], ['loaf', 'loaves'], ['chilli', 'chillies'], ['chili', 'chilies'], ['peach', 'peaches'],
  ['radish', 'radishes'], ['olive', 'olives'], ['egg', 'eggs'], ['avocado', 'avocados'], ['anchovy', 'anchovies'],
  ['cookie', 'cookies'], ['jalapeño', 'jalapeños'], ['turkey', 'turkey'], ['sausage', 'sausages'], ['box', 'boxes'],
];

describe('singular and plural nouns', () => {
  it('turns each plural into its singular and back', () => {
    for (const [singular, plural] of PAIRS) {
      assert.equal(singularNoun(plural), singular, plural);
      assert.equal(pluralNoun(singular), plural, singular);
    }
  });

  it('leaves invariable and already agreeing words alone', () => {
    for (const word of ['rice', 'garlic', 'shrimp', 'asparagus', 'hummus', 'M&Ms', 'x']) {
      assert.equal(singularNoun(word), word);
      assert.equal(pluralNoun(word), word);
    }
    assert.equal(singularNoun('onion'), 'onion');
    assert.equal(pluralNoun('onions'), 'onions');
  });

  it('is its own inverse on every word of the table', () => {
    fc.assert(fc.property(fc.constantFrom(...PAIRS), ([singular, plural]) => singularNoun(pluralNoun(singular)) === singular && pluralNoun(singularNoun(plural)) === plural));
  });
});

describe('a count agrees with its noun', () => {
  it('agrees the last word of the name with the amount as shown', () => {
    assert.equal(nameForCount('onions', 1), 'onion');
    assert.equal(nameForCount('onions', 0.5), 'onion');
    assert.equal(nameForCount('onion', 3), 'onions');
    assert.equal(nameForCount('green chilli', 1.5), 'green chillies');
    assert.equal(nameForCount('bay leaves', 1), 'bay leaf');
    assert.equal(nameForCount('chipotle chilli in adobo', 2), 'chipotle chillies in adobo');
    assert.equal(nameForCount('tomatoes with their juice', 1), 'tomato with their juice');
  });

  it('renders the scaled view as a cook writes it (issue 12, item 11)', () => {
    const line = (text: string) => normaliseIngredientInput(text)._unsafeUnwrap();
    assert.equal(scaleIngredient(line('2 onions'), 0.5).text, '1 onion');
    assert.equal(scaleIngredient(line('2 onions'), 0.25).text, '½ onion');
    assert.equal(scaleIngredient(line('1 onion'), 3).text, '3 onions');
    assert.equal(scaleIngredient(line('1 green chilli'), 1.5).text, '1 ½ green chillies');
    assert.equal(scaleIngredient(line('2 eggs, beaten'), 0.5).text, '1 egg, beaten');
    assert.equal(scaleIngredient(line('1–2 tomatoes'), 0.5).text, '½–1 tomato');
  });

  it('keeps measured names as written', () => {
    assert.equal(scaleIngredient(normaliseIngredientInput('2 cups onions, diced')._unsafeUnwrap(), 0.5).text, '1 cup onions, diced');
    assert.equal(parseIngredientLine('1 onion').name, 'onion');
  });
});
