import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { CreatorProfile } from '../profile/creator-profile.js';
import type { ProfileRepository } from '../profile/profile-repository.js';
import type { StoreUnavailable } from '../shared/errors.js';

/** Creators' profiles in memory. */
export class InMemoryProfileRepository implements ProfileRepository {
  readonly #byUser = new Map<string, CreatorProfile>();
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' }) : okAsync(value());
  }

  findByUserId(userId: string): ResultAsync<CreatorProfile | null, StoreUnavailable> {
    return this.#check(() => this.#byUser.get(userId) ?? null);
  }

  insert(profile: CreatorProfile): ResultAsync<'inserted' | 'exists', StoreUnavailable> {
    return this.#check(() => {
      if (this.#byUser.has(profile.user_id)) return 'exists' as const;
      this.#byUser.set(profile.user_id, profile);
      return 'inserted' as const;
    });
  }

  update(next: CreatorProfile, expectedVersion: number): ResultAsync<'written' | 'stale', StoreUnavailable> {
    return this.#check(() => {
      if (this.#byUser.get(next.user_id)?.version !== expectedVersion) return 'stale' as const;
      this.#byUser.set(next.user_id, next);
      return 'written' as const;
    });
  }
}
