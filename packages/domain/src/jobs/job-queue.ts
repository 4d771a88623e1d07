/**
 * The durable job queue: work that leaves the process (a store's API, later mail and webhooks) is written down here
 * first and carried out by the job runner, so that it survives a restart and never runs twice at once. A job has a
 * key: queueing a key that is already waiting moves it up instead of adding a second job, and queueing one that is
 * running makes it run once more after it ends (the later change is never lost).
 */
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';

export interface JobRequest {
  /** Which handler runs it: `listing.sync`. */
  readonly kind: string;
  /** One job per key: `listing.sync:<product>:<platform>`. */
  readonly key: string;
  /** Jobs of a paused group wait (a platform that asked us to slow down). */
  readonly group: string;
  readonly payload: Readonly<Record<string, string>>;
  /** Not before this time. */
  readonly runAt: Date;
}

/** A job the runner holds: nobody else runs it until `leaseUntil`. */
export interface LeasedJob {
  readonly key: string;
  readonly kind: string;
  readonly group: string;
  readonly payload: Readonly<Record<string, string>>;
  /** Attempts already made before this one (0 on the first). */
  readonly attempts: number;
  /** When the first attempt of this run of retries started; null on the first attempt. */
  readonly firstAttemptAt: Date | null;
  /** Proves the lease: another runner that took the job over after it expired has another one. */
  readonly leaseId: string;
  readonly leaseUntil: Date;
}

export interface JobQueue {
  /**
   * Queues the job. A waiting job with this key runs at the earlier of its time and `runAt`; a running one runs again
   * once it ends. With `ifAbsent`, a key that already has a job is left alone (a sweep that must not pull retries forward).
   */
  enqueue(request: JobRequest, options?: { readonly ifAbsent?: boolean }): ResultAsync<void, StoreUnavailable>;
  /**
   * Takes the next due job (earliest `runAt` first) whose group is not in `skipGroups`: a waiting one, or a running
   * one whose lease ran out (its runner died). Null when none is due.
   */
  lease(request: { readonly owner: string; readonly now: Date; readonly leaseMs: number; readonly skipGroups: readonly string[] }): ResultAsync<LeasedJob | null, StoreUnavailable>;
  /** Keeps the lease for `leaseMs` more; false when it was lost (expired and taken). */
  extend(job: LeasedJob, now: Date, leaseMs: number): ResultAsync<boolean, StoreUnavailable>;
  /**
   * The job is done: removed, or queued again at once when it was asked for while it ran. With `runAgainAt`, it stays
   * queued for then (a fresh run: attempts and `firstAttemptAt` start over), or at once when asked for while it ran.
   */
  complete(job: LeasedJob, now: Date, runAgainAt?: Date): ResultAsync<void, StoreUnavailable>;
  /** Tries again at `runAt` with one more attempt counted; `firstAttemptAt` is kept for the next lease. */
  retry(job: LeasedJob, next: { readonly runAt: Date; readonly firstAttemptAt: Date; readonly lastError: string }): ResultAsync<void, StoreUnavailable>;
  /** Pauses every job of `group` until `until` (later pauses win), for every runner sharing the store. */
  pause(group: string, until: Date): ResultAsync<void, StoreUnavailable>;
  /** The groups paused at `now`. */
  pausedGroups(now: Date): ResultAsync<string[], StoreUnavailable>;
  /** How many jobs wait or run (for tests, benches and `readyz`-style reports). */
  size(): ResultAsync<number, StoreUnavailable>;
}
