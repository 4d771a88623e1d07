import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseRecipeChanges, parseRecipeDraft } from '../../src/recipe/recipe-input.js';

const pointers = (result: ReturnType<typeof parseRecipeDraft> | ReturnType<typeof parseRecipeChanges>) =>
  result._unsafeUnwrapErr().issues.map((issue) => issue.pointer);

describe('recipe input', () => {
  it('fills every default on a minimal recipe', () => {
    const draft = parseRecipeDraft({ title: '  Toast  ' })._unsafeUnwrap();
    assert.equal(draft.title, 'Toast');
    assert.equal(draft.status, 'active');
    assert.equal(draft.email_ready, false);
    assert.equal(draft.engagement_score, 0);
    assert.deepEqual(draft.ingredients, []);
    assert.equal(draft.servings, null);
    assert.equal(draft.external_id, null);
  });

  it('parses ingredient strings and objects, lower-cases and de-duplicates tags, splits instruction text', () => {
    const draft = parseRecipeDraft({
      title: 'Bread',
      ingredients: ['1 1/2 cups flour, sifted', { quantity: 2, unit: 'tsp', name: 'salt' }],
      dietary_tags: ['Vegan', 'vegan', 'Nut-Free'],
      instructions: 'Mix.\n\nBake.\n',
    })._unsafeUnwrap();
    assert.equal(draft.ingredients[0]?.quantity, 1.5);
    assert.equal(draft.ingredients[0]?.name, 'flour');
    assert.equal(draft.ingredients[1]?.quantity, 2);
    assert.deepEqual(draft.dietary_tags, ['vegan', 'nut-free']);
    assert.deepEqual(draft.instructions, ['Mix.', 'Bake.']);
  });

  it('reports every problem at once with its pointer', () => {
    const result = parseRecipeDraft({
      title: '',
      servings: 0,
      cook_time_minutes: 1.5,
      engagement_score: -1,
      email_ready: 'yes',
      image_url: 'ftp://example.com/x',
      ingredients: ['1 cup flour', 42],
      status: 'archived',
    });
    assert.deepEqual(pointers(result).sort(), [
      '/cook_time_minutes', '/email_ready', '/engagement_score', '/image_url', '/ingredients/1', '/servings', '/status', '/title',
    ]);
  });

  it('refuses text holding U+0000, which PostgreSQL-backed stores cannot keep, on every store alike', () => {
    const result = parseRecipeDraft({ title: 'Toast\u0000', season: '\u0000', ingredients: ['1 egg\u0000'] });
    assert.deepEqual(pointers(result).sort(), ['/ingredients/0', '/season', '/title']);
  });

  it('reads every field, reporting each bad one in field order, whether or not the last record had the same names', () => {
    // One bad value a field, in field order: every field must be read, by its own reader.
    const bad = {
      title: 1, description: 1, ingredients: 1, instructions: 1, notes: 1, servings: 'x', prep_time_minutes: 'x',
      cook_time_minutes: 'x', dietary_tags: 1, cuisine: 1, meal_type: 1, season: 1, collection_id: 1, status: 1,
      email_ready: 1, engagement_score: 'x', image_url: 1, source_url: 1, external_id: 1,
    };
    const fields = Object.keys(bad).map((field) => `/${field}`);
    assert.deepEqual(pointers(parseRecipeDraft(bad)), fields);
    const good = Object.fromEntries(Object.keys(bad).map((field) => [field, null])) as Record<string, unknown>;
    Object.assign(good, { title: 'T', ingredients: ['2 eggs'], instructions: 'Boil.', dietary_tags: ['vegan'], status: 'active', email_ready: true, engagement_score: 3 });
    const draft = parseRecipeDraft(good)._unsafeUnwrap();
    assert.deepEqual([draft.title, draft.instructions, draft.dietary_tags, draft.email_ready, draft.engagement_score], ['T', ['Boil.'], ['vegan'], true, 3]);
    assert.deepEqual(pointers(parseRecipeDraft({ ...bad })), fields);
    // With an unknown name first: the general path reports it, then the same fields in the same order.
    assert.deepEqual(pointers(parseRecipeDraft({ extra: 1, ...bad })), ['/extra', ...fields]);
  });

  it('escapes ~ and / in the pointer of an unknown field (RFC 6901)', () => {
    const result = parseRecipeDraft({ title: 'Toast', 'a/b~c': 1, plain: 2 });
    assert.deepEqual(pointers(result).sort(), ['/a~1b~0c', '/plain']);
  });

  it('gives every draft the same field order, whatever the order of the input (exports list fields in it)', () => {
    const a = parseRecipeDraft({ external_id: 'e', servings: 2, title: 'A' })._unsafeUnwrap();
    const b = parseRecipeDraft({ title: 'B', servings: 4, external_id: 'f' })._unsafeUnwrap();
    assert.deepEqual(Object.keys(a), Object.keys(b));
    assert.equal(Object.keys(a).at(-1), 'title');
    assert.equal(Object.keys(a).length, 19);
  });

  it('requires a title and rejects unknown and read-only fields', () => {
    const result = parseRecipeDraft({ id: 'x', version: 3, colour: 'red' });
    const issues = result._unsafeUnwrapErr().issues;
    assert.deepEqual(issues.map((issue) => [issue.pointer, issue.message]).sort(), [
      ['/colour', 'is not a known field'],
      ['/id', 'is read-only'],
      ['/title', 'is required'],
      ['/version', 'is read-only'],
    ]);
  });

  it('is not fooled by prototype keys or operator objects', () => {
    const hostile = JSON.parse('{"title":"x","__proto__":{"admin":true},"cuisine":{"$gt":""}}') as unknown;
    assert.deepEqual(pointers(parseRecipeDraft(hostile)).sort(), ['/__proto__', '/cuisine']);
  });

  it('accepts archived status only when importing', () => {
    assert.equal(parseRecipeDraft({ title: 'x', status: 'archived' }, { allowArchived: true })._unsafeUnwrap().status, 'archived');
  });

  it('keeps only the given fields of a change, and null clears an optional one', () => {
    assert.deepEqual(parseRecipeChanges({ notes: null, servings: 2 })._unsafeUnwrap(), { notes: null, servings: 2 });
    assert.deepEqual(parseRecipeChanges({})._unsafeUnwrap(), {});
    assert.deepEqual(pointers(parseRecipeChanges({ title: null })), ['/title']);
    assert.deepEqual(pointers(parseRecipeChanges('not an object')), ['']);
  });
});

