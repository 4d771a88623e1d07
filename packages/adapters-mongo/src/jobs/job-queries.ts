/** The job queue's queries as pure values, shared by the queue and the index test. */
import type { Filter } from 'mongodb';
import type { LeasedJob } from '@larder/domain';
import type { JobDocument, JobPauseDocument } from './job-document.js';

/** Earliest first; ties by key, so that every engine hands out the same job. */
export const JOB_LEASE_SORT: Record<string, 1 | -1> = { run_at: 1, _id: 1 };

/** Jobs that may be leased at `now`: waiting and due, or running on a lease that ran out (its runner died). */
export function dueJobsFilter(now: Date, skipGroups: readonly string[]): Filter<JobDocument> {
  return {
    $or: [
      { state: 'queued', run_at: { $lte: now } },
      { state: 'running', lease_until: { $lt: now } },
    ],
    ...(skipGroups.length === 0 ? {} : { group: { $nin: [...skipGroups] } }),
  };
}

/** The job as long as this lease holds it. */
export const heldJobFilter = (job: LeasedJob): Filter<JobDocument> => ({ _id: job.key, state: 'running', lease_id: job.leaseId });

/** A waiting job that would run later than `runAt`: queueing it again moves it up. */
export const laterQueuedJobFilter = (key: string, runAt: Date): Filter<JobDocument> => ({ _id: key, state: 'queued', run_at: { $gt: runAt } });

/** A waiting job that runs at or before `runAt`: queueing it again changes nothing. */
export const soonerQueuedJobFilter = (key: string, runAt: Date): Filter<JobDocument> => ({ _id: key, state: 'queued', run_at: { $lte: runAt } });

export const runningJobFilter = (key: string): Filter<JobDocument> => ({ _id: key, state: 'running' });

export const activePausesFilter = (now: Date): Filter<JobPauseDocument> => ({ until: { $gt: now } });

/** The group's pause, when it ends before `until` (the fallback of `$max` on engines without it). */
export const shorterPauseFilter = (group: string, until: Date): Filter<JobPauseDocument> => ({ _id: group, until: { $lt: until } });
