/**
 * Books are set by `pdf/book/` rather than pdfmake, for about a fifth of the CPU. What a reader sees must not
 * change: the same text on the same pages, each word where pdfmake put it, the same images, a sound file. Each case
 * renders one book both ways and compares them page by page and word by word. Where pdfmake loses text (a row or
 * notes taller than a whole page), the setter keeps every word on the page instead.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { BookPageSize, ProductDocument, Recipe } from '@larder/domain';
import { ingredient, recipeFixture } from '@larder/domain/testing';
import { renderPdf } from '../src/pdf/pdf-renderer.js';
import { collect, pdfImages, pdfInfo, pdfPageCount, pdfText, pdfWords, qpdfCheck, requireTools, wordsOutsidePage } from '../src/testing/index.js';
import { BRAND, document, glyphRecipe, longRecipe } from './fixtures.js';
import { BOOK_PAGES } from '../src/theme.js';
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
  // One pdftotext each (pages end with a form feed), not one a page: the suite runs beside the browser tests.
  const [oursPages, theirsPages] = [pdfText(ours).split('\f'), pdfText(theirs).split('\f')];
  assert.equal(oursPages.length, count + 1);
  for (let page = 1; page <= count; page += 1) assert.equal(oursPages[page - 1], theirsPages[page - 1], `page ${page}'s text`);
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

describe('books with a part taller than a page', () => {
  it('keep every word, on the page, the notes\' heading with their first line, and no tint over the page number', tools, async () => {
    const words = (count: number, what: string) => Array.from({ length: count }, (_, at) => `${what}${at}`).join(' ');
    const huge = recipeFixture({
      title: 'Overflowing',
      ingredients: [line('1 onion'), line(words(900, 'ingredient')), line('2 carrots')],
      instructions: ['Short step.', words(900, 'step'), 'Last step.'],
      notes: words(1500, 'note'),
    });
    const model = document('ebook', [huge, recipeFixture({ title: 'After' })], { page_size: 'a5' });
    const file = join(directory, 'overflowing.pdf');
    writeFileSync(file, await collect(renderPdf(model, 'a5')));
    assert.ok(qpdfCheck(file).ok, qpdfCheck(file).output);
    assert.deepEqual(wordsOutsidePage(file), []);
    const all = pdfWords(file);
    const found = new Set(all.map((word) => word.word));
    for (const what of ['ingredient', 'step'] as const) for (let at = 0; at < 900; at += 1) assert.ok(found.has(`${what}${at}`), `${what}${at} is printed`);
    for (let at = 0; at < 1500; at += 1) assert.ok(found.has(`note${at}`), `note${at} is printed`);
    for (const kept of ['2 carrots', 'Last step.', 'After']) assert.ok(pdfText(file).includes(kept), `${kept} is printed`);
    // The text never runs into the foot margin, where the page number is (pdfmake's metrics: a line is ~1.2 × 9.5 pt).
    const { height, margins } = BOOK_PAGES.a5;
    const body = all.filter((word) => /^(ingredient|step|note)\d+$/.test(word.word));
    assert.ok(body.every((word) => word.box[3] <= height - margins[3] + 0.5), 'a line below the text area');
    // A step taller than a page: the next one follows where it ended, not on a page of its own.
    const lastOfStep = all.find((word) => word.word === 'step899');
    assert.equal(all.find((word) => word.word === 'Last')?.page, lastOfStep?.page, 'the next step follows on the same page');
    // The panel's tint stops at the text area's foot (the page number is below it).
    const plain = spawnSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 }).stdout;
    const fills = [...plain.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re f/g)].map((match) => Number(match[2]) + Number(match[4]));
    assert.ok(fills.length > 0);
    assert.ok(fills.every((foot) => foot <= height - margins[3] + 0.01), `a tint past the text area: ${Math.max(...fills)} > ${height - margins[3]}`);
    // "Notes" is never the last thing on its page.
    const notes = all.find((word) => word.word === 'Notes');
    assert.ok(notes !== undefined);
    assert.ok(all.some((word) => word.page === notes.page && word.word === 'note0'), 'the notes\' heading sits with their first line');
  });
});
