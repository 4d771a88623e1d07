/**
 * Retries of 429 (`rate_limited`) and 503 (`unavailable`): both carry `Retry-After`. Only a request that is safe to
 * send twice is sent again: an idempotent method, or a create carrying `Idempotency-Key` (the service replays the
 * first answer of a key instead of creating twice, and keeps no answer of a 429 or 503, so the retry runs).
 */
export type Fetch = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Retries after the first attempt (default 2); 0 turns retrying off. */
  readonly retries: number;
  /** The longest wait before a retry, whatever Retry-After says (default 30 s). */
  readonly maxDelayMs: number;
}

const RETRIED_STATUSES = new Set([429, 503]);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const BACKOFF_MS = 500;

/** May `request` be sent again? Idempotent methods, and any request with an Idempotency-Key. */
export const isRetriable = (request: Request): boolean =>
  IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || request.headers.has('idempotency-key');

/**
 * How long to wait before retry number `attempt + 1`: `Retry-After` in seconds (`"12"`) or as an HTTP date, else
 * (absent or unreadable) 0.5 s doubled each attempt; never more than `maxMs`.
 */
export function retryDelayMs(retryAfter: string | null, attempt: number, { now, maxMs }: { now: number; maxMs: number }): number {
  const text = retryAfter?.trim() ?? '';
  let delay: number | undefined;
  if (/^[0-9]+$/.test(text)) delay = Number(text) * 1000;
  else if (text !== '' && !/^[-+]?[0-9.]+$/.test(text)) {
    const date = Date.parse(text);
    if (!Number.isNaN(date)) delay = Math.max(0, date - now);
  }
  return Math.min(delay ?? BACKOFF_MS * 2 ** attempt, maxMs);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `fetch`, sending a retriable request again after a 429 or 503, up to `retries` times. */
export function retryingFetch(fetch: Fetch, options: RetryOptions): Fetch {
  return async (request) => {
    if (options.retries <= 0 || !isRetriable(request)) return fetch(request);
    // A request's body can be read once: each attempt sends a copy, taken before the body is read.
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= options.retries;
      const response = await fetch(last ? request : request.clone());
      if (last || !RETRIED_STATUSES.has(response.status)) return response;
      const delay = retryDelayMs(response.headers.get('retry-after'), attempt, { now: Date.now(), maxMs: options.maxDelayMs });
      await response.body?.cancel(); // the problem body is not read: let its connection go back to the pool
      await sleep(delay);
    }
  };
}
