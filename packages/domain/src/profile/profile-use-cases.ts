/**
 * Reading and writing a creator's profile: made on its first read (from the user's e-mail), replaced whole by a PUT,
 * its logo set and removed as a recipe's photo is (the same checks and renditions). Every change is a versioned
 * write: concurrent writers never lose one another's change, and `If-Match` pins the version a client saw.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ImageRejected, ImagesBusy } from '../media/image-processor.js';
import { removePhoto, setPhoto, type PhotoChangeDeps, type PhotoOwner } from '../media/photo-change.js';
import type { PreconditionFailed, StoreUnavailable, UserNotFound, ValidationFailed, WriteContention } from '../shared/errors.js';
import { changeVersioned } from '../shared/optimistic.js';
import type { Clock } from '../shared/ports.js';
import type { UserRepository } from '../user/user-repository.js';
import { defaultProfile, parseProfileFields, reviseProfile, type CreatorProfile, type ProfileRules } from './creator-profile.js';
import type { ProfileRepository } from './profile-repository.js';

export interface ProfileDeps {
  readonly profiles: ProfileRepository;
  readonly users: Pick<UserRepository, 'findById'>;
  readonly clock: Clock;
}

export type ProfileError = ValidationFailed | StoreUnavailable | UserNotFound | PreconditionFailed | WriteContention;

/** The user's profile; the first read keeps a new one (two first reads at once keep one). */
export const getProfile =
  (deps: ProfileDeps) =>
  (userId: string): ResultAsync<CreatorProfile, StoreUnavailable | UserNotFound> =>
    deps.profiles.findByUserId(userId).andThen((found): ResultAsync<CreatorProfile, StoreUnavailable | UserNotFound> => {
      if (found !== null) return okAsync(found);
      return deps.users.findById(userId).andThen((user) => {
        if (user === null) return errAsync({ type: 'UserNotFound' as const, id: userId });
        const fresh = defaultProfile(user, deps.clock.now());
        return deps.profiles
          .insert(fresh)
          .andThen((outcome) => (outcome === 'inserted' ? okAsync(fresh) : deps.profiles.findByUserId(userId).map((kept) => kept ?? fresh)));
      });
    });

export interface ReplaceProfileCommand {
  readonly userId: string;
  readonly body: unknown;
  readonly ifMatch?: number | undefined;
}

/** `PUT /api/profile`: every writable field replaced (an absent optional one cleared); the logo stays. */
export const replaceProfile =
  (deps: ProfileDeps & { readonly rules: ProfileRules }) =>
  (command: ReplaceProfileCommand): ResultAsync<CreatorProfile, ProfileError> =>
    parseProfileFields(command.body, deps.rules).asyncAndThen((fields) =>
      changeVersioned<CreatorProfile, StoreUnavailable | UserNotFound>({
        load: () => getProfile(deps)(command.userId),
        ifMatch: command.ifMatch,
        change: (current) => okAsync(reviseProfile(current, fields, deps.clock.now())),
        write: (next, expectedVersion) => deps.profiles.update(next, expectedVersion),
        what: 'profile',
        id: command.userId,
      }),
    );

export type ProfileLogoDeps = ProfileDeps & PhotoChangeDeps;

const profileOwner = (deps: ProfileLogoDeps): PhotoOwner<CreatorProfile, StoreUnavailable | UserNotFound> => ({
  what: 'profile',
  load: (userId) => getProfile(deps)(userId),
  photoOf: (profile) => profile.logo,
  withPhoto: (profile, logo, now) => reviseProfile(profile, { logo }, now),
  write: (next, expectedVersion) => deps.profiles.update(next, expectedVersion),
});

/** `PUT /api/profile/logo`: the image checked and rendered as a photo is; the old logo's files removed. */
export const setProfileLogo =
  (deps: ProfileLogoDeps) =>
  (command: { readonly id: string; readonly ifMatch?: number; readonly bytes: Uint8Array }): ResultAsync<CreatorProfile, ProfileError | ImageRejected | ImagesBusy> =>
    setPhoto(deps, profileOwner(deps))(command);

export const removeProfileLogo =
  (deps: ProfileLogoDeps) =>
  (command: { readonly id: string; readonly ifMatch?: number }): ResultAsync<CreatorProfile, ProfileError> =>
    removePhoto(deps, profileOwner(deps))(command);
