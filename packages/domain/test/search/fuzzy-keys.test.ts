import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addStoredWordFuzzyKeys, FUZZY_MAX_LENGTH, FUZZY_MIN_LENGTH, queryWordFuzzyKeys } from '../../src/search/fuzzy-keys.js';
import { matchKeys, MAX_FUZZY_WORDS_PER_RECIPE, recipeSearchKeys, searchQuery } from '../../src/search/search-terms.js';

/** Optimal string alignment distance (Levenshtein plus transposition of neighbours), by the textbook table. */
function osaDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i += 1) {
    for (let j = 1; j <= y.length; j += 1) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[x.length] as number[])[y.length] as number;
}

const storedKeys = (word: string): Set<string> => {
  const keys = new Set<string>();
  addStoredWordFuzzyKeys(word, keys);
  return keys;
};
const keysMeet = (query: string, stored: string): boolean => queryWordFuzzyKeys(query).some((key) => storedKeys(stored).has(key));

/** One random edit of `word`: insertion, deletion, substitution or transposition, over a small alphabet. */
const edited = (word: string, kind: number, at: number, letter: string): string => {
  const letters = [...word];
  const i = at % letters.length;
  if (kind === 0) letters.splice(i, 0, letter);
  else if (kind === 1) letters.splice(i, 1);
  else if (kind === 2) letters[i] = letter;
  else if (i + 1 < letters.length) [letters[i], letters[i + 1]] = [letters[i + 1] as string, letters[i] as string];
  return letters.join('');
};

describe('typo keys', () => {
  it('meet exactly when two words are at most one edit apart (property, against the distance itself)', () => {
    const word = fc.stringMatching(/^[abcé]{4,9}$/);
    fc.assert(
      fc.property(word, word, (query, stored) => {
        fc.pre([...query].length >= FUZZY_MIN_LENGTH);
        return keysMeet(query, stored) === (osaDistance(query, stored) <= 1);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zñ]{5,12}$/), fc.nat(3), fc.nat(), fc.constantFrom('a', 'e', 'ñ', 'z'), (query, kind, at, letter) => {
        const stored = edited(query, kind, at, letter);
        return keysMeet(query, stored) === (osaDistance(query, stored) <= 1 && [...stored].length >= FUZZY_MIN_LENGTH - 1);
      }),
      { numRuns: 3000 },
    );
  });

  it('forgive each kind of typo, and never two', () => {
    assert.ok(keysMeet('chikpea', 'chickpea'), 'a letter missing');
    assert.ok(keysMeet('risottto', 'risotto'), 'a letter too many');
    assert.ok(keysMeet('masula', 'masala'), 'a letter wrong');
    assert.ok(keysMeet('jalapneo', 'jalapeno'), 'two letters swapped');
    assert.ok(!keysMeet('chikpae', 'chickpea'), 'two typos');
  });

  it('are not made for query words under five letters or over the maximum', () => {
    assert.deepEqual(queryWordFuzzyKeys('soup'), []);
    assert.deepEqual(queryWordFuzzyKeys('x'.repeat(FUZZY_MAX_LENGTH + 1)), []);
    assert.ok(queryWordFuzzyKeys('soupy').length > 0);
    assert.equal(storedKeys('pie').size, 0, 'a stored word under four letters has none');
  });

  it('cost about four keys per query letter and one per stored letter', () => {
    assert.ok(queryWordFuzzyKeys('chickpea').length <= 4 * 8 + 1);
    assert.equal(storedKeys('chickpea').size, 8 + 1);
  });
});

describe('fuzzy matching of recipes', () => {
  const recipe = (title: string, extra: { description?: string; notes?: string; ingredients?: string[] } = {}) => ({
    title,
    description: extra.description ?? null,
    notes: extra.notes ?? null,
    ingredients: (extra.ingredients ?? []).map((name) => ({ name })),
  });
  const match = (r: ReturnType<typeof recipe>, q: string) => {
    const { exact, fuzzy } = searchQuery(q);
    return matchKeys(new Set(recipeSearchKeys(r).all), exact, fuzzy);
  };

  it('tells exact matches (prefixes) from fuzzy ones, word by word', () => {
    const curry = recipe('Weeknight Chana Masala', { ingredients: ['chickpeas'], description: 'Spiced tomato gravy', notes: 'Freezes beautifully' });
    assert.equal(match(curry, 'chana masala'), 'exact');
    assert.equal(match(curry, 'chana masla'), 'fuzzy');
    assert.equal(match(curry, 'chikpeas'), 'fuzzy', 'an ingredient name');
    assert.equal(match(curry, 'gravvy'), 'fuzzy', 'the description');
    assert.equal(match(curry, 'beautifuly'), 'fuzzy', 'the notes');
    assert.equal(match(curry, 'weeknigth'), 'fuzzy', 'the title');
    assert.equal(match(curry, 'chna'), 'none', 'a four-letter word stays an exact prefix');
    assert.equal(match(curry, 'masla curry'), 'none', 'every word must still match');
  });

  it('folds accents before forgiving a typo: jalapneo finds Jalapeño', () => {
    assert.equal(match(recipe('Jalapeño Poppers'), 'jalapneo'), 'fuzzy');
    assert.equal(match(recipe('Jalapeño Poppers'), 'JALAPÉNO popers'), 'fuzzy');
  });

  it('bounds the typo keys of a recipe by its distinct words', () => {
    const many = Array.from({ length: MAX_FUZZY_WORDS_PER_RECIPE + 200 }, (_, index) => `word${index.toString(36)}x`).join(' ');
    const long = recipe('Title', { description: many });
    const keys = recipeSearchKeys(long).all;
    const wholeWordKeys = keys.filter((key) => key.startsWith('='));
    assert.equal(wholeWordKeys.length, MAX_FUZZY_WORDS_PER_RECIPE);
    assert.equal(match(long, `word${(MAX_FUZZY_WORDS_PER_RECIPE + 100).toString(36)}x`), 'exact', 'words past the bound still match exactly');
  });
});

describe('addStoredWordFuzzyKeys: the same keys as cutting the array of letters', () => {
  // The keys as they were first written: every key cut from the word's array of code points.
  const reference = (word: string): string[] => {
    const letters = [...word];
    const keys: string[] = [];
    if (letters.length < FUZZY_MIN_LENGTH - 1 || letters.length > FUZZY_MAX_LENGTH) return keys;
    keys.push(`=${word}`);
    if (letters.length < FUZZY_MIN_LENGTH) return keys;
    for (let index = 0; index < letters.length; index += 1) keys.push(`${index}~${letters.slice(0, index).join('')}${letters.slice(index + 1).join('')}`);
    return keys;
  };
  // BMP letters, accented ones, and letters beyond the BMP (two UTF-16 units each), at every length around the bounds.
  const letter = fc.constantFrom('a', 'b', 'e', 'é', 'ß', 'ж', '字', '𝔞', '𠀀', '1');

  it('gives byte for byte the keys of the reference, in the same order', () => {
    fc.assert(
      fc.property(fc.array(letter, { minLength: 0, maxLength: 27 }), (letters) => {
        const word = letters.join('');
        assert.deepEqual([...storedKeys(word)], reference(word), word);
      }),
      { numRuns: 3000 },
    );
  });
});
