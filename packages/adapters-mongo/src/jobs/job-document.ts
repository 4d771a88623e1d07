/**
 * How a job is stored: one document per job key (`_id`), queued or running, dates as BSON dates. A job's document
 * goes when it is done; a paused group is one document in `job_pauses`.
 */
import type { JobRequest, LeasedJob } from '@larder/domain';

export const JOBS_COLLECTION = 'jobs';
export const JOB_PAUSES_COLLECTION = 'job_pauses';

export interface JobDocument {
  /** The job's key: one job per key. */
  _id: string;
  kind: string;
  group: string;
  payload: Record<string, string>;
  /** Not before this time; for a running job, when the run started waiting. */
  run_at: Date;
  state: 'queued' | 'running';
  /** Queued again while it ran: it runs once more after this run ends. */
  again: boolean;
  attempts: number;
  first_attempt_at: Date | null;
  /** A fresh random id per lease: completions, retries and extensions of an older lease match nothing. */
  lease_id: string | null;
  /** Who holds the lease, for people reading the collection. */
  lease_owner: string | null;
  lease_until: Date | null;
  last_error: string | null;
}

/** `{ _id: group, until }`: the group's jobs wait until then (a later pause moves it, an earlier one does not). */
export interface JobPauseDocument {
  _id: string;
  until: Date;
}

export function newJobDocument(request: JobRequest): JobDocument {
  return {
    _id: request.key,
    kind: request.kind,
    group: request.group,
    payload: { ...request.payload },
    run_at: request.runAt,
    state: 'queued',
    again: false,
    attempts: 0,
    first_attempt_at: null,
    lease_id: null,
    lease_owner: null,
    lease_until: null,
    last_error: null,
  };
}

/** What a job becomes when it is queued again from the start (completed while asked for again, or asking to run again). */
export const requeuedFields = (runAt: Date) => ({
  state: 'queued' as const,
  again: false,
  run_at: runAt,
  attempts: 0,
  first_attempt_at: null,
  lease_id: null,
  lease_owner: null,
  lease_until: null,
});

export function toLeasedJob(document: JobDocument): LeasedJob {
  if (document.lease_id === null || document.lease_until === null) throw new Error(`job ${document._id} was leased without a lease id`);
  return {
    key: document._id,
    kind: document.kind,
    group: document.group,
    payload: { ...document.payload },
    attempts: document.attempts,
    firstAttemptAt: document.first_attempt_at,
    leaseId: document.lease_id,
    leaseUntil: document.lease_until,
  };
}
