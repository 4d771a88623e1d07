import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { FileStore, PageSize, Photo, ProductDocument, Recipe } from '@larder/domain';
import { recipeFixture } from '@larder/domain/testing';
import { createDocumentRenderer } from '../src/index.js';
import { collect, epubCheck, pdfFonts, pdfImages, pdfText, qpdfCheck, requireTools } from '../src/testing/index.js';
import { document } from './fixtures.js';
import { memoryFiles, resolved, storedPhoto } from './photo-fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-images-test-'));
const renderer = createDocumentRenderer();

async function rendered(model: ProductDocument, format: 'pdf' | 'epub', pageSize: PageSize, name: string): Promise<{ file: string; size: number }> {
  const file = join(directory, `${name}.${format}`);
  const bytes = await collect(await renderer.render(model, { format, pageSize }));
  writeFileSync(file, bytes);
  return { file, size: bytes.byteLength };
}

const unzipList = (file: string): string => execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' });
const unzipEntry = (file: string, entry: string): string => execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8' });

describe('photos and the cover in documents', () => {
  const files: FileStore = memoryFiles();
  let recipes: Recipe[] = [];
  let cover: Photo;
  before(async () => {
    // A portrait phone photo, a landscape one, and a recipe without.
    const [tall, wide] = [await storedPhoto(files, 1800, 2400, 1), await storedPhoto(files, 3000, 2000, 2)];
    cover = await storedPhoto(files, 3000, 2250, 3);
    recipes = [
      recipeFixture({ title: 'Roast Tomato Soup', photo: wide }),
      recipeFixture({ title: 'Plain Rice Without a Picture' }),
      recipeFixture({ title: 'Lemon Tart', photo: tall }),
    ];
  });

  const withPhotos = async (type: ProductDocument['product_type'], pageSize: PageSize, withCover = true): Promise<ProductDocument> =>
    resolved(files, document(type, recipes, { page_size: pageSize }, withCover ? { cover } : {}));

  /** The page a recipe's title is printed on first, after `from`. */
  const pageOf = (file: string, title: string, from: number, pages: number): number => {
    for (let page = from; page <= pages; page += 1) if (pdfText(file, { first: page, last: page }).includes(title)) return page;
    return -1;
  };

  it('an ebook PDF has the cover on its first page and each photo on its recipe\'s page, at most 300 ppi, fonts embedded', requireTools(['qpdf', 'pdffonts', 'pdftotext', 'pdfimages']), async () => {
    const { file, size } = await rendered(await withPhotos('ebook', 'a4'), 'pdf', 'a4', 'ebook-photos');
    assert.ok(qpdfCheck(file).ok);
    assert.ok(pdfFonts(file).every((font) => font.embedded));
    const images = pdfImages(file);
    assert.equal(images.filter((image) => image.page === 1).length, 1, 'the cover on page 1');
    const pages = Math.max(...images.map((image) => image.page)) + 3;
    for (const recipe of recipes) {
      const page = pageOf(file, recipe.title, 3, pages);
      const onPage = images.filter((image) => image.page === page);
      assert.equal(onPage.length, recipe.photo === null ? 0 : 1, `${recipe.title} on page ${page}`);
    }
    assert.equal(images.length, 3);
    for (const image of images) {
      assert.equal(image.encoding, 'jpeg', 'embedded as JPEG');
      assert.ok(image.xPpi <= 301 && image.yPpi <= 301, `${image.width}×${image.height} at ${image.xPpi} ppi`);
    }
    // The 3000 px cover across an A4 text column would be about 480 ppi: it was scaled down.
    const coverImage = images.find((image) => image.page === 1);
    assert.ok(coverImage !== undefined && coverImage.width < 3000 && coverImage.xPpi >= 250, `cover ${coverImage?.width} px at ${coverImage?.xPpi} ppi`);
    const unpictured = recipes.map((recipe) => ({ ...recipe, photo: null }));
    const plain = await rendered({ ...document('ebook', unpictured, { page_size: 'a4' }), generated_cover: undefined }, 'pdf', 'a4', 'ebook-plain');
    assert.equal(pdfImages(plain.file).length, 0, 'the model without pictures draws none');
    const generated = await rendered(document('ebook', unpictured, { page_size: 'a4' }), 'pdf', 'a4', 'ebook-generated-cover');
    process.stdout.write(
      `# a4 ebook, 3 recipes: ${(plain.size / 1024).toFixed(0)} KiB without pictures, ${(generated.size / 1024).toFixed(0)} KiB with the generated cover, ${(size / 1024).toFixed(0)} KiB with an uploaded cover and 2 photos\n`,
    );
    assert.ok(size < 3 * 1024 * 1024, `${size} bytes`);
  });

  it('a meal plan has the cover first and its recipes\' photos; a card pack has each photo on its card, capped at 300 ppi', requireTools(['qpdf', 'pdftotext', 'pdfimages']), async () => {
    const plan = await rendered(await withPhotos('meal_plan', 'letter'), 'pdf', 'letter', 'plan-photos');
    assert.ok(qpdfCheck(plan.file).ok);
    const planImages = pdfImages(plan.file);
    assert.equal(planImages.filter((image) => image.page === 1).length, 1);
    assert.equal(planImages.length, 3);

    const cards = await rendered(await withPhotos('recipe_card_pack', '4x6', false), 'pdf', '4x6', 'cards-photos');
    assert.ok(qpdfCheck(cards.file).ok);
    const cardImages = pdfImages(cards.file);
    assert.deepEqual(cardImages.map((image) => image.page), [1, 3], 'the first and third cards have photos');
    // 1600 px in a column about 2 in wide would be 800 ppi and more.
    for (const image of cardImages) assert.ok(image.xPpi <= 301 && image.yPpi <= 301 && image.width <= 700, `${image.width} px at ${image.xPpi} ppi`);
    process.stdout.write(`# letter meal plan: ${(plan.size / 1024).toFixed(0)} KiB; 4x6 cards: ${(cards.size / 1024).toFixed(0)} KiB\n`);
  });

  it('without an uploaded cover, the generated one is on the first page (PDF) and is the cover image (EPUB); it follows the title', requireTools(['pdfimages', 'epubcheck']), async () => {
    const titled = (title: string): ProductDocument => {
      const model = document('ebook', recipes, { page_size: 'a5' });
      return { ...model, title_page: { ...model.title_page, title }, generated_cover: { title, subtitle: 'An ebook · 3 recipes', kind: 'ebook' } };
    };
    const first = await rendered(titled('Soups for Cold Evenings'), 'pdf', 'a5', 'generated-1');
    const images = pdfImages(first.file);
    const cover = images.find((image) => image.page === 1);
    assert.ok(cover !== undefined && cover.encoding === 'jpeg' && cover.xPpi <= 301, JSON.stringify(images));
    assert.ok(cover.width > cover.height, 'the listing image\'s 4:3 design');
    const renamed = await rendered(titled('Stews for Cold Evenings'), 'pdf', 'a5', 'generated-2');
    const coverBytes = (file: string) => execFileSync('pdfimages', ['-f', '1', '-l', '1', '-j', file, join(directory, 'x')]) && readFileSync(join(directory, 'x-000.jpg'));
    const [a, b] = [coverBytes(first.file), coverBytes(renamed.file)];
    assert.ok(!a.equals(b), 'a new title draws a new cover');
    const epub = await rendered(titled('Soups for Cold Evenings'), 'epub', 'a5', 'generated');
    const report = await epubCheck(epub.file);
    assert.ok(report.ok, report.output);
    assert.match(unzipEntry(epub.file, 'OEBPS/content.opf'), /href="cover\.jpg" media-type="image\/jpeg" properties="cover-image"/);
  });

  it('an image whose bytes were not read is left out, not fetched', requireTools(['pdfimages']), async () => {
    const model = document('ebook', recipes, {}, { cover });
    assert.ok(model.cover !== undefined && model.recipes[0]?.photo !== undefined, 'the model names them');
    const { file } = await rendered(model, 'pdf', 'a4', 'ebook-unresolved');
    assert.equal(pdfImages(file).length, 0);
  });

  it('an EPUB carries the cover as its cover image and each photo in its chapter, passes EPUBCheck, and is the same twice', requireTools(['epubcheck']), async () => {
    const model = await withPhotos('ebook', 'a4');
    const { file, size } = await rendered(model, 'epub', 'a4', 'ebook-photos');
    const report = await epubCheck(file);
    assert.ok(report.ok, report.output);
    const entries = unzipList(file);
    assert.match(entries, /OEBPS\/cover\.xhtml/);
    assert.match(entries, /OEBPS\/images\/photo-recipe-1\.jpg/);
    assert.match(entries, /OEBPS\/images\/photo-recipe-3\.jpg/);
    assert.doesNotMatch(entries, /photo-recipe-2/);
    const opf = unzipEntry(file, 'OEBPS/content.opf');
    assert.match(opf, /href="cover\.jpg" media-type="image\/jpeg" properties="cover-image"/);
    assert.match(unzipEntry(file, 'OEBPS/recipe-1.xhtml'), /<img src="images\/photo-recipe-1\.jpg" alt="Roast Tomato Soup"/);
    const again = await rendered(model, 'epub', 'a4', 'ebook-photos-again');
    assert.ok(readFileSync(again.file).equals(readFileSync(file)), 'one document, one file: image names come from the document');
    process.stdout.write(`# EPUB with a cover and 2 photos: ${(size / 1024).toFixed(0)} KiB\n`);
  });
});
