/**
 * Books are set by `pdf/book/` rather than pdfmake, for about a fifth of the CPU. What a reader sees must not
 * change: the same text on the same pages, each word where pdfmake put it, the same links and images, a sound file.
 * Each case renders one book both ways and compares them page by page and word by word.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { BookPageSize, ProductDocument, Recipe } from '@larder/domain';
import { ingredient, recipeFixture } from '@larder/domain/testing';
import { renderPdf } from '../src/pdf/pdf-renderer.js';
import { collect, pdfImages, pdfInfo, pdfPageCount, pdfText, pdfWords, qpdfCheck, requireTools, wordsOutsidePage } from '../src/testing/index.js';
import { BRAND, document, glyphRecipe, longRecipe } from './fixtures.js';
import { memoryFiles, resolved, storedPhoto } from './photo-fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-book-pages-'));
const tools = requireTools(['qpdf', 'pdftotext', 'pdfinfo', 'pdfimages']);

const line = (text: string, section: string | null = null) => ({ ...ingredient(text), text, section });

/** A recipe whose panel and steps run over a page: sections in its ingredients, blank lines and long words in its notes. */
const sprawlingRecipe = (): Recipe =>
  recipeFixture({
    title: 'A Whole Weekend of Bread: Levain, Autolyse, Lamination and a Very Long Title That Wraps',
    description: 'Spaces   kept as typed,   and a word too long for any line: Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt.',
    ingredients: Array.from({ length: 40 }, (_, index) => line(`${index + 1} g of flour number ${index + 1}, sifted twice`, index < 20 ? 'For the levain' : 'For the dough')),
    instructions: Array.from({ length: 30 }, (_, index) => `Fold ${index + 1}: wet your hand, lift the dough from one side, stretch it up and fold it over, then turn the bowl a quarter and repeat until the dough feels strong.`),
    notes: 'First paragraph of the notes.\n\nA second, after a blank line.',
    dietary_tags: ['vegan'],
  });

async function both(model: ProductDocument, pageSize: BookPageSize, name: string): Promise<{ ours: string; theirs: string }> {
  const ours = join(directory, `${name}-ours.pdf`);
  const theirs = join(directory, `${name}-pdfmake.pdf`);
  writeFileSync(ours, await collect(renderPdf(model, pageSize)));
  writeFileSync(theirs, await collect(renderPdf(model, pageSize, { pdfmakeBooks: true })));
  return { ours, theirs };
}

function assertSamePages(ours: string, theirs: string): void {
  assert.ok(qpdfCheck(ours).ok, qpdfCheck(ours).output);
  assert.deepEqual(wordsOutsidePage(ours), []);
  const count = pdfPageCount(theirs);
  assert.equal(pdfPageCount(ours), count, 'as many pages');
  for (let page = 1; page <= count; page += 1) assert.equal(pdfText(ours, { first: page, last: page }), pdfText(theirs, { first: page, last: page }), `page ${page}'s text`);
  const [mine, pdfmake] = [pdfWords(ours), pdfWords(theirs)];
  assert.equal(mine.length, pdfmake.length);
  for (const [index, word] of mine.entries()) {
    const other = pdfmake[index];
    const drift = Math.max(...word.box.map((edge, side) => Math.abs(edge - (other?.box[side] ?? Number.NaN))));
    assert.ok(drift < 0.05, `"${word.word}" on page ${word.page} is where pdfmake put it: ${JSON.stringify(word.box)} against ${JSON.stringify(other?.box)}`);
  }
}

describe('books set without pdfmake', () => {
  for (const pageSize of ['a5', 'a4', 'letter'] as const) {
    it(`an ebook in ${pageSize} with a creator's brand: every page's text, and every word's place, as pdfmake set them`, tools, async () => {
      const model = document('ebook', [glyphRecipe(), longRecipe(), sprawlingRecipe(), recipeFixture({ title: 'Plain Toast', notes: null })], { page_size: pageSize }, { published_at: new Date('2026-01-15T00:00:00.000Z') }, BRAND);
      const { ours, theirs } = await both(model, pageSize, `ebook-${pageSize}`);
      assertSamePages(ours, theirs);
      assert.equal(pdfInfo(ours)['Author'], BRAND.name);
      assert.equal(pdfInfo(ours)['Title'], pdfInfo(theirs)['Title']);
    });
  }

  it('a lead magnet with photos and a cover: the pictures placed as pdfmake placed them', tools, async () => {
    const files = memoryFiles();
    const withPhoto = { ...glyphRecipe(), photo: await storedPhoto(files, 1200, 900, 2) };
    const model = await resolved(files, document('lead_magnet', [withPhoto, sprawlingRecipe()], { page_size: 'a5' }, { cover: await storedPhoto(files, 2000, 1500, 3) }));
    const { ours, theirs } = await both(model, 'a5', 'magnet-photos');
    assertSamePages(ours, theirs);
    assert.equal(pdfImages(ours).length, 2);
    assert.deepEqual(pdfImages(ours), pdfImages(theirs), 'the same images, at the same pixel sizes, on the same pages');
  });
});
