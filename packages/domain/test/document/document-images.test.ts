import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildProductDocument, documentContentKey, printImage, recipeWithPhoto, withImageBytes, type DocumentOptions, type Photo } from '../../src/index.js';
import { InMemoryFileStore, productFixture, recipeFixture } from '../../src/testing/index.js';

const PDF_A4: DocumentOptions = { format: 'pdf', page_size: 'a4', units: 'original' };
const hex = (digit: string): string => digit.repeat(64);

/** A 3000 × 2000 upload as the pipeline describes it: WebP and JPEG at 320, 800, 1600 and 3000. */
const photo = (digit: string): Photo => {
  const variants = [320, 800, 1600, 3000].flatMap((width, index) => [
    { url: `/media/${hex(String(index)).slice(1)}${digit}.webp`, width, height: (width * 2) / 3, format: 'webp' as const },
    { url: `/media/${hex(String(index)).slice(1)}${digit}.jpg`, width, height: (width * 2) / 3, format: 'jpeg' as const },
  ]);
  return { url: `/media/${hex('3').slice(1)}${digit}.jpg`, width: 3000, height: 2000, variants };
};

describe('pictures in the document model', () => {
  it('a recipe\'s photo is its 1600 px JPEG, the cover its largest; recipes without one have no photo field', () => {
    const soup = recipeFixture({ id: 'r-soup', photo: photo('a') });
    const rice = recipeFixture({ id: 'r-rice' });
    const product = productFixture({ type: 'ebook', recipe_ids: ['r-soup', 'r-rice'], cover: photo('b') });
    const model = buildProductDocument({ product, recipes: [soup, rice], sourceProduct: null, shoppingList: [], options: PDF_A4 });
    assert.deepEqual(model.recipes[0]?.photo, { key: `media/${hex('2').slice(1)}a.jpg`, width: 1600, height: 1600 * 2 / 3 });
    assert.equal('photo' in (model.recipes[1] ?? {}), false);
    assert.deepEqual(model.cover, { key: `media/${hex('3').slice(1)}b.jpg`, width: 3000, height: 2000 });
    assert.equal('generated_cover' in model, false, 'an uploaded cover replaces the generated one');
    const uncovered = buildProductDocument({ product: { ...product, cover: null, title: 'Soups' }, recipes: [], sourceProduct: null, shoppingList: [], options: PDF_A4 });
    assert.equal('cover' in uncovered, false);
    assert.equal(uncovered.generated_cover?.title, 'Soups');
    const cards = buildProductDocument({ product: { ...product, type: 'recipe_card_pack', cover: null }, recipes: [], sourceProduct: null, shoppingList: [], options: { ...PDF_A4, page_size: '4x6' } });
    assert.equal('generated_cover' in cards, false, 'a card pack has no first page of its own');
  });

  it('a small photo gives its largest JPEG; a url the service did not make gives none', () => {
    const small: Photo = { url: `/media/${hex('c')}.jpg`, width: 500, height: 400, variants: [{ url: `/media/${hex('c')}.jpg`, width: 500, height: 400, format: 'jpeg' }] };
    assert.deepEqual(printImage(small, 1600), { key: `media/${hex('c')}.jpg`, width: 500, height: 400 });
    assert.equal(printImage({ ...small, variants: [{ ...small.variants[0]!, url: 'https://example.com/x.jpg' }] }, 1600), null);
  });

  it('setting a photo changes the stored document\'s content key (the recipe\'s version grows)', () => {
    const soup = recipeFixture({ id: 'r-soup' });
    const product = productFixture({ type: 'ebook', recipe_ids: ['r-soup'] });
    const before = documentContentKey({ product, recipes: [soup], sourceProduct: null });
    const after = documentContentKey({ product, recipes: [recipeWithPhoto(soup, photo('a'), new Date())], sourceProduct: null });
    assert.notEqual(after, before);
  });

  it('the bytes are read from the file store before rendering; a picture that cannot be read is reported', async () => {
    const files = new InMemoryFileStore();
    await files.put(`media/${hex('2').slice(1)}a.jpg`, new Uint8Array([0xff, 0xd8, 0xff, 1]), { contentType: 'image/jpeg' });
    const product = productFixture({ type: 'ebook', recipe_ids: ['r-soup'], cover: photo('b') });
    const model = buildProductDocument({ product, recipes: [recipeFixture({ id: 'r-soup', photo: photo('a') })], sourceProduct: null, shoppingList: [], options: PDF_A4 });
    const { document, missing } = await withImageBytes(files, model);
    assert.deepEqual([...(document.recipes[0]?.photo?.bytes ?? [])], [0xff, 0xd8, 0xff, 1]);
    assert.equal(document.cover, undefined, 'the cover was not stored: left out');
    assert.deepEqual(missing, [`media/${hex('3').slice(1)}b.jpg`]);
  });
});
