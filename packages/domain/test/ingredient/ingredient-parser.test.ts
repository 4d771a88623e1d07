import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { IngredientParts } from '../../src/ingredient/ingredient.js';
import { collapseWhitespace } from '../../src/ingredient/ingredient-name.js';
import { parseIngredientLine } from '../../src/ingredient/ingredient-parser.js';

type Expected = Partial<IngredientParts>;

function check(line: string, expected: Expected): void {
  const parsed = parseIngredientLine(line);
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(parsed[key as keyof IngredientParts], value, `${line} → ${key} (got ${JSON.stringify(parsed)})`);
  }
}

describe('parseIngredientLine: numbers', () => {
  it('reads whole numbers, decimals and fractions', () => {
    check('2 cups flour', { quantity: 2, unit: 'cup', name: 'flour' });
    check('1.5 kg potatoes', { quantity: 1.5, unit: 'kg', name: 'potatoes' });
    check('1,5 kg potatoes', { quantity: 1.5, unit: 'kg' });
    check('1,000 g flour', { quantity: 1000, unit: 'g' });
    check('1/2 cup milk', { quantity: 0.5, unit: 'cup', name: 'milk' });
    check('1 1/2 cups flour, sifted', { quantity: 1.5, quantity_max: null, unit: 'cup', name: 'flour', note: 'sifted' });
    check('1-1/2 cups milk', { quantity: 1.5, unit: 'cup' });
  });

  it('reads unicode fractions alone, glued and spaced', () => {
    check('½ tsp salt', { quantity: 0.5, unit: 'teaspoon', name: 'salt' });
    check('1½ cups sugar', { quantity: 1.5, unit: 'cup' });
    check('1 ½ cups sugar', { quantity: 1.5, unit: 'cup' });
    check('¾ cup cream', { quantity: 0.75 });
    check('⅓ cup oil', { quantity: 1 / 3 });
    check('⅛ teaspoon nutmeg', { quantity: 0.125, unit: 'teaspoon' });
  });

  it('reads ranges in every spelling', () => {
    for (const line of ['2-3 cloves garlic', '2 - 3 cloves garlic', '2–3 cloves garlic', '2 to 3 cloves garlic',
      '2 or 3 cloves garlic']) {
      check(line, { quantity: 2, quantity_max: 3, unit: 'clove', name: 'garlic' });
    }
    check('½–1 tsp chilli flakes', { quantity: 0.5, quantity_max: 1, unit: 'teaspoon', name: 'chilli flakes' });
    check('2 1/2 - 3 cups stock', { quantity: 2.5, quantity_max: 3, unit: 'cup' });
    check('¾ cup to 1 cup milk', { quantity: 0.75, quantity_max: 1, unit: 'cup', name: 'milk' });
    check('4- to 5-pound pot roast', { quantity: 4, quantity_max: 5, unit: 'pound', name: 'pot roast' });
  });

  it('reads numbers as words', () => {
    check('one onion, chopped', { quantity: 1, unit: null, name: 'onion', note: 'chopped' });
    check('Two eggs', { quantity: 2, name: 'eggs' });
    check('a dozen eggs', { quantity: 1, unit: 'dozen', name: 'eggs' });
    check('A handful of basil leaves', { quantity: null, unit: 'handful', name: 'basil leaves' });
  });
});

describe('parseIngredientLine: units', () => {
  it('reads units glued, spaced, abbreviated or with a period', () => {
    check('10g butter', { quantity: 10, unit: 'g', name: 'butter' });
    check('400g spaghetti', { quantity: 400, unit: 'g' });
    check('1 tbsp. olive oil', { quantity: 1, unit: 'tablespoon', name: 'olive oil' });
    check('1 T sugar', { unit: 'tablespoon' });
    check('1 t salt', { unit: 'teaspoon' });
    check('2 fl oz cream', { quantity: 2, unit: 'fluid ounce', name: 'cream' });
    check('250 mL water', { quantity: 250, unit: 'ml' });
    check('1 cup of flour', { unit: 'cup', name: 'flour' });
  });

  it('keeps size words in the note, not the unit', () => {
    check('1 heaped tbsp plain flour', { quantity: 1, unit: 'tablespoon', name: 'plain flour', note: 'heaped' });
    check('2 large cloves garlic', { quantity: 2, unit: 'clove', name: 'garlic', note: 'large' });
    check('2 large eggs', { quantity: 2, unit: null, name: 'large eggs' });
  });

  it('reads a unit written after the ingredient', () => {
    check('2 garlic cloves, minced', { quantity: 2, unit: 'clove', name: 'garlic', note: 'minced' });
    check('3 celery ribs', { quantity: 3, unit: 'rib', name: 'celery' });
    check('1 teaspoon whole cloves', { unit: 'teaspoon', name: 'whole cloves' });
    check('8 cloves', { quantity: 8, unit: null, name: 'cloves' });
  });

  it('reads a bare unit without inventing a quantity', () => {
    check('pinch of salt', { quantity: null, unit: 'pinch', name: 'salt' });
    check('A few sprigs of thyme', { quantity: null, unit: 'sprig', name: 'thyme' });
  });
});

