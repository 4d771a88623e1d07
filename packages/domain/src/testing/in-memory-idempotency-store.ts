import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import {
  judgeExistingRecord,
  newClaimRecord,
  type Claim,
  type IdempotencyRecord,
  type IdempotencyScope,
  type StoredResponse,
} from '../idempotency/idempotency.js';
import type { IdempotencyStore } from '../idempotency/idempotency-store.js';
import type { StoreUnavailable } from '../shared/errors.js';

/**
 * The reference idempotency store: one process, one map. Each call runs to completion before the next starts,
 * which is what makes a claim atomic here. `unavailable = true` fails every call as an unreachable database would.
 */
export class InMemoryIdempotencyStore implements IdempotencyStore {
  readonly #records = new Map<string, IdempotencyRecord>();
  #tokens = 0;
  unavailable = false;

  #down(): ResultAsync<never, StoreUnavailable> {
    return errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });
  }

  // An unambiguous pair: no user id and key can spell another pair's id.
  #id = (scope: IdempotencyScope): string => JSON.stringify([scope.userId, scope.key]);

  /** Records held, expired ones included (nothing sweeps them here; claims treat them as absent). */
  get size(): number {
    return this.#records.size;
  }

  claim(scope: IdempotencyScope, fingerprint: string, now: Date): ResultAsync<Claim, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const id = this.#id(scope);
    const existing = this.#records.get(id);
    if (existing !== undefined) {
      const found = judgeExistingRecord(existing, fingerprint, now);
      if (found.kind !== 'available') return okAsync(found);
    }
    this.#tokens += 1;
    const token = `claim-${this.#tokens}`;
    this.#records.set(id, newClaimRecord(fingerprint, token, now));
    return okAsync({ kind: 'new', token });
  }

  complete(scope: IdempotencyScope, token: string, response: StoredResponse): ResultAsync<boolean, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const id = this.#id(scope);
    const held = this.#records.get(id);
    if (held?.state !== 'in_progress' || held.token !== token) return okAsync(false);
    this.#records.set(id, { ...held, state: 'completed', response });
    return okAsync(true);
  }

  release(scope: IdempotencyScope, token: string): ResultAsync<boolean, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const id = this.#id(scope);
    const held = this.#records.get(id);
    if (held?.state !== 'in_progress' || held.token !== token) return okAsync(false);
    this.#records.delete(id);
    return okAsync(true);
  }
}
