import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { collapseWhitespace } from '../../src/ingredient/ingredient-name.js';
import { parseInFull, parseIngredientLine } from '../../src/ingredient/ingredient-parser.js';
import { readPlainLine } from '../../src/ingredient/ingredient-plain-line.js';

// Tokens that open every reading of the full parser, beside plain words, so that generated lines mix the two.
const NUMBERS = ['1', '2', '3', '10', '0', '1/2', '1 1/2', '½', '1½', '1 ½', '1.5', '1,5', '1,000', '3-4', '4-3', '1-1/2', '2-3 1/2', '2 to 3', '2 or 3', '60%', '400g', '14-ounce', '1e3'];
const UNITS = ['cup', 'cups', 'Cup', 'CUPS', 'tbsp', 'Tbsp', 'T', 't', 'C', 'tsp.', 'oz', 'oz.', 'fl', 'fl oz', 'fluid ounce', 'g', 'kg', 'ml', 'mL', 'L', 'l', 'in', 'in.', 'inch', 'pinch', 'Pinch', 'dash', 'clove', 'cloves', 'stick', 'can', 'cans', 'slice', 'rib', 'sprig', 'bunch', 'half', 'pint', 'lb', 'lbs', 'pound'];
const SIZE_WORDS = ['large', 'Large', 'small', 'medium', 'heaped', 'whole', 'medium-sized', 'extra-large', 'thick', 'very', 'good', 'generous', 'quarter-size'];
const READING_WORDS = ['to', 'To', 'or', 'and', 'of', 'Of', 'plus', 'dozen', 'x', 'X', '×', 'a', 'an', 'A', 'about', 'optional', 'optional:', 'few', 'several', 'one', 'two', 'half', 'one-half', 'Juice', 'from', 'approx.'];
const NAME_WORDS = ['flour', 'salt', 'garlic', 'olive', 'oil', 'eggs', 'onion', 'crème', 'fraîche', 'all-purpose', 'taste', 'garnish', 'serving', 'serve', 'needed', 'as', 'for', 'ground', 'pepper', 'celery', 'Butter', 'tomatoes', 'İstanbul', 'KELVIN'];
const MARKS = [',', ';', '(', ')', '(14 oz)', '(packed)', '(about 2 cups)', '(240 ml)', '-', '–', '/', '+', '.', ':', '•', '*', '[', ']', '7', '¼'];

const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNITS) },
  { weight: 2, arbitrary: fc.constantFrom(...SIZE_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...READING_WORDS) },
  { weight: 4, arbitrary: fc.constantFrom(...NAME_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...MARKS) },
);
// Mostly spaced words, sometimes glued (`2cups`, `flour,sifted`).
const line = fc
  .array(fc.tuple(token, fc.constantFrom(' ', ' ', ' ', ' ', '', ', ')), { minLength: 1, maxLength: 9 })
  .map((parts) => collapseWhitespace(parts.map(([word, glue]) => word + glue).join('')));
// Lines shaped like the plain ones, so that most of them are read by the shortcut and their edges are explored.
const plainish = fc
  .tuple(
    fc.option(fc.constantFrom(...NUMBERS), { nil: '' }),
    fc.array(fc.constantFrom(...SIZE_WORDS, ...READING_WORDS.slice(0, 4)), { maxLength: 2 }),
    fc.option(fc.constantFrom(...UNITS), { nil: '' }),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom('(240 ml)', '(packed)', '(About 2 cups)', '(approximately 1 lb)', '(1 1/2 oz),', '(2 (3) g)', '(', '(½ cup) (60 g)', '(15 ml) plus', '(1 oz)/') },
    ),
    fc.array(fc.constantFrom(...NAME_WORDS), { minLength: 0, maxLength: 4 }),
    fc.option(fc.constantFrom(', sifted', ', to taste', ' (optional)', ', 2 cups', ' (15 ml)', ' to taste', ', or 1 pound'), { nil: '' }),
  )
  .map(([amount, sizes, unit, aside, name, tail]) => collapseWhitespace([amount, ...sizes, unit, aside, ...name].join(' ') + tail));

