/** What a generated cover shows and where it is kept: pure rules the API, listings and documents share. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildProductDocument, coverIdentity, coverRequestOf, generatedCoverPhoto, mediaKeyOfUrl, type Photo } from '../../src/index.js';
import { productFixture, recipeFixture } from '../../src/testing/index.js';

/** An upload's renditions, JPEG and WebP, named with `tag` so that a chosen key says which photo it came from. */
const photo = (tag: number): Photo => {
  const name = (width: number, ext: string) => `/media/${String(tag % 10).repeat(60)}${String(width).padStart(4, '0')}.${ext}`;
  const variants = [320, 800, 1600, 3000].flatMap((width) => [
    { url: name(width, 'webp'), width, height: (width * 3) / 4, format: 'webp' as const },
    { url: name(width, 'jpg'), width, height: (width * 3) / 4, format: 'jpeg' as const },
  ]);
  return { url: name(3000, 'jpg'), width: 3000, height: 2250, variants };
};

describe('generated cover rules', () => {
  const recipes = Array.from({ length: 14 }, (_, index) => recipeFixture({ id: `r${index}`, photo: index % 2 === 0 ? photo(index) : null }));
  const product = productFixture({ type: 'ebook', title: 'Soups', recipe_ids: recipes.map((recipe) => recipe.id) });

  it('shows the 1600 px JPEGs of the first four recipes with photos, in the product’s order, from its first twelve recipes', () => {
    const request = coverRequestOf(product, [...recipes].reverse());
    assert.equal(request.title, 'Soups');
    assert.equal(request.subtitle, 'An ebook · 14 recipes');
    assert.deepEqual(request.photos?.map((image) => [image.key, image.width]), [0, 2, 4, 6].map((tag) => [mediaKeyOfUrl(photo(tag).variants[5]?.url ?? ''), 1600]));
    const plain = Array.from({ length: 12 }, (_, index) => recipeFixture({ id: `plain${index}` }));
    const late = productFixture({ ...product, recipe_ids: [...plain, ...recipes].map((recipe) => recipe.id) });
    assert.deepEqual(coverRequestOf(late, [...plain, ...recipes]).photos, [], 'a photo after the twelfth recipe is not looked for');
    const unpictured = productFixture({ ...product, recipe_ids: recipes.filter((recipe) => recipe.photo === null).map((recipe) => recipe.id) });
    assert.deepEqual(coverRequestOf(unpictured, recipes).photos, [], 'no photos: the typography alone');
  });

  it('its identity, and so its files, change with the title, the recipe count and the photos, and with nothing else', () => {
    const base = coverIdentity(coverRequestOf(product, recipes));
    assert.equal(coverIdentity(coverRequestOf({ ...product, description: 'New words', version: 9 }, recipes)), base);
    assert.notEqual(coverIdentity(coverRequestOf({ ...product, title: 'Stews' }, recipes)), base);
    assert.notEqual(coverIdentity(coverRequestOf({ ...product, recipe_ids: product.recipe_ids.slice(0, 13) }, recipes)), base);
    const rephotographed = recipes.map((recipe) => (recipe.id === 'r2' ? { ...recipe, photo: photo(8) } : recipe));
    assert.notEqual(coverIdentity(coverRequestOf(product, rephotographed)), base);
  });

  it('its files are named like an upload’s renditions: every width and format, the largest JPEG as `url`', () => {
    const identity = coverIdentity(coverRequestOf(product, recipes));
    const cover = generatedCoverPhoto(identity, { width: 3000, height: 2250 });
    assert.deepEqual(cover.variants.map((variant) => `${variant.width}x${variant.height}${variant.format}`), [
      '320x240webp', '320x240jpeg', '800x600webp', '800x600jpeg', '1600x1200webp', '1600x1200jpeg', '3000x2250webp', '3000x2250jpeg',
    ]);
    assert.equal(cover.url, cover.variants.at(-1)?.url);
    assert.ok(cover.variants.every((variant) => mediaKeyOfUrl(variant.url) !== null), 'served by GET /media/{file}');
    assert.equal(new Set(cover.variants.map((variant) => variant.url)).size, 8);
    assert.deepEqual(generatedCoverPhoto(identity, { width: 3000, height: 2250 }), cover, 'found again without drawing');
  });

  it('a document without an uploaded cover draws the same request: the same photos as the listing image', () => {
    const document = buildProductDocument({ product, recipes, sourceProduct: null, shoppingList: [], options: { format: 'pdf', page_size: 'a4', units: 'original' } });
    assert.deepEqual(document.generated_cover, coverRequestOf(product, recipes));
  });
});
