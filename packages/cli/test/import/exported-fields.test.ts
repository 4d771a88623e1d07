import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentOf, newRecipe, parseImportRecord, parseRecipeDraft, RECIPE_READ_ONLY_FIELDS } from '@larder/domain';
import { exportRecord } from '../../src/export/export-record.js';
import { withoutExportedFields } from '../../src/import/exported-fields.js';

describe('withoutExportedFields', () => {
  it('lets an exported recipe with ingredient sections re-import with the same sections', () => {
    const content = parseRecipeDraft({ title: 'Tart', ingredients: ['1 pinch salt', 'For the crust:', '1 cup flour', 'For the filling:', '3 eggs'] })._unsafeUnwrap();
    const recipe = newRecipe('r-1', content, new Date('2026-01-01T00:00:00.000Z'));
    const line = JSON.parse(JSON.stringify(exportRecord(recipe))) as unknown;
    const back = parseImportRecord(withoutExportedFields(line))._unsafeUnwrap();
    assert.deepEqual(back.ingredients, contentOf(recipe).ingredients);
    assert.deepEqual(back.ingredients.map((ingredient) => ingredient.section), [null, 'For the crust', 'For the filling']);
  });

  it('drops each field the service computes, alone in a record', () => {
    // Each read-only field by itself, so that a field missing from the check (which names them one by one) is caught.
    for (const field of RECIPE_READ_ONLY_FIELDS) {
      const input = { title: 'Soup', [field]: 'x' };
      assert.deepEqual(withoutExportedFields(input), { title: 'Soup' }, field);
      assert.deepEqual(input, { title: 'Soup', [field]: 'x' }, 'the input is not modified');
    }
  });

  it('drops the rendered text of ingredients and keeps their parts', () => {
    const input = { title: 'Soup', ingredients: ['2 eggs', { name: 'salt', text: 'salt' }] };
    assert.deepEqual(withoutExportedFields(input), { title: 'Soup', ingredients: ['2 eggs', { name: 'salt' }] });
  });

  it('returns a record without exported fields as it is', () => {
    const input = { title: 'Soup', ingredients: ['2 eggs'], unknown: 1 };
    assert.equal(withoutExportedFields(input), input);
  });
});
