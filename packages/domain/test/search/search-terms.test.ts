import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldText, MAX_KEY_LENGTH, matchesAllKeys, queryKeys, recipeSearchKeys, wordsOf } from '../../src/search/search-terms.js';

const recipe = (title: string, extra: { description?: string; notes?: string; ingredients?: string[] } = {}) => ({
  title,
  description: extra.description ?? null,
  notes: extra.notes ?? null,
  ingredients: (extra.ingredients ?? []).map((name) => ({ name })),
});

const matches = (r: ReturnType<typeof recipe>, q: string) => matchesAllKeys(recipeSearchKeys(r).all, queryKeys(q));

describe('search terms', () => {
  it('folds case, accents and ligatures', () => {
    assert.equal(foldText('Jalapeño CRÈME Brûlée Œuf Straße'), 'jalapeno creme brulee oeuf strasse');
  });

  it('splits words on anything that is not a letter or digit', () => {
    assert.deepEqual(wordsOf("Grandma's 3-bean chili (mild!)"), ['grandma', 's', '3', 'bean', 'chili', 'mild']);
  });

  it('matches every query word as a word prefix, accent- and case-insensitively', () => {
    const poppers = recipe('Jalapeño Poppers', { ingredients: ['cream cheese'], notes: 'Freezes well' });
    assert.ok(matches(poppers, 'jalapeno'));
    assert.ok(matches(poppers, 'JALA pop'));
    assert.ok(matches(poppers, 'cream freez'));
    assert.ok(!matches(poppers, 'jalapeno steak'), 'every word must match');
    assert.ok(!matches(poppers, 'lapeno'), 'a word prefix, not a substring');
  });

  it('searches title, description, ingredient names and notes, and keeps title keys apart', () => {
    const keys = recipeSearchKeys(recipe('Soup', { description: 'hearty', ingredients: ['leek'], notes: 'vegan' }));
    for (const word of ['soup', 'hearty', 'leek', 'vegan']) assert.ok(keys.all.includes(word), word);
    assert.deepEqual(keys.title, ['=soup', 's', 'so', 'sou', 'soup'], 'prefix keys, and the whole-word key typos look up');
  });

  it('caps keys so that a huge word costs a bounded number of keys', () => {
    const keys = recipeSearchKeys(recipe('x'.repeat(10_000)));
    assert.equal(keys.title.length, MAX_KEY_LENGTH);
    assert.ok(matches(recipe('x'.repeat(10_000)), 'x'.repeat(10_000)));
  });

  it('treats regular-expression characters in a query as plain text', () => {
    assert.deepEqual(queryKeys('.* (a|b) [c] ^$ \\d'), ['a', 'b', 'c', 'd']);
  });

  it('finds a recipe by any prefix of any of its words (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zA-Zàéîõü]{1,12}$/), { minLength: 1, maxLength: 6 }), fc.nat(), fc.nat(), (words, pick, cut) => {
        const word = words[pick % words.length] ?? '';
        const prefix = word.slice(0, 1 + (cut % word.length));
        return matches(recipe(words.join(' ')), prefix.toUpperCase());
      }),
    );
  });
});
