/**
 * What an Etsy answer means, in one place: its status as a typed failure (Open API v3 "Request Standards" and the
 * error responses of each operation in Etsy's OpenAPI document), and its budget headers (the "Rate Limits" page:
 * `x-limit-per-second`, `x-remaining-this-second`, `x-limit-per-day`, `x-remaining-today`).
 */
import { err, ok, type Result } from 'neverthrow';
import type { ChannelFailure, RateBudget } from '@larder/domain';
import { platformWords, rateLimited, retryAfterMs, type PlatformAnswer } from '../shared/platform-http.js';

/**
 * A 401 from an API call: the access token has expired or was revoked. Never leaves the adapter: the channel refreshes
 * the token and repeats the call once, and only then says `ChannelUnauthorized`.
 */
export interface EtsyTokenRefused {
  readonly type: 'EtsyTokenRefused';
  readonly message: string;
}

export type EtsyFailure = ChannelFailure | EtsyTokenRefused;

/** Etsy's tokens look like `12345678.aB3...`; they never belong in a message, even if a body echoes one. */
const TOKEN_LIKE = /\b\d+\.[A-Za-z0-9_-]{16,}\b/g;

/** Etsy's words from an error body (`{ "error": "..." }`, plus `error_description` on OAuth errors). */
export function etsyWords(answer: PlatformAnswer): string {
  const body = answer.json;
  let words = answer.text;
  if (typeof body === 'object' && body !== null) {
    const { error, error_description: description } = body as Record<string, unknown>;
    if (typeof error === 'string') words = typeof description === 'string' ? `${error}: ${description}` : error;
  }
  const safe = platformWords(words.replace(TOKEN_LIKE, '[token]'));
  return safe === '' ? `HTTP ${answer.status}` : safe;
}

/** The failure an API answer (not the token endpoint's) stands for. */
export function apiFailure(answer: PlatformAnswer, now: Date): EtsyFailure {
  const words = etsyWords(answer);
  const status = answer.status;
  if (status === 429) return rateLimited(`Etsy asked us to slow down: ${words}`, retryAfterMs(answer.headers, now));
  if (status >= 500) return { type: 'ChannelUnavailable', message: `Etsy failed on its side (${status}): ${words}`, retryAfterMs: retryAfterMs(answer.headers, now) };
  if (status === 401) return { type: 'EtsyTokenRefused', message: `Etsy refused the access token: ${words}` };
  if (status === 403) return { type: 'ChannelUnauthorized', message: `Etsy refused access: ${words}` };
  if (status === 404) return { type: 'ChannelRejected', code: 'not_found', message: `Etsy has no such item: ${words}` };
  if (status >= 400) return { type: 'ChannelRejected', code: 'platform_rejected', message: words };
  return { type: 'ChannelUnavailable', message: `Etsy answered an unexpected ${status}` };
}

/** The token endpoint's failures: a refused grant or client means the connection no longer works. */
export function tokenFailure(answer: PlatformAnswer, now: Date): ChannelFailure {
  const failure = apiFailure(answer, now);
  const code = typeof answer.json === 'object' && answer.json !== null ? (answer.json as Record<string, unknown>)['error'] : undefined;
  const refused = code === 'invalid_grant' || code === 'invalid_client' || code === 'unauthorized_client';
  if (failure.type === 'EtsyTokenRefused' || (refused && answer.status < 500)) {
    return { type: 'ChannelUnauthorized', message: `Etsy refused the authorization: ${etsyWords(answer)}` };
  }
  return failure;
}

/** A 2xx answer's JSON body, or the failure its status stands for. */
export function jsonOf<T>(answer: PlatformAnswer, now: Date, expected: number[] = [200, 201]): Result<T, EtsyFailure> {
  if (!expected.includes(answer.status)) return err(apiFailure(answer, now));
  if (typeof answer.json !== 'object' || answer.json === null) {
    return err({ type: 'ChannelUnavailable', message: `Etsy answered ${answer.status} without a JSON body` });
  }
  return ok(answer.json as T);
}

const headerNumber = (headers: Headers, name: string): number | null => {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
};

/** The budget an answer reports, or null when it carries no budget headers. */
export function budgetOf(headers: Headers): RateBudget | null {
  const remainingThisSecond = headerNumber(headers, 'x-remaining-this-second');
  const remainingToday = headerNumber(headers, 'x-remaining-today');
  if (remainingThisSecond === null && remainingToday === null) return null;
  return { limitPerSecond: headerNumber(headers, 'x-limit-per-second'), remainingThisSecond, limitPerDay: headerNumber(headers, 'x-limit-per-day'), remainingToday };
}
