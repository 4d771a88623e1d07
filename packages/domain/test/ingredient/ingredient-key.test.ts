import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ingredientKey } from '../../src/ingredient/ingredient-key.js';

describe('ingredient key', () => {
  it('sets case, accents, asides and singular/plural aside', () => {
    const same = [
      ['Tomatoes', 'tomato'], ['tomato (ripe)', 'TOMATO'], ['berries', 'berry'], ['bay leaves', 'Bay leaf'],
      ['potatoes', 'Potato'], ['Jalapeño peppers', 'jalapeno pepper'], ['cherry tomatoes', 'cherry tomato'], ['crème fraîche', 'creme fraiche'],
    ];
    for (const [a, b] of same) assert.equal(ingredientKey(a ?? ''), ingredientKey(b ?? ''), `${a} / ${b}`);
  });

  it('keeps descriptive words: a red onion is not an onion', () => {
    assert.notEqual(ingredientKey('red onion'), ingredientKey('onion'));
    assert.equal(ingredientKey('Red Onions'), 'red onion');
  });
});
