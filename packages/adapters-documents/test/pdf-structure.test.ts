import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { recipeFixture } from '@larder/domain/testing';
import { createDocumentRenderer } from '../src/index.js';
import { collect, pdfPageCount, pdfText, qpdfCheck, requireTools } from '../src/testing/index.js';
import { document, longRecipe } from './fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-pdf-structure-'));
const renderer = createDocumentRenderer();
const tools = requireTools(['qpdf', 'pdftotext']);
const pageObjects = (bytes: Buffer) => bytes.toString('latin1').match(/\/Type \/Page\n/g)?.length ?? 0;

/** Forty recipes, one of them long: the contents take two a5 pages and the chapters do not start on every page. */
const recipes = Array.from({ length: 40 }, (_, index) => (index === 3 ? { ...longRecipe(), title: 'Chapter Recipe 4, the Long One' } : recipeFixture({ title: `Chapter Recipe ${index + 1}` })));

describe('PDF sections', () => {
  it('streams: the first bytes come before the last chapter is laid out, and the pages follow one another', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await renderer.render(document('ebook', recipes), { format: 'pdf', pageSize: 'a5' })) chunks.push(Buffer.from(chunk));
    const whole = Buffer.concat(chunks);
    const first = chunks[0] ?? Buffer.alloc(0);
    assert.ok(chunks.length > 10, `the document comes in pieces (${chunks.length})`);
    assert.equal(first.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(pageObjects(first) < pageObjects(whole) / 4, `the first piece holds few of the pages (${pageObjects(first)} of ${pageObjects(whole)})`);
  });

  it('the contents come second and give the page each chapter starts on', tools, async () => {
    const file = join(directory, 'book-a5.pdf');
    writeFileSync(file, await collect(await renderer.render(document('ebook', recipes), { format: 'pdf', pageSize: 'a5' })));
    assert.ok(qpdfCheck(file).ok);
    const pages = pdfPageCount(file);
    const contents = pdfText(file, { first: 2, last: 4 }).replace(/\s+/g, ' ');
    assert.match(pdfText(file, { first: 2, last: 2 }), /^Contents/m);
    let previous = 0;
    for (const recipe of recipes) {
      const number = Number(new RegExp(`${recipe.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)`).exec(contents)?.[1]);
      assert.ok(number > previous && number <= pages, `"${recipe.title}" is listed with a page number (${number})`);
      const page = pdfText(file, { first: number, last: number }).replace(/\s+/g, ' ');
      assert.ok(page.includes(recipe.title), `"${recipe.title}" starts on page ${number}`);
      assert.match(page, new RegExp(`\\b${number}\\s*$`), `page ${number} carries its number`);
      previous = number;
    }
    // The long recipe takes more than one page, so the numbers are not simply consecutive.
    assert.ok(previous > recipes.length + 2, `the last chapter starts after page ${recipes.length + 2} (${previous})`);
  });
});
