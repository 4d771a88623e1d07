import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileStemOf, formatMinutes, fractionsAsGlyphs } from '../../src/index.js';

describe('document text', () => {
  it('writes ASCII fractions as glyphs, and leaves dates and other numbers alone', () => {
    assert.equal(fractionsAsGlyphs('Add 1/2 cup, then 1 1/2 tsp and 3/4 of the rest'), 'Add ½ cup, then 1 ½ tsp and ¾ of the rest');
    assert.equal(fractionsAsGlyphs('on 1/2/2026, 10/4 or 1/16'), 'on 1/2/2026, 10/4 or 1/16');
    assert.equal(fractionsAsGlyphs('2-1/4 cups'), '2 ¼ cups');
  });

  it('writes times as a cook reads them', () => {
    assert.deepEqual([0, 45, 60, 75, 150].map(formatMinutes), ['0 min', '45 min', '1 hr', '1 hr 15 min', '2 hr 30 min']);
  });

  it('makes a file name from any title', () => {
    assert.equal(fileStemOf('Weeknight Dinners Around the World'), 'weeknight-dinners-around-the-world');
    assert.equal(fileStemOf('Søren’s Straße: Jalapeño Crème'), 'sorens-strasse-jalapeno-creme');
    assert.equal(fileStemOf('日本の料理'), 'document');
    assert.equal(fileStemOf(`${'a'.repeat(79)} bcd`), 'a'.repeat(79));
  });
});
