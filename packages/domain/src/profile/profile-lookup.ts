/**
 * Profiles read where a creator's brand is shown (a public page, a document, a cover, an e-mail), kept for a few
 * seconds: a page read thousands of times a minute reads the profile once in that time. A change shows at once in
 * the process that made it (`forget`), and in every other process within `freshForMs`.
 */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Clock } from '../shared/ports.js';
import type { UserRepository } from '../user/user-repository.js';
import { defaultProfile, type CreatorProfile } from './creator-profile.js';
import type { ProfileRepository } from './profile-repository.js';

export const PROFILE_FRESH_MS = 5000;
const KEPT = 1000;

export interface ProfileLookup {
  /** The user's profile (the one they would read, unsaved, when they have none yet); null for no user or an unknown one. */
  ofUser(userId: string | null): ResultAsync<CreatorProfile | null, StoreUnavailable>;
  /** A change made here: the next read reads the store. */
  forget(userId: string): void;
}

export interface ProfileLookupDeps {
  readonly profiles: Pick<ProfileRepository, 'findByUserId'>;
  readonly users: Pick<UserRepository, 'findById'>;
  readonly clock: Clock;
  readonly freshForMs?: number;
}

/** Whose brand a product carries: the user who published it, else the one asking for it (a draft in the studio), else none. */
export const brandOwner = (product: { readonly published_by: string | null }, requester: string | null = null): string | null => product.published_by ?? requester;

export function profileLookup(deps: ProfileLookupDeps): ProfileLookup {
  const freshFor = deps.freshForMs ?? PROFILE_FRESH_MS;
  const kept = new Map<string, { readonly at: number; readonly profile: CreatorProfile | null }>();
  const read = (userId: string): ResultAsync<CreatorProfile | null, StoreUnavailable> =>
    deps.profiles.findByUserId(userId).andThen((found) =>
      found !== null ? okAsync(found) : deps.users.findById(userId).map((user) => (user === null ? null : defaultProfile(user, user.created_at))),
    );
  return {
    ofUser(userId) {
      if (userId === null) return okAsync(null);
      const now = deps.clock.now().getTime();
      const known = kept.get(userId);
      if (known !== undefined && now - known.at < freshFor) return okAsync(known.profile);
      return read(userId).map((profile) => {
        if (kept.size >= KEPT) kept.clear();
        kept.set(userId, { at: now, profile });
        return profile;
      });
    },
    forget(userId) {
      kept.delete(userId);
    },
  };
}
