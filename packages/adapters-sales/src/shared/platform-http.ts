/**
 * One HTTP attempt to a platform, shared by the platform clients: the call with a deadline, and what went wrong on
 * the way (no answer, a dropped connection, a deadline) as a `ChannelUnavailable` value. What an answer's status means
 * is each platform's business, so the answer comes back whole.
 */
import { errAsync, ResultAsync } from 'neverthrow';
import type { CallGate, CallRefusal, ChannelFailure, ChannelRateLimited } from '@larder/domain';

/** Long enough for a 20 MB upload over a slow link; a platform that has not answered by then is treated as down. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface PlatformRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** `URLSearchParams` is sent as a form, `FormData` as multipart, a string as it is (set its content type). */
  readonly body?: URLSearchParams | FormData | string;
  readonly timeoutMs?: number;
}

export interface PlatformAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
  readonly text: string;
}

/** Sends one request; a network failure or a timeout is `ChannelUnavailable` (the remote side may have acted). */
export function send(request: PlatformRequest, fetchImpl: typeof fetch = fetch): ResultAsync<PlatformAnswer, ChannelFailure> {
  let target: URL;
  try {
    target = new URL(request.url);
  } catch {
    return errAsync({ type: 'ChannelUnavailable', message: 'the platform URL is not a URL' });
  }
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const answer = (async (): Promise<PlatformAnswer> => {
    const response = await fetchImpl(target, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  })();
  return ResultAsync.fromPromise(answer, (error): ChannelFailure => ({
    type: 'ChannelUnavailable',
    message: describeNetworkError(error, target, timeoutMs),
  }));
}

function describeNetworkError(error: unknown, target: URL, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `${target.host} did not answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause !== undefined && 'code' in cause ? String(cause.code) : undefined;
  return `${target.host} could not be reached${code === undefined ? '' : ` (${code})`}`;
}

/**
 * An answer that says the platform did not act and when to ask again: 429, or 503 with `Retry-After` (RFC 9110 gives
 * it the same meaning on both). Whether to ask again is the caller's `CallGate`'s to decide, not the adapter's.
 */
export function refusalOf(answer: PlatformAnswer): CallRefusal | null {
  const wait = retryAfterMs(answer.headers);
  if (answer.status === 429) return { retryAfterMs: wait, overBudget: true };
  if (answer.status === 503 && wait !== null) return { retryAfterMs: wait };
  return null;
}

/** Sends one request through the channel's `CallGate` (in its turn, made again after a refusal), or at once without one. */
export function gatedSend(request: PlatformRequest, fetchImpl: typeof fetch = fetch, calls?: CallGate): ResultAsync<PlatformAnswer, ChannelFailure> {
  return calls === undefined ? send(request, fetchImpl) : calls(() => send(request, fetchImpl), refusalOf);
}

/** `Retry-After` in milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now: Date = new Date()): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export const rateLimited = (message: string, retryAfter: number | null): ChannelRateLimited => ({
  type: 'ChannelRateLimited',
  retryAfterMs: retryAfter,
  message,
});

/** A platform's message cut to a length safe to store and show; tokens never reach here (they travel in headers). */
export const platformWords = (text: string, max = 300): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
