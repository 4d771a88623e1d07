import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errAsync, okAsync } from 'neverthrow';
import { importRecipeFromUrl, type FetchedRecipePage, type ImageProcessor, type RecipePageSource, type UrlImportDeps } from '../../src/index.js';
import { InMemoryFileStore } from '../../src/testing/index.js';
import { makeDeps } from '../deps.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

/** Accepts any JPEG-looking bytes as a 100 × 80 picture. */
const images: ImageProcessor = {
  probe: () => okAsync({ format: 'jpeg', width: 100, height: 80 }),
  renditions: (bytes, widths) => okAsync(widths.flatMap((width) => [{ bytes, format: 'jpeg' as const, width, height: 80 }, { bytes, format: 'webp' as const, width, height: 80 }])),
  framed: (bytes) => okAsync(bytes),
};

/** Pages by URL; an image URL answers the bytes in `pictures`, anything else fails as a 404 would. */
function pages(recipes: Record<string, Record<string, unknown> | null>, pictures: Record<string, Uint8Array> = {}): RecipePageSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    page(url) {
      asked.push(url);
      if (!(url in recipes)) return errAsync({ type: 'FetchFailed', detail: 'the server answered HTTP status 404' });
      const page: FetchedRecipePage = { url, recipe: recipes[url] ?? null };
      return okAsync(page);
    },
    image(url) {
      const bytes = pictures[url];
      return bytes === undefined ? errAsync({ type: 'FetchFailed', detail: 'the server answered HTTP status 404' }) : okAsync(bytes);
    },
  };
}

const SOUP = { '@type': 'Recipe', name: 'Soup', recipeIngredient: ['1 l stock'], image: 'https://kitchen.example/soup.jpg', identifier: 'site-17' };

function deps(source: RecipePageSource): UrlImportDeps {
  const { recipes, clock, ids } = makeDeps();
  return { recipes, clock, ids, images, files: new InMemoryFileStore(), pages: source };
}

describe('importRecipeFromUrl', () => {
  it('creates the recipe with source_url as given and its photo; a second import updates it, unchanged when the page is', async () => {
    const source = pages({ 'https://kitchen.example/soup': SOUP }, { 'https://kitchen.example/soup.jpg': JPEG });
    const run = importRecipeFromUrl(deps(source));
    const first = (await run({ url: 'HTTPS://Kitchen.example/soup' }))._unsafeUnwrap();
    assert.equal(first.created, true);
    assert.equal(first.recipe.source_url, 'https://kitchen.example/soup');
    assert.equal(first.recipe.external_id, null, 'the page identifier is not our key');
    assert.equal(first.recipe.version, 1, 'created with its photo in one write');
    assert.notEqual(first.recipe.photo, null);
    const second = (await run({ url: 'https://kitchen.example/soup' }))._unsafeUnwrap();
    assert.equal(second.created, false);
    assert.equal(second.recipe.id, first.recipe.id);
    assert.equal(second.recipe.version, 1);
    const drafted = (await run({ url: 'https://kitchen.example/soup', status: 'draft' }))._unsafeUnwrap();
    assert.equal(drafted.recipe.status, 'draft');
    assert.equal(drafted.recipe.version, 2);
  });

  it('writes the recipe without a photo when the image fails, and says so', async () => {
    const rejecting: ImageProcessor = { ...images, probe: () => errAsync({ type: 'ImageUnsupported', detail: 'the bytes are not an image' }) };
    const source = pages({ 'https://kitchen.example/soup': SOUP }, { 'https://kitchen.example/soup.jpg': JPEG });
    const refused = (await importRecipeFromUrl({ ...deps(source), images: rejecting })({ url: 'https://kitchen.example/soup' }))._unsafeUnwrap();
    assert.deepEqual(refused.warnings, ['the photo was not imported (https://kitchen.example/soup.jpg): the bytes are not an image']);
    const result = (await importRecipeFromUrl(deps(pages({ 'https://kitchen.example/soup': SOUP })))({ url: 'https://kitchen.example/soup' }))._unsafeUnwrap();
    assert.equal(result.recipe.photo, null);
    assert.deepEqual(result.warnings, ['the photo was not imported (https://kitchen.example/soup.jpg): the server answered HTTP status 404']);
  });

  it('fails with NoRecipeFound (no recipe, or one without a name), FetchFailed, or a ValidationFailed URL', async () => {
    const source = pages({ 'https://a.example/none': null, 'https://a.example/empty': { '@type': 'Recipe', recipeIngredient: ['1 egg'] } });
    const run = importRecipeFromUrl(deps(source));
    assert.equal((await run({ url: 'https://a.example/none' }))._unsafeUnwrapErr().type, 'NoRecipeFound');
    const empty = (await run({ url: 'https://a.example/empty' }))._unsafeUnwrapErr();
    assert.equal(empty.type, 'NoRecipeFound');
    assert.deepEqual((await run({ url: 'https://a.example/gone' }))._unsafeUnwrapErr(), { type: 'FetchFailed', detail: 'the server answered HTTP status 404' });
    assert.equal((await run({ url: 'file:///etc/passwd' }))._unsafeUnwrapErr().type, 'ValidationFailed');
    assert.equal((await run({ url: 'not a url' }))._unsafeUnwrapErr().type, 'ValidationFailed');
    assert.deepEqual(source.asked, ['https://a.example/none', 'https://a.example/empty', 'https://a.example/gone'], 'bad URLs are never fetched');
  });
});
