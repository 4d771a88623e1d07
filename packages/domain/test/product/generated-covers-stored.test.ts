/**
 * The generated covers of a list: looked up in the file store until seen stored, then remembered (a cover's files never
 * change under its key and are never deleted), so a page of products is not a look-up per product every time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { okAsync } from 'neverthrow';
import { generatedCovers, PHOTO_FORMATS, type CoverArtist, type FileStore, type ImageProcessor } from '../../src/index.js';
import { InMemoryFileStore, InMemoryRecipeRepository, productFixture } from '../../src/testing/index.js';

const artist: CoverArtist = {
  size: { width: 1200, height: 900 },
  generatedCover: () => Promise.resolve({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]), contentType: 'image/jpeg', width: 1200, height: 900 }),
};
const images: ImageProcessor = {
  probe: () => okAsync({ format: 'jpeg', width: 1200, height: 900 }),
  renditions: (_bytes, widths) => okAsync(widths.flatMap((width) => PHOTO_FORMATS.map((format) => ({ bytes: new Uint8Array([width % 256]), format, width, height: (width * 3) / 4 })))),
};

describe('generated covers in a list', () => {
  it('looks a stored cover up once, then remembers it; one not stored yet is looked up again', async () => {
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
    const covers = generatedCovers({ covers: artist, images, files: counting, recipes: new InMemoryRecipeRepository() });
    const [drawn, waiting] = [productFixture({ title: 'Drawn' }), productFixture({ title: 'Not drawn yet' })];
    (await covers.coverOf(drawn))._unsafeUnwrap();
    heads = 0;
    const drawnOnly = async () => (await covers.storedCovers([drawn]))._unsafeUnwrap();
    assert.equal((await drawnOnly()).has(drawn.id), true);
    assert.equal((await drawnOnly()).has(drawn.id), true);
    assert.equal(heads, 0, 'a cover this process stored is known without a look-up');

    // Stored by another process: looked up once, then known.
    const elsewhere = generatedCovers({ covers: artist, images, files: counting, recipes: new InMemoryRecipeRepository() });
    heads = 0;
    for (let round = 0; round < 3; round += 1) assert.equal(((await elsewhere.storedCovers([drawn]))._unsafeUnwrap()).has(drawn.id), true);
    assert.equal(heads, 1);
    heads = 0;
    const missing = (await elsewhere.storedCovers([waiting]))._unsafeUnwrap();
    assert.equal(missing.has(waiting.id), false);
    assert.ok(heads >= 1, 'a cover not stored is looked up (and queued for drawing in the background)');
  });

  it('a list does not look a cover up again within 10 s of finding it not stored, unless this process drew it since', async (t) => {
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
    const stuck: CoverArtist = { ...artist, generatedCover: () => new Promise<never>(() => undefined) };
    const lists = generatedCovers({ covers: stuck, images, files: counting, recipes: new InMemoryRecipeRepository() });
    const product = productFixture({ title: 'Drawn elsewhere later' });
    assert.equal(((await lists.storedCovers([product]))._unsafeUnwrap()).has(product.id), false);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the background drawing it queued starts (and waits)
    heads = 0;
    assert.equal(((await lists.storedCovers([product]))._unsafeUnwrap()).has(product.id), false);
    assert.equal(heads, 0, 'not looked up again at once');
    (await generatedCovers({ covers: artist, images, files, recipes: new InMemoryRecipeRepository() }).coverOf(product))._unsafeUnwrap();
    t.mock.timers.tick(10_001);
    assert.equal(((await lists.storedCovers([product]))._unsafeUnwrap()).has(product.id), true, 'seen after 10 s');
    assert.equal(heads, 1);
  });
});
