/**
 * The generated covers of a list: one found not stored is not looked up again for a while (it is being drawn), so a
 * page of new products is not a file-store look-up per product at every request.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generatedCovers, MEDIA_TYPES, mediaKeyOfUrl, wantedRenditions, type CoverArtist, type FileStore } from '../../src/index.js';
import { InMemoryFileStore, InMemoryRecipeRepository, productFixture } from '../../src/testing/index.js';

const drawing = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]), contentType: 'image/jpeg' as const, width: 1200, height: 900 };
const artist: CoverArtist = {
  size: { width: 1200, height: 900 },
  generatedCover: () => Promise.resolve(drawing),
  listingCover: (_request, widths, options) =>
    Promise.resolve({
      ...drawing,
      renditions: wantedRenditions(widths, options).map(({ width, format }) => ({ bytes: new Uint8Array([width % 256]), format, width, height: (width * 3) / 4 })),
    }),
};

describe('a generated cover drawn and stored', () => {
  it('asks the artist for every rendition but the largest JPEG, which is the drawing itself, and stores them all', async () => {
    const asked: { widths: readonly number[]; except: readonly { format: string; width: number }[] }[] = [];
    const recording: CoverArtist = {
      ...artist,
      listingCover: (request, widths, options) => {
        asked.push({ widths, except: options?.except ?? [] });
        return artist.listingCover(request, widths, options);
      },
    };
    const files = new InMemoryFileStore();
    const photo = (await generatedCovers({ covers: recording, files, recipes: new InMemoryRecipeRepository() }).coverOf(productFixture({ title: 'Soups' })))._unsafeUnwrap();
    assert.deepEqual(asked, [{ widths: [320, 800, 1200], except: [{ format: 'jpeg', width: 1200 }] }]);
    const stored = await Promise.all([photo.url, ...photo.variants.map((variant) => variant.url)].map((url) => files.head(mediaKeyOfUrl(url) ?? '')));
    assert.deepEqual(stored.map((found) => found._unsafeUnwrap()?.contentType), ['image/jpeg', ...photo.variants.map((variant) => MEDIA_TYPES[variant.format])]);
    assert.deepEqual(
      (await Promise.all(photo.variants.map(async (variant) => (await files.head(mediaKeyOfUrl(variant.url) ?? ''))._unsafeUnwrap()?.size))),
      photo.variants.map((variant) => (variant.format === 'jpeg' && variant.width === 1200 ? 6 : 1)),
      'each rendition stored under its own variant, the largest JPEG being the drawing itself',
    );
  });
});

describe('generated covers in a list', () => {
  it('a list does not look a cover up again within 10 s of finding it not stored, and this process forgets that once it drew it', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
    const files = new InMemoryFileStore();
    let heads = 0;
    const counting: FileStore = {
      put: (key, body, info) => files.put(key, body, info),
      get: (key) => files.get(key),
      delete: (key) => files.delete(key),
      list: (prefix) => files.list(prefix),
      head: (key) => {
        heads += 1;
        return files.head(key);
      },
    };
    // Drawn by another process: this one's own drawing never finishes (it stays queued), it only looks.
    const stuck: CoverArtist = { ...artist, listingCover: () => new Promise<never>(() => undefined) };
    const lists = generatedCovers({ covers: stuck, files: counting, recipes: new InMemoryRecipeRepository() });
    const product = productFixture({ title: 'Drawn elsewhere later' });
    assert.equal(((await lists.storedCovers([product]))._unsafeUnwrap()).has(product.id), false);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the background drawing it queued starts (and waits)
    heads = 0;
    assert.equal(((await lists.storedCovers([product]))._unsafeUnwrap()).has(product.id), false);
    assert.equal(heads, 0, 'not looked up again at once');
    (await generatedCovers({ covers: artist, files, recipes: new InMemoryRecipeRepository() }).coverOf(product))._unsafeUnwrap();
    t.mock.timers.tick(10_001);
    assert.equal(((await lists.storedCovers([product]))._unsafeUnwrap()).has(product.id), true, 'seen after 10 s');
    assert.equal(heads, 1);
  });
});
