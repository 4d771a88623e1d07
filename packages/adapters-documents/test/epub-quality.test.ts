import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { recipeFixture } from '@larder/domain/testing';
import { createDocumentRenderer } from '../src/index.js';
import { collect, epubCheck, killEpubCheckJvm, requireTools } from '../src/testing/index.js';
import { BRAND, CONTRACT_CHARACTERS, document, glyphRecipe, longRecipe } from './fixtures.js';
import { documentColours } from '../src/theme.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-epub-test-'));
const renderer = createDocumentRenderer();

async function epubFile(model: Parameters<typeof renderer.render>[0], name: string): Promise<string> {
  const file = join(directory, `${name}.epub`);
  writeFileSync(file, await collect(await renderer.render(model, { format: 'epub', pageSize: 'a4' })));
  return file;
}

const unzipText = (file: string): string => execFileSync('unzip', ['-p', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe('EPUB quality gates', () => {
  const recipes = [glyphRecipe(), recipeFixture({ title: 'Tom & Jerry’s <Best> "Pie"', notes: '5 < 6 & 7 > 3' }), longRecipe()];

  it('an ebook by a creator passes EPUBCheck with no error and no warning, holds every recipe, names its creator (dc:creator, title page, copyright page)', requireTools(['epubcheck']), async () => {
    const model = document('ebook', recipes, {}, { published_at: new Date('2026-01-15T00:00:00.000Z') }, BRAND);
    const file = await epubFile(model, 'ebook');
    const report = await epubCheck(file);
    assert.ok(report.ok, report.output);
    const text = unzipText(file);
    assert.match(text, /Tom &amp; Jerry’s &lt;Best&gt; &#34;Pie&#34;/, 'markup in a title is escaped');
    assert.doesNotMatch(text, /<Best>/);
    for (const character of CONTRACT_CHARACTERS) assert.ok(text.includes(character), `"${character}" is in the book`);
    for (const recipe of model.recipes) for (const ingredient of recipe.ingredients) assert.ok(text.includes(ingredient.replace(/&/g, '&amp;')), ingredient);
    const name = BRAND.name.replace(/&/g, '&amp;');
    // The library writes an ampersand as &#x26; in chapters and &amp; in the package document: both are one character.
    const book = text.replace(/&#x26;/g, '&amp;');
    assert.ok(book.includes(`<dc:creator id="creator">${name}</dc:creator>`), 'dc:creator');
    assert.ok(book.includes(`<p class="byline">by ${name}</p>`), 'the title page says by whom');
    assert.ok(book.includes(`© 2026 ${name}`), 'the copyright page');
    assert.ok(book.includes(`href="${(BRAND.website_url ?? '').replace(/&/g, '&amp;')}"`), 'the website, linked');
    const { accent, panel } = documentColours(BRAND.color);
    assert.ok(text.includes(`color: ${accent}`) && text.includes(`background-color: ${panel}`), 'accents in the creator’s colour');
  });

  it('a meal plan passes too, with its plan and shopping list chapters', requireTools(['epubcheck']), async () => {
    const file = await epubFile(document('meal_plan', recipes), 'meal-plan');
    const report = await epubCheck(file);
    assert.ok(report.ok, report.output);
    const text = unzipText(file);
    assert.match(text, /<table class="plan">/);
    assert.match(text, /Shopping list/);
  });

  it('a lead magnet names its source; the temporary files are gone once the book is read out', requireTools(['epubcheck']), async () => {
    // The renderer's working files go to a temporary folder of this test's own (os.tmpdir() reads TMPDIR on every
    // call): counted in the machine's, they would include those of renders in other processes running beside it.
    const own = mkdtempSync(join(tmpdir(), 'larder-epub-tmpdir-'));
    const given = process.env['TMPDIR'];
    process.env['TMPDIR'] = own;
    let file: string;
    try {
      const model = { ...document('lead_magnet', [glyphRecipe()]), title_page: { title: 'Free sampler', description: null, source_line: 'A free sample from “Big Book”', byline: null } };
      file = await epubFile(model, 'lead-magnet');
      assert.deepEqual(readdirSync(own), [], 'the temporary files are gone once the book is read out');
    } finally {
      if (given === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = given;
    }
    assert.ok((await epubCheck(file)).ok);
    assert.ok(unzipText(file).includes('A free sample from “Big Book”'));
  });

  it('EPUBCheck as these tests run it (one JVM for the process) refuses a broken book and a missing file, and passes a good one after them', requireTools(['epubcheck']), async () => {
    const broken = join(directory, 'broken.epub');
    writeFileSync(broken, 'PK not really a zip');
    const good = await epubFile(document('ebook', [glyphRecipe()]), 'good-after-broken');
    const [brokenReport, missingReport, goodReport] = await Promise.all([epubCheck(broken), epubCheck(join(directory, 'missing.epub')), epubCheck(good)]);
    assert.equal(brokenReport.ok, false, brokenReport.output);
    assert.match(brokenReport.output, /FATAL|ERROR/);
    assert.equal(missingReport.ok, false, missingReport.output);
    assert.match(missingReport.output, /missing\.epub/);
    assert.ok(goodReport.ok, goodReport.output);
  });

  it('EPUBCheck checks queued on a JVM that ends in the middle are still answered (by a JVM of their own)', { ...requireTools(['epubcheck']), timeout: 120_000 }, async () => {
    const good = await epubFile(document('ebook', [glyphRecipe()]), 'good-while-the-jvm-ends');
    const checks = [epubCheck(good), epubCheck(good), epubCheck(good)];
    // Ended as the first answer comes back: the second check is then on its way through the JVM, the third queued.
    void checks[0]?.then(() => killEpubCheckJvm());
    const [first, second, third] = await Promise.all(checks);
    assert.ok(first?.ok, first?.output);
    assert.equal(second?.ok, false, 'the check the JVM was on when it ended fails');
    assert.match(second?.output ?? '', /JVM ended \(SIGKILL\)/);
    assert.ok(third?.ok, third?.output);
    assert.ok((await epubCheck(good)).ok, 'and the next check starts a JVM again');
  });
});
