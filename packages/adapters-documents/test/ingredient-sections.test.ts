/** Ingredient sections print as sub-headings: in the book's panel, on a card, and in the EPUB, each before its lines. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ProductDocument, Recipe } from '@larder/domain';
import { ingredient, recipeFixture } from '@larder/domain/testing';
import { createDocumentRenderer } from '../src/index.js';
import { collect, epubCheck, pdfText, qpdfCheck, requireTools, wordsOutsidePage } from '../src/testing/index.js';
import { document } from './fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-sections-test-'));
const renderer = createDocumentRenderer();

const line = (text: string, section: string | null) => ({ ...ingredient(text), text, section });
const tart = (): Recipe =>
  recipeFixture({
    title: 'Lemon Tart',
    ingredients: [
      line('1 pinch salt', null),
      line('1 ½ cups flour', 'For the crust'),
      line('½ cup cold butter', 'For the crust'),
      line('4 lemons', 'For the filling'),
      line('3 eggs', 'For the filling'),
    ],
  });

async function rendered(model: ProductDocument, format: 'pdf' | 'epub', name: string, pageSize: '4x6' | 'a4' = 'a4'): Promise<string> {
  const file = join(directory, `${name}.${format}`);
  writeFileSync(file, await collect(await renderer.render(model, { format, pageSize })));
  return file;
}

/** Each of `words` is found in `text`, in that order. */
function assertInOrder(text: string, words: readonly string[]): void {
  let from = 0;
  for (const word of words) {
    const at = text.indexOf(word, from);
    assert.ok(at >= 0, `"${word}" after position ${from} in: ${text.slice(0, 400)}`);
    from = at + word.length;
  }
}

const ORDER = ['1 pinch salt', 'For the crust', '1 ½ cups flour', '½ cup cold butter', 'For the filling', '4 lemons', '3 eggs'];

describe('ingredient sections in documents', () => {
  it('an ebook prints each section as a sub-heading before its lines, and stays a sound PDF', requireTools(['qpdf', 'pdftotext']), async () => {
    const file = await rendered(document('ebook', [tart()]), 'pdf', 'ebook');
    assert.ok(qpdfCheck(file).ok);
    assertInOrder(pdfText(file, undefined, true).normalize('NFC').replace(/\s+/g, ' '), ORDER);
    assert.deepEqual(wordsOutsidePage(file), []);
  });

  it('a recipe card does too', requireTools(['qpdf', 'pdftotext']), async () => {
    const file = await rendered(document('recipe_card_pack', [tart()]), 'pdf', 'cards', '4x6');
    assert.ok(qpdfCheck(file).ok);
    assertInOrder(pdfText(file, undefined, true).normalize('NFC').replace(/\s+/g, ' '), ORDER);
    assert.deepEqual(wordsOutsidePage(file), []);
  });

  it('an EPUB gives each section an <h3> and its own list, and passes EPUBCheck', requireTools(['epubcheck']), async () => {
    const file = await rendered(document('ebook', [tart()]), 'epub', 'ebook');
    const report = await epubCheck(file);
    assert.ok(report.ok, report.output);
    const text = execFileSync('unzip', ['-p', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.match(
      text,
      /<ul><li>1 pinch salt<\/li><\/ul><h3>For the crust<\/h3><ul><li>1 ½ cups flour<\/li><li>½ cup cold butter<\/li><\/ul><h3>For the filling<\/h3><ul><li>4 lemons<\/li><li>3 eggs<\/li><\/ul>/,
    );
  });
});
