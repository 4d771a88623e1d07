import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BOOK_PAGE_SIZES, CARD_PAGE_SIZES, contrastRatio, type PageSize, type ProductDocument } from '@larder/domain';
import { pageTheme } from '../src/cover/document-cover-width.js';
import { stylesFor } from '../src/pdf/styles.js';
import { COLOURS } from '../src/theme.js';
import { recipeFixture } from '@larder/domain/testing';
import { createDocumentRenderer } from '../src/index.js';
import { collect, pdfFonts, pdfInfo, pdfPageCount, pdfText, qpdfCheck, requireTools, wordsOutsidePage } from '../src/testing/index.js';
import { BRAND, document, glyphRecipe, longRecipe } from './fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-pdf-test-'));
const renderer = createDocumentRenderer();
const tools = requireTools(['qpdf', 'pdffonts', 'pdftotext', 'pdfinfo']);

async function renderToFile(model: ProductDocument, pageSize: PageSize, name: string): Promise<string> {
  const file = join(directory, `${name}-${pageSize}.pdf`);
  writeFileSync(file, await collect(await renderer.render(model, { format: 'pdf', pageSize })));
  return file;
}

/** What every PDF must hold: sound structure, embedded fonts, every title and ingredient text, nothing off the page. */
function assertQuality(file: string, model: ProductDocument): void {
  const check = qpdfCheck(file);
  assert.ok(check.ok, check.output);
  const fonts = pdfFonts(file);
  assert.ok(fonts.length > 0, 'pdffonts lists no font');
  assert.deepEqual(fonts.filter((font) => !font.embedded), [], 'every font is embedded');
  const text = pdfText(file, undefined, true).normalize('NFC');
  for (const recipe of model.recipes) {
    // pdftotext breaks long titles over lines: compare with white space collapsed.
    const flat = text.replace(/\s+/g, ' ');
    assert.ok(flat.includes(recipe.title), `title "${recipe.title}" is in the text`);
    for (const ingredient of recipe.ingredients) assert.ok(flat.includes(ingredient), `ingredient "${ingredient}" is in the text`);
  }
  assert.deepEqual(wordsOutsidePage(file), [], 'no word outside its page');
}

describe('a creator’s colours in a document', () => {
  it('the accents (headings of a recipe’s parts, step numbers, rules) and the ingredients’ tint come from the brand colour, readable on both', () => {
    const ratio = (a: string, b: string) => contrastRatio(a, b);
    for (const colour of ['#2f6b4f', '#ffd43b', '#7f7fff', '#000000']) {
      const theme = pageTheme({ layout: 'book', brand_color: colour }, 'a4');
      assert.notEqual(theme.colours.accent, COLOURS.accent);
      assert.ok(ratio(theme.colours.accent, '#ffffff') >= 4.5 && ratio(theme.colours.accent, theme.colours.panel) >= 4.5, colour);
      assert.equal(stylesFor(theme).stepNumber.color, theme.colours.accent);
    }
    assert.equal(pageTheme({ layout: 'book', brand_color: null }, 'a4').colours.accent, COLOURS.accent, 'no brand: the house colours');
  });
});

describe('PDF quality gates', () => {
  const recipes = [glyphRecipe(), recipeFixture({ title: 'Archived but kept', status: 'archived' }), longRecipe()];

  for (const pageSize of BOOK_PAGE_SIZES) {
    it(`an ebook in ${pageSize} by a creator passes qpdf, embeds its fonts, holds every title and ingredient, stays on the page; "by …" on its title page, a copyright page next, the author in its metadata`, tools, async () => {
      const model = document('ebook', recipes, {}, { published_at: new Date('2026-01-15T00:00:00.000Z') }, BRAND);
      const file = await renderToFile(model, pageSize, 'ebook');
      assertQuality(file, model);
      const flat = (first: number) => pdfText(file, { first, last: first }).normalize('NFC').replace(/\s+/g, ' ');
      assert.ok(flat(1).includes(`by ${BRAND.name}`), flat(1));
      assert.ok(flat(2).includes(`© 2026 ${BRAND.name}`), flat(2));
      assert.ok(flat(2).includes(BRAND.website_url ?? ''), 'the website on the copyright page');
      assert.match(flat(2), /For personal use only/);
      assert.match(flat(3), /Contents/, 'then the contents');
      assert.equal(pdfInfo(file)['Author'], BRAND.name);
    });

    it(`a meal plan in ${pageSize} does too, with its plan and shopping list`, tools, async () => {
      const model = document('meal_plan', recipes);
      const file = await renderToFile(model, pageSize, 'meal-plan');
      assertQuality(file, model);
      const text = pdfText(file);
      assert.match(text, /The plan/);
      assert.match(text, /Shopping list/);
      assert.match(text, /☐/);
    });
  }

  for (const pageSize of CARD_PAGE_SIZES) {
    it(`a card pack in ${pageSize}: a long recipe continues on the next page of its card, marked, nothing lost`, tools, async () => {
      const model = document('recipe_card_pack', [recipeFixture({ title: 'Short One' }), longRecipe(), recipeFixture({ title: 'Short Two' })], {}, { published_at: new Date('2026-01-15T00:00:00.000Z') }, BRAND);
      const file = await renderToFile(model, pageSize, 'cards');
      assertQuality(file, model);
      const pages = pdfPageCount(file);
      assert.ok(pages >= 5, `the long recipe takes more than one card, and a last card for the notice (${pages} pages)`);
      const second = pdfText(file, { first: 3, last: 3 });
      assert.match(second.replace(/\s+/g, ' '), /Slow-Cooked Festival Cassoulet .*\(continued\)/);
      assert.match(pdfText(file, { first: 2, last: 2 }), /continued overleaf/);
      const all = pdfText(file).replace(/\s+/g, ' ');
      for (let step = 1; step <= 24; step += 1) assert.ok(all.includes(`Step ${step}: stir`), `step ${step} is printed`);
      // The short card after it starts a fresh page that is not marked as a continuation.
      const shortTwo = pdfText(file, { first: pages - 1, last: pages - 1 });
      assert.match(shortTwo, /Short Two/);
      assert.doesNotMatch(shortTwo, /continued/);
      // The last card: the creator's notice, website and terms.
      const last = pdfText(file, { first: pages, last: pages }).normalize('NFC').replace(/\s+/g, ' ');
      assert.ok(last.includes(`© 2026 ${BRAND.name}`), last);
      assert.match(last, /For personal use only/);
    });
  }
});