describe('readPlainLine: the shortcut for plain lines', () => {
  it('gives the full parse of every line it reads, and leaves the rest to it', () => {
    let read = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 1, arbitrary: line }, { weight: 2, arbitrary: plainish }), (text) => {
        runs += 1;
        const plain = readPlainLine(text);
        if (plain === undefined) return;
        read += 1;
        assert.deepEqual(plain, parseInFull(text), text);
      }),
      { numRuns: 30_000 },
    );
    // The property only means something if the shortcut takes a good share of the lines.
    assert.ok(read > runs / 8, `${read} of ${runs} lines read by the shortcut`);
  });

  it('reads the common shapes', () => {
    const lines = {
      '3 tablespoons olive oil': { quantity: 3, quantity_max: null, unit: 'tablespoon', name: 'olive oil', note: null },
      '1 1/2 cups all-purpose flour, sifted': { quantity: 1.5, quantity_max: null, unit: 'cup', name: 'all-purpose flour', note: 'sifted' },
      '2-3 cloves garlic, minced': { quantity: 2, quantity_max: 3, unit: 'clove', name: 'garlic', note: 'minced' },
      '1 large onion, diced': { quantity: 1, quantity_max: null, unit: null, name: 'large onion', note: 'diced' },
      '3 garlic cloves': { quantity: 3, quantity_max: null, unit: 'clove', name: 'garlic', note: null },
      '½ tsp salt': { quantity: 0.5, quantity_max: null, unit: 'teaspoon', name: 'salt', note: null },
      '2 tsp. salt': { quantity: 2, quantity_max: null, unit: 'teaspoon', name: 'salt', note: null },
      '4 to 6 garlic cloves, minced': { quantity: 4, quantity_max: 6, unit: 'clove', name: 'garlic', note: 'minced' },
      '1 cup (240 ml) milk, warm': { quantity: 1, quantity_max: null, unit: 'cup', name: 'milk', note: '240 ml, warm' },
      '1 cup (packed) brown sugar': { quantity: 1, quantity_max: null, unit: 'cup', name: 'brown sugar', note: 'packed' },
      // `dozen` is a unit like any other.
      '2 dozen eggs': { quantity: 2, quantity_max: null, unit: 'dozen', name: 'eggs', note: null },
      'salt to taste': { quantity: null, quantity_max: null, unit: null, name: 'salt', note: 'to taste' },
      'Freshly ground black pepper': { quantity: null, quantity_max: null, unit: null, name: 'Freshly ground black pepper', note: null },
    };
    for (const [text, parts] of Object.entries(lines)) {
      assert.deepEqual(readPlainLine(text), parts, text);
      assert.deepEqual(parseInFull(text), parts, text);
    }
  });

  it('leaves every line with a reading of its own to the full parser', () => {
    for (const text of [
      '1 (14-ounce) can coconut milk',
      '2 to two cups water',
      '3-2 cups water',
      '3 to 2 cups water',
      '1 cup plus 2 tablespoons sugar',
      '1 cup (240 ml) (8 fl oz) milk',
      '1 cup (about 240 ml) milk',
      '1 cup (240 ml',
      '1 cup to 2 cups water',
      '1 lb 4 oz beef',
      '2 large cloves garlic',
      '2 x 400g tins tomatoes',
      '1 fl oz rum',
      '1 cup of flour',
      '8 cloves',
      'Juice of 2 lemons',
      'Juice of one lime',
      'zest from half a lemon',
      'Butter, 1 pound',
      'a pinch of salt',
      'Pinch of salt',
      'optional salt',
      'two eggs',
      '60% chocolate',
      'crème fraîche',
    ]) {
      assert.equal(readPlainLine(text), undefined, text);
    }
  });

  it('is what parseIngredientLine uses', () => {
    assert.deepEqual(parseIngredientLine('  2  eggs, beaten '), readPlainLine('2 eggs, beaten'));
  });
});
