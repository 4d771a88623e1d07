import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { httpRecipePageSource, type FetchOutcome, type GuardedFetch } from '../src/index.js';

const serving = (outcome: FetchOutcome): GuardedFetch => async () => outcome;
const page = (html: string, charset: string | null, encoding: BufferEncoding = 'utf8'): FetchOutcome => ({
  ok: true,
  url: 'https://kitchen.example/crepes',
  contentType: 'text/html',
  charset,
  body: Buffer.from(html, encoding),
});
const recipeHtml = (head = '') =>
  `<html><head>${head}<script type="application/ld+json">{"@type":"Recipe","name":"Crêpes","recipeIngredient":["2 œufs"],"image":"crepes.jpg"}</script></head></html>`;

describe('the recipe page source', () => {
  it('reads the page in the charset of its header, else of its meta, else UTF-8; the page address is the base of relative links', async () => {
    for (const [outcome, what] of [
      [page(recipeHtml(), 'utf-8'), 'header'],
      [page(recipeHtml('<meta charset="windows-1252">').replace('œ', 'oe'), null, 'latin1'), 'meta'],
      [page(recipeHtml(), null), 'default'],
    ] as const) {
      const result = (await httpRecipePageSource(serving(outcome)).page('https://kitchen.example/crepes'))._unsafeUnwrap();
      assert.equal(result.recipe?.['name'], 'Crêpes', what);
      assert.equal(result.recipe?.['url'], 'https://kitchen.example/crepes');
    }
  });

  it('passes a fetch failure on as FetchFailed, and a page without a recipe as a page with none', async () => {
    const failed = await httpRecipePageSource(serving({ ok: false, reason: 'timeout after 10 s' })).page('https://kitchen.example/');
    assert.deepEqual(failed._unsafeUnwrapErr(), { type: 'FetchFailed', detail: 'timeout after 10 s' });
    const none = await httpRecipePageSource(serving(page('<p>hello</p>', null))).page('https://kitchen.example/');
    assert.equal(none._unsafeUnwrap().recipe, null);
  });
});