describe('recipe input: U+0000 in an ingredient', () => {
  const NUL_MESSAGE = 'must not contain the character U+0000';
  const refusedForNul = (item: unknown): boolean =>
    parseRecipeDraft({ title: 'T', ingredients: [item] }).match(
      () => false,
      (failure) => failure.issues.some((issue) => issue.pointer === '/ingredients/0' && issue.message === NUL_MESSAGE),
    );
  // Text made of the characters that matter: U+0000, a backslash, `\u0000` written out and its pieces, and others.
  const text = fc.array(fc.constantFrom('\u0000', '\\', '\\u', '\\u0000', 'u', '0', '00', 'a', ' ', '1 cup ', 'flour', '"', '\n', '\u0001'), { maxLength: 8 }).map((parts) => parts.join(''));
  const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean(), fc.constant(1.5), fc.array(text, { maxLength: 2 }), fc.dictionary(text, text, { maxKeys: 2 }));
  const item = fc.oneof(text, fc.dictionary(fc.oneof(fc.constantFrom('name', 'unit', 'note', 'quantity'), text), value, { maxKeys: 4 }));

  it('is refused exactly when the JSON of the ingredient holds \\u0000, as it always was', () => {
    fc.assert(
      fc.property(item, (ingredient) => {
        assert.equal(refusedForNul(ingredient), JSON.stringify(ingredient).includes('\\u0000'), JSON.stringify(ingredient));
      }),
      { numRuns: 3000 },
    );
  });
});
