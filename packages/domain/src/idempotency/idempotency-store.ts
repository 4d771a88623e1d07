import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Claim, IdempotencyScope, StoredResponse } from './idempotency.js';

/**
 * Where idempotency keys live. Every method is atomic per scope: of any number of simultaneous claims on one key,
 * exactly one is `new`. Records past their expiry count as absent whether or not the store has removed them yet.
 */
export interface IdempotencyStore {
  /**
   * `new` (no live record, an expired one, or one abandoned in progress: the caller runs the request), `replay`
   * (the same request finished: its response), `in_progress` (the same request is running), or `mismatch` (the
   * key belongs to a different request).
   */
  claim(scope: IdempotencyScope, fingerprint: string, now: Date): ResultAsync<Claim, StoreUnavailable>;
  /** Keeps `response` for replays. False when the claim is no longer this token's (taken over, released). */
  complete(scope: IdempotencyScope, token: string, response: StoredResponse): ResultAsync<boolean, StoreUnavailable>;
  /** Forgets an unfinished claim so that the same key can run again. False when it was no longer this token's. */
  release(scope: IdempotencyScope, token: string): ResultAsync<boolean, StoreUnavailable>;
}
