/** A required text of invisible characters only counts as empty, like one of spaces; optional ones are cleared. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseIngredientInput } from '../../src/ingredient/ingredient-input.js';
import { parseRecipeChanges, parseRecipeDraft } from '../../src/recipe/recipe-input.js';
import { isBlank } from '../../src/shared/text.js';

const INVISIBLE = {
  'zero-width space': '\u200b\u200b',
  'zero-width non-joiner': '\u200c',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte order mark': '\ufeff',
  'soft hyphen': '\u00ad',
  'left-to-right mark': '\u200e',
  'Mongolian vowel separator': '\u180e',
  'variation selector': '\ufe0f',
  'Hangul filler': '\u3164',
  'Braille blank': '\u2800',
  'no-break space': '\u00a0',
  'ideographic space': '\u3000',
  'mixed with spaces and tabs': ' \u200b\t\u2060 \ufeff\n',
};

describe('invisible-only text', () => {
  for (const [name, text] of Object.entries(INVISIBLE)) {
    it(`a title of ${name} only is empty`, () => {
      const issues = parseRecipeDraft({ title: text })._unsafeUnwrapErr().issues;
      assert.deepEqual(issues, [{ pointer: '/title', message: 'must not be empty' }]);
      const patch = parseRecipeChanges({ title: text })._unsafeUnwrapErr().issues;
      assert.deepEqual(patch, [{ pointer: '/title', message: 'must not be empty' }]);
    });
  }

  it('is the same error as spaces only', () => {
    assert.deepEqual(parseRecipeDraft({ title: '\u200b' })._unsafeUnwrapErr(), parseRecipeDraft({ title: '   ' })._unsafeUnwrapErr());
  });

  it('clears an optional text and refuses an ingredient, a step or a tag of it', () => {
    const draft = parseRecipeDraft({ title: 'Soup', notes: '\u200b\u200d', cuisine: '\ufeff' })._unsafeUnwrap();
    assert.equal(draft.notes, null);
    assert.equal(draft.cuisine, null);
    const issues = parseRecipeDraft({ title: 'Soup', instructions: ['Stir.', '\u200b'], dietary_tags: ['\u2060'] })._unsafeUnwrapErr().issues;
    assert.deepEqual(issues.map((issue) => issue.pointer).sort(), ['/dietary_tags/0', '/instructions/1']);
    assert.match(normaliseIngredientInput('\u200b\u200b')._unsafeUnwrapErr(), /empty/);
    assert.match(normaliseIngredientInput({ name: '\u00ad' })._unsafeUnwrapErr(), /name must not be empty/);
  });

  it('keeps text that has a visible character, invisible ones included', () => {
    assert.equal(parseRecipeDraft({ title: '\u200bSoup\u200d' })._unsafeUnwrap().title, '\u200bSoup\u200d');
    for (const visible of ['a', 'é', 'Ⅻ', '粥', '🍲', '\u200b.', '-']) assert.equal(isBlank(visible), false, JSON.stringify(visible));
  });
});
