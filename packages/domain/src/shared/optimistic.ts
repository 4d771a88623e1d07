import { err, errAsync, ok, okAsync, ResultAsync } from 'neverthrow';
import type { PreconditionFailed, StoreUnavailable } from './errors.js';

/** What an optimistic attempt returns when the stored version moved on between its read and its write. */
export const STALE = Symbol('stale');
export type Stale = typeof STALE;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs read-modify-conditional-write `attempt`s until one is not stale. Writers that touch different fields then
 * never lose each other's change; a small random pause spreads out writers that collide repeatedly.
 */
export function retryWhileStale<T, E>(
  attempt: () => ResultAsync<T | Stale, E>,
  onExhausted: () => E,
  maxAttempts = 25,
): ResultAsync<T, E> {
  const run = async () => {
    for (let attemptNumber = 1; attemptNumber <= maxAttempts; attemptNumber += 1) {
      const result = await attempt();
      if (result.isErr()) return err(result.error);
      if (result.value !== STALE) return ok(result.value);
      await pause(Math.random() * Math.min(2 * attemptNumber, 20));
    }
    return err(onExhausted());
  };
  return new ResultAsync(run());
}

export interface VersionedChange<T extends { readonly version: number }, E> {
  /** Reads the current entity. */
  readonly load: () => ResultAsync<T, E>;
  /** The version the client last saw (`If-Match`); when it is not the current one the change fails. */
  readonly ifMatch?: number | undefined;
  /** The changed entity, or the same object when nothing changes. */
  readonly change: (current: T) => ResultAsync<T, E>;
  /** Writes `next` only if the stored version is still `expectedVersion`. */
  readonly write: (next: T, expectedVersion: number) => ResultAsync<'written' | 'stale', E>;
  /** What to report when writers kept colliding. */
  readonly what: string;
}

/**
 * Read, change, write conditionally on the version read; retried when another writer got in between, unless the
 * client pinned a version with `ifMatch` (then the other writer wins and the client gets `PreconditionFailed`).
 */
export function changeVersioned<T extends { readonly version: number }, E>(
  spec: VersionedChange<T, E>,
): ResultAsync<T, E | PreconditionFailed | StoreUnavailable> {
  const attempt = (): ResultAsync<T | Stale, E | PreconditionFailed> =>
    spec.load().andThen((current): ResultAsync<T | Stale, E | PreconditionFailed> => {
      if (spec.ifMatch !== undefined && spec.ifMatch !== current.version) {
        return errAsync({ type: 'PreconditionFailed', expected: spec.ifMatch, actual: current.version });
      }
      return spec.change(current).andThen((next) =>
        next === current ? okAsync(current) : spec.write(next, current.version).map((outcome) => (outcome === 'written' ? next : STALE)),
      );
    });
  const contention = (): StoreUnavailable => ({ type: 'StoreUnavailable', message: `the ${spec.what} kept changing; try again` });
  return retryWhileStale<T, E | PreconditionFailed | StoreUnavailable>(attempt, contention);
}