describe('parseIngredientLine: sizes, alternatives and UK styles', () => {
  it('counts sized containers and keeps their size as a note', () => {
    check('1 (14 oz) can tomatoes', { quantity: 1, unit: 'can', name: 'tomatoes', note: '14 oz' });
    check('2 x 400g tins chopped tomatoes', { quantity: 2, unit: 'tin', name: 'chopped tomatoes', note: '400g' });
    check('2 × 400 g cans chickpeas, drained', { quantity: 2, unit: 'can', note: '400 g, drained' });
    check('One 14-ounce can coconut milk', { quantity: 1, unit: 'can', name: 'coconut milk', note: '14-ounce' });
    check('1 x 400ml tin coconut milk', { quantity: 1, unit: 'tin', note: '400ml' });
  });

  it('takes the size of a single uncontained item as its amount', () => {
    check('A 3-lb chicken', { quantity: 3, unit: 'pound', name: 'chicken' });
    check('1-inch piece ginger', { quantity: 1, unit: 'inch' });
  });

  it('keeps alternative amounts as notes', () => {
    check('10g/½oz fresh tarragon', { quantity: 10, unit: 'g', name: 'fresh tarragon', note: '½oz' });
    check('1 cup (240 ml) milk', { quantity: 1, unit: 'cup', name: 'milk', note: '240 ml' });
    check('9 oz (250g) smoked trout', { quantity: 9, unit: 'ounce', note: '250g' });
    check('1 sheet (about 8 ounces) puff pastry, thawed', { unit: 'sheet', note: 'about 8 ounces, thawed' });
  });

  it('adds up amounts that are meant to be added, in the first unit', () => {
    check('2 tablespoons plus 2 teaspoons maple syrup', { quantity: 8 / 3, unit: 'tablespoon', name: 'maple syrup' });
    check('½ cup plus 1 tablespoon sugar', { quantity: 0.5625, unit: 'cup', name: 'sugar' });
    check('1 lb 4 oz beef', { quantity: 1.25, unit: 'pound', name: 'beef', note: null });
  });

  it('reads a name-first line and an amount after a prefix', () => {
    check("Confectioners' sugar, 2 tablespoons", { quantity: 2, unit: 'tablespoon', name: "Confectioners' sugar" });
    check('Juice of 2 lemons', { quantity: 2, unit: null, name: 'lemons', note: 'juice only' });
  });
});

