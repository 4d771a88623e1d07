import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseImportRecord } from '@larder/domain';
import { csvCellValue, csvRowToRecord } from '../../src/formats/csv-cells.js';

describe('CSV cell format', () => {
  it('reads ingredients and instructions one per line, skipping blank lines', () => {
    assert.deepEqual(csvCellValue('ingredients', '1 cup flour\r\n\n2 eggs \n'), ['1 cup flour', '2 eggs']);
    assert.deepEqual(csvCellValue('instructions', 'Mix.\nBake.'), ['Mix.', 'Bake.']);
  });

  it('keeps heading lines of the ingredients cell as the sections of the lines after them', () => {
    const record = csvRowToRecord(['title', 'ingredients'], ['Salad', 'For the salad:\n2 cups lettuce\nFor the dressing:\n3 tbsp olive oil\n1 tbsp vinegar']);
    const recipe = parseImportRecord(record)._unsafeUnwrap();
    assert.deepEqual(recipe.ingredients.map((line) => [line.text, line.section]), [
      ['2 cups lettuce', 'For the salad'],
      ['3 tablespoons olive oil', 'For the dressing'],
      ['1 tablespoon vinegar', 'For the dressing'],
    ]);
  });

  it('splits dietary tags on semicolons, commas or line breaks', () => {
    assert.deepEqual(csvCellValue('dietary_tags', 'vegan; gluten-free,quick\nkid friendly'), ['vegan', 'gluten-free', 'quick', 'kid friendly']);
  });

  it('reads numbers and booleans, and passes anything else on for the domain to report', () => {
    assert.equal(csvCellValue('servings', ' 4 '), 4);
    assert.equal(csvCellValue('engagement_score', '12.5'), 12.5);
    assert.equal(csvCellValue('servings', 'four'), 'four');
    assert.equal(csvCellValue('email_ready', 'Yes'), true);
    assert.equal(csvCellValue('email_ready', 'FALSE'), false);
    assert.equal(csvCellValue('email_ready', 'maybe'), 'maybe');
    assert.equal(csvCellValue('title', ' Soup '), ' Soup ');
  });

  it('leaves out empty cells so the API defaults apply', () => {
    assert.deepEqual(csvRowToRecord(['title', 'servings', 'cuisine'], ['Soup', '', '  ']), { title: 'Soup' });
  });
});
