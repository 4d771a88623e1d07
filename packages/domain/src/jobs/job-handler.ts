/** What the job runner runs: a handler per kind of job, and the failures a handler reports. */
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { LeasedJob } from './job-queue.js';
import type { RetryPolicy } from './retry-policy.js';

/** A failure that may pass: try again, after `afterMs` when the other side said how long (else with backoff). */
export interface RetryLater {
  readonly type: 'RetryLater';
  readonly afterMs: number | null;
  /** Hold back every job of the group this long (a platform's rate limit applies to all of them). */
  readonly pauseGroupMs?: number;
  /** The failure in a short, safe sentence, and its code for the record the handler keeps. */
  readonly code: string;
  readonly message: string;
}

/** A failure retrying will not change. */
export interface GiveUp {
  readonly type: 'GiveUp';
  readonly code: string;
  readonly message: string;
}

export type JobFailure = RetryLater | GiveUp | StoreUnavailable;

/**
 * A handler's success that keeps the job for later: it is queued again for `at`, as a fresh run (no attempts counted).
 * For a job that owns a stream of work of its own (an endpoint's webhook deliveries, each due at its own time).
 */
export interface RunAgain {
  readonly type: 'RunAgain';
  readonly at: Date;
}

export interface JobAttempt {
  /** 1 for the first attempt. */
  readonly number: number;
}

export interface JobHandler {
  readonly kind: string;
  /** How this kind of job is retried and when it is given up; the runner's policy when absent. */
  readonly policy?: RetryPolicy;
  /** Done (`void`: the job goes), or done for now (`RunAgain`), or failed. */
  run(job: LeasedJob, attempt: JobAttempt): ResultAsync<void | RunAgain, JobFailure>;
  /** The job will not be tried again: record why where people see it. */
  gaveUp(job: LeasedJob, failure: RetryLater | GiveUp): ResultAsync<void, StoreUnavailable>;
}