describe('parseIngredientLine: conventions of real lines', () => {
  it('reads the numbers from thirteen to nineteen and the tens as words', () => {
    check('Sixteen ¾-inch bread slices', { quantity: 16, unit: 'slice', name: 'bread', note: '¾-inch' });
    check('Fourteen shrimp', { quantity: 14, name: 'shrimp' });
    check('thirty cherry tomatoes', { quantity: 30, name: 'cherry tomatoes' });
  });

  it('reads fractions typeset in superscript and subscript digits', () => {
    check('1¹/₂ cups flour', { quantity: 1.5, unit: 'cup', name: 'flour' });
    check('1 ¹⁄₂ cups flour', { quantity: 1.5, unit: 'cup', name: 'flour' });
    check('¹/₄ tsp salt', { quantity: 0.25, unit: 'teaspoon', name: 'salt' });
    check('Sugar ¹/₂ cup', { quantity: 0.5, unit: 'cup', name: 'Sugar' });
  });

  it('reads "and a half" after a whole number, in figures or words', () => {
    check('one and a half cups flour', { quantity: 1.5, unit: 'cup', name: 'flour' });
    check('1 and 1/2 cups milk', { quantity: 1.5, unit: 'cup', name: 'milk' });
    check('1 to 1 and a half cups milk', { quantity: 1, quantity_max: 1.5, unit: 'cup' });
    check('2 and a half dozen eggs', { quantity: 2.5, unit: 'dozen', name: 'eggs' });
    check('3 apples and 2 pears', { quantity: 3, name: 'apples and 2 pears' });
  });

  it('reads an amount in words after a prefix ending in "of"', () => {
    check('Juice of one lime', { quantity: 1, unit: null, name: 'lime', note: 'juice only' });
    check('juice of half a lemon', { quantity: 0.5, name: 'lemon', note: 'juice only' });
    check('Finely grated zest of one large orange', { quantity: 1, name: 'large orange', note: 'finely grated zest only' });
  });

  it('reads the UK "juice 1 lemon", where the part of the fruit goes without "of"', () => {
    check('juice 1 lemon', { quantity: 1, unit: null, name: 'lemon', note: 'juice only' });
    check('zest and juice ½ orange', { quantity: 0.5, name: 'orange', note: 'zest and juice only' });
    // A unit after the number measures the part itself.
    check('lemon juice 2 tbsp', { quantity: 2, unit: 'tablespoon', name: 'lemon juice' });
  });

  it('takes a weight or volume in parentheses as the amount of a line that has none of its own', () => {
    check('Fresh cilantro leaves (about ½ cup)', { quantity: 0.5, unit: 'cup', name: 'Fresh cilantro leaves', note: 'about' });
    check('Small cabbage (about 1 pound), cored and chopped', { quantity: 1, unit: 'pound', name: 'Small cabbage', note: 'about, cored and chopped' });
    check('Chicken stock, as needed (5 to 6 cups)', { quantity: 5, quantity_max: 6, unit: 'cup', name: 'Chicken stock' });
    // A figure before the parenthesis is the line's own amount (the name-first style), the parenthesis a note.
    check('Egg yolks 4 (72 grams)', { quantity: 4, unit: null, name: 'Egg yolks', note: '72 grams' });
    // Nor does a heading over a group of lines.
    check('For the glaze (about ½ cup)', { quantity: null, unit: null });
    check('Glaze (about ½ cup):', { quantity: null, unit: null });
  });

  it('reads a bare count after the name and a comma', () => {
    check('Egg whites (large), 7', { quantity: 7, unit: null, name: 'Egg whites', note: 'large' });
    check('Eggs (large), 5, or 6 at high altitude', { quantity: 5, name: 'Eggs', note: 'large, or 6 at high altitude' });
  });

  it('reads the name-first style: a count, or a count and its unit, after the name, ending the line or its clause', () => {
    check('garlic 2 cloves', { quantity: 2, unit: 'clove', name: 'garlic' });
    check('thyme 6 sprigs', { quantity: 6, unit: 'sprig', name: 'thyme' });
    check('lemon 1', { quantity: 1, unit: null, name: 'lemon' });
    check('onions 2, medium', { quantity: 2, unit: null, name: 'onions', note: 'medium' });
    check('chicken thighs 8, skin on', { quantity: 8, name: 'chicken thighs', note: 'skin on' });
    check('Garlic, 3 cloves, crushed', { quantity: 3, unit: 'clove', name: 'Garlic', note: 'crushed' });
    // A number inside a phrase, or a size, is not the line's amount.
    check('Chicken, cut into 8 pieces', { quantity: null });
    check('Salt to taste', { quantity: null });
    check('Serves 4', { quantity: null });
    check('Pie dough for 1 crust', { quantity: null });
  });

  it('reads a count with a multiplication sign before an item with no size (`1 x thumb-sized piece`)', () => {
    check('1 x thumb-sized piece ginger', { quantity: 1, unit: 'piece', name: 'ginger' });
    check('2 x red onions, sliced', { quantity: 2, unit: null, name: 'red onions', note: 'sliced' });
    check('2 x 400g tins chopped tomatoes', { quantity: 2, unit: 'tin', note: '400g' });
  });

  it('reads `a couple of` as a vague amount: the unit, no quantity', () => {
    check('a couple of sprigs of mint', { quantity: null, unit: 'sprig', name: 'mint' });
    check('Couple of handfuls fresh flat-leaf parsley', { quantity: null, unit: 'handful' });
    check('a couple of bay leaves', { quantity: null, unit: null });
  });

  it('keeps a size written as one hyphenated word out of the name, so that a unit after the name is found', () => {
    check('Eighteen 1-inch-thick zucchini slices', { quantity: 18, unit: 'slice', name: 'zucchini', note: '1-inch-thick' });
    check('4 1-inch-thick tuna steaks', { quantity: 4, unit: null, name: 'tuna steaks', note: '1-inch-thick' });
  });

  it('counts the item after "of" when a unit opening the line is a part of it', () => {
    check('Leaves of 1 sprig fresh thyme', { quantity: 1, unit: 'sprig', name: 'fresh thyme', note: 'leaves only' });
    check('Slices of French bread', { quantity: null, unit: 'slice', name: 'French bread' });
  });

  it('reads a unit after an abbreviated size word', () => {
    check('2 lg. cloves garlic', { quantity: 2, unit: 'clove', name: 'garlic', note: 'lg' });
    check('1 med can tomatoes', { quantity: 1, unit: 'can', name: 'tomatoes', note: 'med' });
  });

  it('reads a unit after a size word at the start of a line, without inventing a quantity', () => {
    check('Scant teaspoon cocoa powder', { quantity: null, unit: 'teaspoon', name: 'cocoa powder', note: 'Scant' });
  });

  it('reads the unit after a choice of sizes, and keeps the first size\'s count', () => {
    check('1 large or 2 small cloves garlic, crushed', { quantity: 1, unit: 'clove', name: 'garlic', note: 'large, or 2 small, crushed' });
    check('3 regular-size or 2 large slices bread', { quantity: 3, unit: 'slice', name: 'bread', note: 'regular-size, or 2 large' });
  });

  it('keeps a cinnamon stick whole, where celery sticks measure celery', () => {
    check('2 cinnamon sticks', { quantity: 2, unit: null, name: 'cinnamon sticks' });
    check('1 cinnamon stick, broken in half', { quantity: 1, unit: null, name: 'cinnamon stick', note: 'broken in half' });
    check('3 celery sticks, chopped', { quantity: 3, unit: 'stick', name: 'celery' });
  });

  it('takes a ranged size of one item as a range', () => {
    check('1 3- to 4-pound chicken', { quantity: 3, quantity_max: 4, unit: 'pound', name: 'chicken' });
    check('One 14- to 18-pound turkey', { quantity: 14, quantity_max: 18, unit: 'pound', name: 'turkey' });
  });

  it('keeps a range whose top is in another unit as the low amount, with the top as a note', () => {
    check('2 teaspoons to 1 tablespoon chopped jalapeño', { quantity: 2, quantity_max: null, unit: 'teaspoon', name: 'chopped jalapeño', note: 'to 1 tablespoon' });
    check('2 tsp–1 tbsp honey', { quantity: 2, unit: 'teaspoon', name: 'honey', note: 'to 1 tbsp' });
  });

  it('reads inches glued to their number and keeps a two-unit alternative whole', () => {
    check('2in piece ginger', { quantity: 2, unit: 'inch' });
    check('5cm/2in piece ginger, grated', { quantity: 5, unit: 'cm', note: '2in, grated' });
    check('1kg/2lb 4oz potatoes', { quantity: 1, unit: 'kg', name: 'potatoes', note: '2lb 4oz' });
    check('1 x 2kg/4lb 8oz chicken', { quantity: 2, unit: 'kg', name: 'chicken', note: '4lb 8oz' });
  });
});

