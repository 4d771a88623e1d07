/**
 * Idempotent creates: a client names a request with an `Idempotency-Key`, and the same key with the same request
 * within a day gets the first answer again instead of a second resource. These are the rules; the store
 * (`idempotency-store.ts`) keeps the records, and the HTTP adapter decides what a "request" and a "response" are.
 */

/** How long a key remembers its request and answer, counted from the first claim. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A request still "in progress" after this long is taken to have crashed, and its key may be claimed again. Far
 * above any create's running time; short enough that a client retrying after a crash is not stuck for long.
 */
export const IN_PROGRESS_TIMEOUT_MS = 60 * 1000;

/** 1 to 255 visible ASCII characters (no space, no control character): a UUID fits, and so do most schemes. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

export const isValidIdempotencyKey = (key: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(key);

/** Keys are the client's own names, so they are only unique per user. */
export interface IdempotencyScope {
  readonly userId: string;
  readonly key: string;
}

/** The answer remembered for a key, as it went out (the body exactly as serialised). */
export interface StoredResponse {
  readonly status: number;
  readonly headers: {
    readonly location?: string;
    readonly etag?: string;
    readonly 'content-type': string;
  };
  readonly body: string;
}

interface RecordBase {
  /** A digest of the request (method, path, body): the same key with a different request is a mistake. */
  readonly fingerprint: string;
  /** Who holds the claim: a takeover gives a new token, so a late writer with the old one changes nothing. */
  readonly token: string;
  readonly claimed_at: Date;
  readonly expires_at: Date;
}

export type IdempotencyRecord =
  | (RecordBase & { readonly state: 'in_progress' })
  | (RecordBase & { readonly state: 'completed'; readonly response: StoredResponse });

/** What a claim found. Only `new` lets the request run; its token completes or releases the claim. */
export type Claim =
  | { readonly kind: 'new'; readonly token: string }
  | { readonly kind: 'replay'; readonly response: StoredResponse }
  | { readonly kind: 'in_progress' }
  | { readonly kind: 'mismatch' };

/** A claim that has not run yet. */
export function newClaimRecord(fingerprint: string, token: string, now: Date): IdempotencyRecord {
  return { state: 'in_progress', fingerprint, token, claimed_at: now, expires_at: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) };
}

export const isExpired = (record: IdempotencyRecord, now: Date): boolean => record.expires_at.getTime() <= now.getTime();

const isAbandoned = (record: IdempotencyRecord, now: Date): boolean =>
  record.state === 'in_progress' && now.getTime() - record.claimed_at.getTime() >= IN_PROGRESS_TIMEOUT_MS;

/**
 * What a claim meets when the key already has a record. `available`: the record no longer counts (expired, or a
 * claim abandoned by a crashed request) and may be replaced, atomically, by a new claim. A different request is a
 * mismatch whether or not the first one has finished: reusing a key for another request is the client's mistake,
 * and saying so helps more than "wait".
 */
export function judgeExistingRecord(
  record: IdempotencyRecord,
  fingerprint: string,
  now: Date,
): { readonly kind: 'available' } | Exclude<Claim, { kind: 'new' }> {
  if (isExpired(record, now) || isAbandoned(record, now)) return { kind: 'available' };
  if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (record.state === 'in_progress') return { kind: 'in_progress' };
  return { kind: 'replay', response: record.response };
}

/**
 * Answers worth replaying: successes, and client errors that the same request would meet again. Not 409, 412 and
 * 429, which depend on the moment (a state that may change, a version, a rate): a retry should be judged afresh.
 * Server errors are never kept, so a client can retry them with the same key.
 */
export function isReplayableStatus(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && status !== 409 && status !== 412 && status !== 429;
}
