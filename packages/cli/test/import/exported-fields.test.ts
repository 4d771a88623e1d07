import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RECIPE_READ_ONLY_FIELDS } from '@larder/domain';
import { withoutExportedFields } from '../../src/import/exported-fields.js';

describe('withoutExportedFields', () => {
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
