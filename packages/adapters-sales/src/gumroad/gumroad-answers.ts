/**
 * What a Gumroad answer means, in one place. Gumroad's habits (antiwork/gumroad `app/controllers/api/v2/base_controller.rb`,
 * `spec/shared_examples/authorized_oauth_v1_api_method.rb`, `config/initializers/rack_attack.rb`):
 * - a refusal is HTTP 200 with `{ success: false, message }`, a missing product, sale or resource subscription included
 *   ("The product was not found.", "The sale was not found.");
 *   a success says `success: true`, except the direct-upload blob, which says nothing;
 * - a bad request to the upload endpoints is HTTP 400 with `{ status: 400, error }`;
 * - a missing, revoked or wrong token is HTTP 401 with an empty body (Doorkeeper), a token without the scope 403;
 * - too many requests is HTTP 429 with `Retry-After` (Rack::Attack); an unrouted path is an HTML 404 page.
 */
import type { ChannelFailure, ChannelRejected, ChannelUnavailable } from '@larder/domain';
import { platformWords, rateLimited, retryAfterMs, type PlatformAnswer } from '../shared/platform-http.js';

/** The words `error_with_object` uses when the thing asked for is not (or no longer) there. */
const NOT_FOUND_WORDS = /^The (product|cover|thumbnail|file|sale|resource_subscription) was not found\.?$/i;

export type JsonObject = Readonly<Record<string, unknown>>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const rejected = (code: ChannelRejected['code'], message: string): ChannelRejected => ({ type: 'ChannelRejected', code, message });

/** An answer whose shape is not Gumroad's: a proxy page, a truncated body. The remote side may have acted. */
export const unexpected = (what: string): ChannelUnavailable => ({ type: 'ChannelUnavailable', message: `Gumroad's answer ${what}` });

/** Gumroad's own words in a refusal: `message` (API), `error` (upload endpoints), or the text of the body. */
function gumroadWords(answer: PlatformAnswer): string {
  if (isObject(answer.json)) {
    for (const key of ['message', 'error'] as const) {
      const words = answer.json[key];
      if (typeof words === 'string' && words.trim() !== '') return platformWords(words);
    }
  }
  return /^\s*</.test(answer.text) ? '' : platformWords(answer.text);
}

/** Gumroad's words when it gave some (they are what the creator can act on), ours otherwise. */
const wordsOr = (ours: string, words: string): string => (words === '' ? ours : words);

/** The body of a successful answer, or what went wrong. */
export function readAnswer(answer: PlatformAnswer): { ok: true; body: JsonObject } | { ok: false; failure: ChannelFailure } {
  const { status } = answer;
  const words = gumroadWords(answer);
  if (status === 429) {
    return { ok: false, failure: rateLimited('Gumroad asked us to slow down', retryAfterMs(answer.headers)) };
  }
  if (status >= 500) return { ok: false, failure: { type: 'ChannelUnavailable', message: `Gumroad answered ${status}`, retryAfterMs: retryAfterMs(answer.headers) } };
  if (status === 401) {
    return { ok: false, failure: { type: 'ChannelUnauthorized', message: 'Gumroad refused the access token (revoked, or not a Gumroad token)' } };
  }
  if (status === 403) {
    // `edit_products` for listings; `view_sales` for sales and their resource subscriptions.
    return { ok: false, failure: { type: 'ChannelUnauthorized', message: 'Gumroad refused the access token for this (it lacks the edit_products or view_sales scope)' } };
  }
  if (status === 404) return { ok: false, failure: rejected('not_found', wordsOr('Gumroad has no such thing (404)', words)) };
  if (status >= 400) return { ok: false, failure: rejected('platform_rejected', wordsOr(`Gumroad refused the request (${status})`, words)) };
  if (status < 200 || status >= 300) return { ok: false, failure: unexpected(`was an unexpected ${status}`) };
  if (!isObject(answer.json)) return { ok: false, failure: unexpected('was not JSON') };
  // `POST /v2/direct_uploads` answers with the blob alone, without `success`; a refusal always says `success: false`.
  if (answer.json['success'] === false) {
    const message = wordsOr('Gumroad refused the request', words);
    return { ok: false, failure: rejected(NOT_FOUND_WORDS.test(message) ? 'not_found' : 'platform_rejected', message) };
  }
  return { ok: true, body: answer.json };
}
