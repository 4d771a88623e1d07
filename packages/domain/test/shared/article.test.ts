import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withArticle } from '../../src/shared/article.js';
import { productTypeWords } from '../../src/product/product.js';
import { PRODUCT_TYPES } from '../../src/product/product.js';

describe('withArticle: "a" or "an" by the sound the word starts with', () => {
  it('says "an" before a vowel sound and "a" before a consonant sound', () => {
    const cases: [string, string][] = [
      ['ebook', 'an ebook'],
      ['object', 'an object'],
      ['array', 'an array'],
      ['undefined', 'an undefined'],
      ['umbrella', 'an umbrella'],
      ['integer', 'an integer'],
      ['hour', 'an hour'],
      ['honest answer', 'an honest answer'],
      ['meal plan', 'a meal plan'],
      ['recipe card pack', 'a recipe card pack'],
      ['lead magnet', 'a lead magnet'],
      ['string', 'a string'],
      ['number', 'a number'],
      ['boolean', 'a boolean'],
      ['user', 'a user'],
      ['unit', 'a unit'],
      ['unique key', 'a unique key'],
      ['euro price', 'a euro price'],
      ['one-pot meal', 'a one-pot meal'],
      ['house', 'a house'],
      ['Ebook', 'an Ebook'],
    ];
    for (const [word, expected] of cases) assert.equal(withArticle(word), expected, word);
  });

  it('names every product type with its article', () => {
    assert.deepEqual(
      PRODUCT_TYPES.map((type) => withArticle(productTypeWords(type))),
      ['an ebook', 'a meal plan', 'a recipe card pack', 'a lead magnet'],
    );
  });
});