describe('parseIngredientLine: names and notes', () => {
  it('splits notes after a comma, in trailing parentheses and "to taste"', () => {
    check('salt to taste', { quantity: null, quantity_max: null, unit: null, name: 'salt', note: 'to taste' });
    check('salt, to taste', { name: 'salt', note: 'to taste' });
    check('Freshly ground black pepper', { quantity: null, name: 'Freshly ground black pepper', note: null });
    check('2 tbsp parsley (optional)', { name: 'parsley', note: 'optional' });
  });

  it('never returns an empty name', () => {
    for (const line of ['', '   ', '2', '1 cup', ',', '()', '½']) {
      assert.notEqual(parseIngredientLine(line).name.trim(), '', JSON.stringify(line));
    }
    check('1 cup', { quantity: 1, unit: 'cup', name: '1 cup' });
  });

  it('does not read a percentage as an amount', () => {
    check('70% dark chocolate, 100g', { quantity: 100, unit: 'g', name: '70% dark chocolate' });
  });
});

describe('parseIngredientLine: robustness', () => {
  it('never throws and always returns a valid shape, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (line) => {
        const parsed = parseIngredientLine(line);
        assert.ok(parsed.name.trim().length > 0);
        assert.ok(parsed.quantity === null || (Number.isFinite(parsed.quantity) && parsed.quantity >= 0));
        assert.ok(parsed.quantity_max === null || (parsed.quantity !== null && parsed.quantity_max > parsed.quantity));
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on strings made of the characters it cares about', () => {
    const alphabet = fc.constantFrom(...'0123456789 /-–.,()x×½¼⅓ abcgltTozcupsplusofto'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 60 }), (line) => {
        parseIngredientLine(line);
      }),
      { numRuns: 3000 },
    );
  });

  it('stays linear on long adversarial lines', () => {
    const patterns = ['1 ', '(', '1-', '1/', '½', 'a ', 'x ', '1 (', 'of 1 ', ', ', 'plus 1 cup ', '/1g', 'aaaa'];
    for (const pattern of patterns) {
      const line = pattern.repeat(Math.ceil(100_000 / pattern.length));
      const started = performance.now();
      parseIngredientLine(line);
      const elapsed = performance.now() - started;
      // Generous bound: a quadratic scan of 100,000 characters would take far longer than this.
      assert.ok(elapsed < 1000, `${JSON.stringify(pattern)} took ${elapsed} ms`);
    }
  });
});

