/**
 * A document's generated cover taken from storage, and its recipes through the search index: with `IndexedRecipeRepository` as its store, `documentFiles` reads
 * a product's recipes from the index when the change feed has applied the change mark it read first (a 500-recipe
 * book is then no 500 queries), and from the database when a write since has moved the mark.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { okAsync } from 'neverthrow';
import { coverIdentity, coverRequestOf, documentFiles, generatedCoverPhoto, IndexedRecipeRepository, InMemoryRecipeSearchIndex, mediaKeyOfUrl, readAll, type ProductDocument, type RenderQueue } from '../../src/index.js';
import { InMemoryFileStore, InMemoryProductRepository, InMemoryRecipeRepository, productFixture, recipeFixture } from '../../src/testing/index.js';

/** An in-memory store that counts the ids it is asked for by `findByIds`. */
class Counting extends InMemoryRecipeRepository {
  asked = 0;
  override findByIds(ids: readonly string[]) {
    this.asked += ids.length;
    return super.findByIds(ids);
  }
}

/** A "render" that writes the recipes' titles, so that a test reads what the document held. */
const titlesQueue: RenderQueue = {
  revision: 'titles',
  render: (document: ProductDocument) => okAsync(new TextEncoder().encode(document.recipes.map((recipe) => recipe.title).join('\n'))),
};

describe('documentFiles over the search index', () => {
  it('reads the recipes from the index when the feed has applied the mark, from the store after a write it has not', async () => {
    const store = new Counting();
    const index = new InMemoryRecipeSearchIndex();
    const recipes = new IndexedRecipeRepository(store, index);
    const all = Array.from({ length: 120 }, (_, at) => recipeFixture({ title: `Recipe ${String(at).padStart(3, '0')}` }));
    for (const recipe of all) await recipes.insert(recipe);
    recipes.markReady();
    recipes.sawMark((await store.changeMark())._unsafeUnwrap());
    const products = new InMemoryProductRepository();
    const ebook = productFixture({ recipe_ids: all.map((recipe) => recipe.id) });
    await products.insert(ebook);
    const files = documentFiles({ products, recipes, rendering: titlesQueue, files: new InMemoryFileStore() });
    const text = async (): Promise<string> => {
      const located = (await files.locate({ id: ebook.id, format: 'pdf' }))._unsafeUnwrap();
      return new TextDecoder().decode(await readAll((await files.open(located))._unsafeUnwrap().body));
    };

    store.asked = 0;
    const first = await text();
    assert.equal(first.split('\n').length, 120);
    assert.equal(first.split('\n')[0], 'Recipe 000');
    assert.equal(store.asked, 0, 'the 120 recipes came from the index');

    // Another process renames the first recipe: the mark moves past what the feed has applied.
    const [soup] = all;
    assert.ok(soup !== undefined);
    await store.update({ ...soup, title: 'Renamed elsewhere', version: soup.version + 1 }, soup.version);
    const second = await text();
    assert.equal(second.split('\n')[0], 'Renamed elsewhere', 'a write the feed has not applied is read from the store');
    assert.equal(store.asked, 120);
  });
});

describe('documentFiles and a stored generated cover', () => {
  const size = { width: 3000, height: 2250 };

  async function ebookWithCover(stored: boolean) {
    const recipes = new InMemoryRecipeRepository();
    const soup = recipeFixture({ title: 'Soup' });
    await recipes.insert(soup);
    const products = new InMemoryProductRepository();
    const ebook = productFixture({ recipe_ids: [soup.id], cover: null });
    await products.insert(ebook);
    const files = new InMemoryFileStore();
    // The listing image's renditions, as `generatedCovers` stores them: each JPEG's bytes name its width.
    const photo = generatedCoverPhoto(coverIdentity(coverRequestOf(ebook, [soup])), size);
    const jpegs = photo.variants.filter((variant) => variant.format === 'jpeg');
    assert.deepEqual(jpegs.map((variant) => variant.width), [320, 800, 1600, 3000]);
    if (stored) for (const variant of jpegs) await files.put(mediaKeyOfUrl(variant.url) ?? '', new TextEncoder().encode(`jpeg ${variant.width}`), { contentType: 'image/jpeg' });
    const seen: ProductDocument[] = [];
    const rendering: RenderQueue = {
      revision: 'seen',
      coverWidth: () => 1348,
      render: (document) => {
        seen.push(document);
        return okAsync(new Uint8Array([1]));
      },
    };
    const render = async (coverSize: typeof size | undefined) => {
      const documents = documentFiles({ products, recipes, rendering, files, ...(coverSize === undefined ? {} : { coverSize }) });
      const located = (await documents.locate({ id: ebook.id, format: 'pdf', page_size: coverSize === undefined ? 'a5' : 'a4' }))._unsafeUnwrap();
      (await documents.open(located))._unsafeUnwrap();
      return seen.at(-1);
    };
    return { render };
  }

  it('prints the narrowest stored rendition at least as wide as the renderer prints it, drawing nothing', async () => {
    const { render } = await ebookWithCover(true);
    const document = await render(size);
    assert.equal(document?.generated_cover, undefined, 'nothing left to draw');
    assert.deepEqual([document?.cover?.width, new TextDecoder().decode(document?.cover?.bytes)], [1600, 'jpeg 1600']);
  });

  it('leaves the cover to be drawn when it is not stored, or when the cover size is not known', async () => {
    const notStored = await (await ebookWithCover(false)).render(size);
    assert.equal(notStored?.cover, undefined);
    assert.equal(notStored?.generated_cover?.title !== undefined, true);
    const unknownSize = await (await ebookWithCover(true)).render(undefined);
    assert.equal(unknownSize?.cover, undefined);
    assert.notEqual(unknownSize?.generated_cover, undefined);
  });
});
