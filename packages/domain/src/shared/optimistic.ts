import { err, errAsync, ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import type { PreconditionFailed, WriteContention } from './errors.js';

/** What an optimistic attempt returns when the stored version moved on between its read and its write. */
export const STALE = Symbol('stale');
export type Stale = typeof STALE;

/**
 * How long one change may keep retrying against other writers: the service's limit on a single store call (5 s), so
 * that contention never keeps a client longer than a slow database would. 100 simultaneous writers of one recipe
 * settle in well under a second on MongoDB (see the lost-updates test); the budget is for far worse.
 */
export const CONTENTION_BUDGET_MS = 5000;

/** Backoff between attempts: full jitter (a random pause up to the ceiling), the ceiling doubling from 1 ms to 100 ms. */
const FIRST_CEILING_MS = 1;
const MAX_CEILING_MS = 100;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs read-modify-conditional-write `attempt`s until one is not stale. Writers that touch different fields then
 * never lose each other's change. Colliding writers back off for a random time under a growing ceiling (full jitter),
 * which spreads a crowd of them out; retries stop when the next pause would end past `budgetMs`, and `onExhausted`
 * says what to answer then.
 */
export function retryWhileStale<T, E>(
  attempt: () => ResultAsync<T | Stale, E>,
  onExhausted: () => E,
  budgetMs: number = CONTENTION_BUDGET_MS,
): ResultAsync<T, E> {
  return new ResultAsync(retryUntil(attempt, onExhausted, performance.now() + budgetMs));
}

async function retryUntil<T, E>(attempt: () => ResultAsync<T | Stale, E>, onExhausted: () => E, deadline: number): Promise<Result<T, E>> {
  let ceiling = FIRST_CEILING_MS;
  for (;;) {
    const result = await attempt();
    if (result.isErr()) return err(result.error);
    if (result.value !== STALE) return ok(result.value);
    const wait = Math.random() * ceiling;
    if (performance.now() + wait >= deadline) return err(onExhausted());
    await pause(wait);
    ceiling = Math.min(ceiling * 2, MAX_CEILING_MS);
  }
}

/** The last change queued for each resource key of this process; removed once nobody waits behind it. */
const turns = new Map<string, Promise<void>>();

/** Resolves true when `turn` ends before `deadline`, false otherwise. */
function before(turn: Promise<void>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()))));
  return Promise.race([turn.then(() => true), late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `change` once the changes of `key` queued before it in this process have ended, or answers `onLate()` if that
 * takes until `deadline`. Writers of one resource in one process then take turns instead of racing: a crowd of them
 * costs one read and one write each, where racing wasted most attempts (100 writers on the test engine ran out of
 * time). Writers in other processes (another instance, the CLI) are still met by the version check and its retries.
 */
async function inTurn<R>(key: string, deadline: number, change: () => Promise<R>, onLate: () => R): Promise<R> {
  const previous = turns.get(key);
  let release = (): void => undefined;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous === undefined ? mine : previous.then(() => mine);
  turns.set(key, tail);
  try {
    if (previous !== undefined && !(await before(previous, deadline))) return onLate();
    return await change();
  } finally {
    release();
    if (turns.get(key) === tail) turns.delete(key);
  }
}

export interface VersionedChange<T extends { readonly version: number }, E> {
  /** Reads the current entity. */
  readonly load: () => ResultAsync<T, E>;
  /** The version the client last saw (`If-Match`); when it is not the current one the change fails. */
  readonly ifMatch?: number | undefined;
  /** The changed entity, or the same object when nothing changes. */
  readonly change: (current: T) => ResultAsync<T, E>;
  /** Writes `next` only if the stored version is still `expectedVersion` (`current` is what it was read as). */
  readonly write: (next: T, expectedVersion: number, current: T) => ResultAsync<'written' | 'stale', E>;
  /** What to report when writers kept colliding (`recipe`). */
  readonly what: string;
  /** The resource's id: changes of one resource in this process take turns. */
  readonly id: string;
}

/**
 * Read, change, write conditionally on the version read; retried when another writer got in between, unless the
 * client pinned a version with `ifMatch` (then the other writer wins and the client gets `PreconditionFailed`).
 * Changes of one resource in this process take turns; queueing and retries together end within `budgetMs`, after
 * which the answer is `WriteContention` (send again), never `StoreUnavailable`.
 */
export function changeVersioned<T extends { readonly version: number }, E>(
  spec: VersionedChange<T, E>,
  budgetMs: number = CONTENTION_BUDGET_MS,
): ResultAsync<T, E | PreconditionFailed | WriteContention> {
  const attempt = (): ResultAsync<T | Stale, E | PreconditionFailed> =>
    spec.load().andThen((current): ResultAsync<T | Stale, E | PreconditionFailed> => {
      if (spec.ifMatch !== undefined && spec.ifMatch !== current.version) {
        return errAsync({ type: 'PreconditionFailed', expected: spec.ifMatch, actual: current.version });
      }
      return spec.change(current).andThen((next) =>
        next === current ? okAsync(current) : spec.write(next, current.version, current).map((outcome) => (outcome === 'written' ? next : STALE)),
      );
    });
  const contention = (): WriteContention => ({ type: 'WriteContention', what: spec.what });
  type Outcome = Result<T, E | PreconditionFailed | WriteContention>;
  const deadline = performance.now() + budgetMs;
  const change = (): Promise<Outcome> => retryUntil<T, E | PreconditionFailed | WriteContention>(attempt, contention, deadline);
  return new ResultAsync(inTurn<Outcome>(`${spec.what}:${spec.id}`, deadline, change, () => err(contention())));
}
