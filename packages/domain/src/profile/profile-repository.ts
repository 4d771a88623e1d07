import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { CreatorProfile } from './creator-profile.js';

/** Creators' profiles, one per user. */
export interface ProfileRepository {
  findByUserId(userId: string): ResultAsync<CreatorProfile | null, StoreUnavailable>;
  /** Keeps a user's first profile; `exists` (nothing written) when the user has one already, whoever wrote it. */
  insert(profile: CreatorProfile): ResultAsync<'inserted' | 'exists', StoreUnavailable>;
  /** Writes `next` only if the stored profile is still at `expectedVersion`. */
  update(next: CreatorProfile, expectedVersion: number): ResultAsync<'written' | 'stale', StoreUnavailable>;
}
