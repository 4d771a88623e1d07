/**
 * The domain's `RecipePageSource` over the guarded fetch: a page is HTML only, up to 5 MiB; an image is one of the
 * photo pipeline's types, up to 20 MiB (the upload limit); both with the fetch's 10 s deadline, redirect cap and
 * address checks. The page's text is decoded with the charset its `Content-Type` names, else the one its `<meta>`
 * declares, else UTF-8.
 */
import { errAsync, ResultAsync } from 'neverthrow';
import { MAX_PHOTO_BYTES, type FetchFailed, type FetchedRecipePage, type RecipePageSource } from '@larder/domain';
import type { FetchExpectation, GuardedFetch } from '../guarded-fetch.js';
import { extractRecipe } from './recipe-page-extractor.js';

export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

const PAGE: FetchExpectation = { maxBytes: MAX_PAGE_BYTES, accept: ['text/html', 'application/xhtml+xml'], acceptName: 'HTML' };
const IMAGE: FetchExpectation = { maxBytes: MAX_PHOTO_BYTES, accept: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'], acceptName: 'a JPEG, PNG, WebP or AVIF image' };

/**
 * The encoding a page declares in its first 1024 bytes (`<meta charset>` or `http-equiv` Content-Type), as the HTML
 * standard's prescan looks for it: a byte scan for one attribute, not a parse of the markup.
 */
function declaredCharset(body: Buffer): string | null {
  const head = body.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

function decode(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? declaredCharset(body) ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const failed = (detail: string): FetchFailed => ({ type: 'FetchFailed', detail });

export function httpRecipePageSource(fetch: GuardedFetch): RecipePageSource {
  return {
    page(url) {
      return ResultAsync.fromSafePromise(fetch(url, PAGE)).andThen((outcome) => {
        if (!outcome.ok) return errAsync(failed(outcome.reason));
        const recipe = extractRecipe(decode(outcome.body, outcome.charset));
        // Relative image URLs are read against the page (the mapping resolves them against the node's `url`).
        const page: FetchedRecipePage = { url: outcome.url, recipe: recipe === null ? null : { url: outcome.url, ...recipe } };
        return ResultAsync.fromSafePromise(Promise.resolve(page));
      });
    },
    image(url) {
      return ResultAsync.fromSafePromise(fetch(url, IMAGE)).andThen((outcome) =>
        outcome.ok ? ResultAsync.fromSafePromise(Promise.resolve(new Uint8Array(outcome.body))) : errAsync(failed(outcome.reason)),
      );
    },
  };
}
