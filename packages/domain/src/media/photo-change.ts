/**
 * Setting, replacing and removing the photo of something that has one (a recipe's photo, a product's cover): the
 * owner must exist (and match `If-Match`) before an image is decoded, so a wrong id costs no rendering; the files are
 * stored before the owner names them (a reader never meets a photo without its files); the change is a versioned
 * write, so the version grows; the files of a photo replaced or removed are deleted after the owner stopped naming
 * them. Removing the photo of an owner without one changes nothing (same version).
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { Clock } from '../shared/ports.js';
import type { PreconditionFailed, WriteContention } from '../shared/errors.js';
import { changeVersioned } from '../shared/optimistic.js';
import type { Photo } from './photo.js';
import { removeReplacedPhoto, storePhoto, type PhotoDeps, type PhotoError } from './photo-upload.js';

/** How the change reaches the owner: read it, name a photo on it, write it over the version read. */
export interface PhotoOwner<T extends { readonly version: number }, E> {
  /** What to report when writers kept colliding, and the owner in media keys (`recipe`, `product`). */
  readonly what: string;
  load(id: string): ResultAsync<T, E>;
  photoOf(owner: T): Photo | null;
  withPhoto(owner: T, photo: Photo | null, now: Date): T;
  write(next: T, expectedVersion: number): ResultAsync<'written' | 'stale', E>;
}

export type PhotoChangeDeps = PhotoDeps & { readonly clock: Clock };

export interface PhotoChangeCommand {
  readonly id: string;
  readonly ifMatch?: number;
}

function changePhoto<T extends { readonly version: number }, E>(
  deps: PhotoChangeDeps,
  owner: PhotoOwner<T, E>,
  command: PhotoChangeCommand,
  photo: Photo | null,
): ResultAsync<T, E | PreconditionFailed | WriteContention> {
  let replaced: Photo | null = null;
  return changeVersioned<T, E>({
    load: () => owner.load(command.id),
    ifMatch: command.ifMatch,
    change: (current) => {
      replaced = owner.photoOf(current);
      return okAsync(owner.withPhoto(current, photo, deps.clock.now()));
    },
    write: (next, expectedVersion) => owner.write(next, expectedVersion),
    what: owner.what,
    id: command.id,
  }).map(async (changed) => {
    const now = owner.photoOf(changed);
    if (replaced !== now) await removeReplacedPhoto(deps)(replaced, now);
    return changed;
  });
}

/** Checks the owner, then stores the upload's renditions, then names them on the owner. */
export const setPhoto =
  <T extends { readonly version: number }, E>(deps: PhotoChangeDeps, owner: PhotoOwner<T, E>) =>
  (command: PhotoChangeCommand & { readonly bytes: Uint8Array }): ResultAsync<T, E | PreconditionFailed | WriteContention | PhotoError> =>
    owner
      .load(command.id)
      .andThen((current): ResultAsync<T, E | PreconditionFailed> =>
        command.ifMatch !== undefined && command.ifMatch !== current.version
          ? errAsync({ type: 'PreconditionFailed', expected: command.ifMatch, actual: current.version })
          : okAsync(current),
      )
      .andThen(() => storePhoto(deps)(command.bytes, `${owner.what}:${command.id}`))
      .andThen((photo) => changePhoto(deps, owner, command, photo));

export const removePhoto =
  <T extends { readonly version: number }, E>(deps: PhotoChangeDeps, owner: PhotoOwner<T, E>) =>
  (command: PhotoChangeCommand): ResultAsync<T, E | PreconditionFailed | WriteContention> =>
    changePhoto(deps, owner, command, null);