describe('parseIngredientLine: an article before a unit, and dozens (the labels\' conventions)', () => {
  it('reads an article before a unit of no fixed size as a vague amount, as `a few`: the unit, no quantity', () => {
    check('a pinch of salt', { quantity: null, unit: 'pinch', name: 'salt', note: null });
    check('a good pinch of sea salt', { quantity: null, unit: 'pinch', name: 'sea salt', note: 'good' });
    check('a knob of butter', { quantity: null, unit: 'knob', name: 'butter' });
    check('A handful of parsley', { quantity: null, unit: 'handful', name: 'parsley' });
    check('a small handful of chives', { quantity: null, unit: 'handful', name: 'chives', note: 'small' });
    check('a splash of milk', { quantity: null, unit: 'splash', name: 'milk' });
    check('a dash of hot sauce', { quantity: null, unit: 'dash', name: 'hot sauce' });
    check('A sprig of fresh basil, leaves picked', { quantity: null, unit: 'sprig', name: 'fresh basil' });
    check('A bunch of spring onions', { quantity: null, unit: 'bunch', name: 'spring onions' });
  });

  it('keeps the amount of an article before a size, and before a weight or volume', () => {
    check('a 400g can of tomatoes', { quantity: 400, unit: 'g' });
    check('A 2-inch piece fresh ginger', { quantity: 2, unit: 'inch' });
    check('A 3-lb chicken', { quantity: 3, unit: 'pound', name: 'chicken' });
    check('a cup of sugar', { quantity: 1, unit: 'cup', name: 'sugar' });
  });

  it('reads `N dozen` as N of the unit dozen', () => {
    check('2 dozen eggs', { quantity: 2, quantity_max: null, unit: 'dozen', name: 'eggs' });
    check('1 1/2 dozen clams', { quantity: 1.5, unit: 'dozen', name: 'clams' });
    check('1 dozen large eggs', { quantity: 1, unit: 'dozen', name: 'large eggs' });
    check('3-4 dozen fresh oysters', { quantity: 3, quantity_max: 4, unit: 'dozen', name: 'fresh oysters' });
    check('2 and a half dozen eggs', { quantity: 2.5, unit: 'dozen', name: 'eggs' });
    check('a dozen eggs', { quantity: 1, unit: 'dozen', name: 'eggs' });
    check('a dozen and a half eggs', { quantity: 1.5, unit: 'dozen', name: 'eggs' });
    check('About a dozen ice cubes', { quantity: 1, unit: 'dozen', name: 'ice cubes', note: 'About' });
    check('2 dozen heads of garlic', { quantity: 2, unit: 'dozen' });
  });
});

describe('parseIngredientLine: whitespace', () => {
  const whitespace = fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u2009', '\u3000', ' \r\n ');

  it('tidies whitespace exactly as collapsing every run to one space and trimming would', () => {
    const text = fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), whitespace), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (s) => {
        assert.equal(collapseWhitespace(s), s.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a line the same whatever whitespace separates its words', () => {
    const lines = ['1 1/2 cups flour, sifted', '2 x 400g tins chopped tomatoes', 'Juice of 2 lemons', 'Butter, 1 pound, softened', 'a pinch of salt'];
    fc.assert(
      fc.property(fc.constantFrom(...lines), fc.array(whitespace, { minLength: 8, maxLength: 8 }), (line, spaces) => {
        const spaced = line.split(' ').map((word, i) => `${word}${spaces[i % spaces.length] ?? ' '}`).join('');
        assert.deepEqual(parseIngredientLine(`${spaces[7] ?? ''}${spaced}`), parseIngredientLine(line));
      }),
      { numRuns: 500 },
    );
  });

  it('matches words in any case, once per line however often they are tried', () => {
    check('1 TO 2 Cups flour', { quantity: 1, quantity_max: 2, unit: 'cup', name: 'flour' });
    check('2 Dozen eggs', { quantity: 2, unit: 'dozen', name: 'eggs' });
    check('½ cup PLUS 1 tablespoon sugar', { quantity: 0.5 + 1 / 16, unit: 'cup', name: 'sugar' });
    check('Juice OF 2 lemons', { quantity: 2, name: 'lemons', note: 'juice only' });
  });
});
