import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ingredientKey } from '../../src/ingredient/ingredient-key.js';
import { AISLE_KEYWORDS, aisleOf } from '../../src/shopping-list/aisles.js';

const aisle = (name: string) => aisleOf(ingredientKey(name));

describe('aisles', () => {
  it('finds the aisle of common ingredients', () => {
    const expected: Record<string, string> = {
      'red onions': 'produce', 'fresh basil': 'produce', 'chicken breasts': 'meat_seafood', 'prawns': 'meat_seafood',
      'eggs': 'dairy_eggs', 'Greek yogurt': 'dairy_eggs', 'sourdough bread': 'bakery', 'all-purpose flour': 'pantry',
      'extra virgin olive oil': 'pantry', 'ground cumin': 'spices', 'salt and pepper': 'spices', 'ice cream': 'frozen',
      'dry white wine': 'drinks', 'unobtainium': 'other',
    };
    for (const [name, want] of Object.entries(expected)) assert.equal(aisle(name), want, name);
  });

  it('reads the last word as what the thing is, and a longer phrase before its words', () => {
    assert.equal(aisle('chicken stock'), 'pantry');
    assert.equal(aisle('garlic powder'), 'spices');
    assert.equal(aisle('tomato paste'), 'pantry');
    assert.equal(aisle('coconut milk'), 'pantry');
    assert.equal(aisle('peanut butter'), 'pantry');
  });

  it('lets frozen, canned and dried move an ingredient', () => {
    assert.equal(aisle('frozen peas'), 'frozen');
    assert.equal(aisle('canned tomatoes'), 'pantry');
    assert.equal(aisle('dried oregano'), 'spices');
    assert.equal(aisle('dried apricots'), 'pantry');
    assert.equal(aisle('dried mango'), 'pantry');
    assert.equal(aisleOf(ingredientKey('fire-roasted tomatoes'), 'can'), 'pantry');
    assert.equal(aisleOf(ingredientKey('tomatoes'), 'g'), 'produce');
  });

  it('has every keyword in one aisle only, written as a key', () => {
    const seen = new Map<string, string>();
    for (const [name, words] of Object.entries(AISLE_KEYWORDS)) {
      for (const word of words) {
        assert.equal(ingredientKey(word), word, `${word} is not written as its key`);
        assert.equal(seen.get(word), undefined, `${word} is in ${seen.get(word)} and ${name}`);
        seen.set(word, name);
      }
    }
  });
});
