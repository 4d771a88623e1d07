import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { JobQueue, JobRequest, LeasedJob, StoreUnavailable } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { serverCapabilities } from '../engine/server-capabilities.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { JOB_PAUSES_COLLECTION, JOBS_COLLECTION, newJobDocument, requeuedFields, toLeasedJob, type JobDocument, type JobPauseDocument } from './job-document.js';
import {
  activePausesFilter,
  dueJobsFilter,
  heldJobFilter,
  JOB_LEASE_SORT,
  laterQueuedJobFilter,
  runningJobFilter,
  shorterPauseFilter,
  soonerQueuedJobFilter,
} from './job-queries.js';

/** A write loses a round only to another writer that changed the job's state in between; this many is plenty. */
const MAX_ROUNDS = 10;
/** Where a lease cannot be one atomic `findOneAndUpdate` (FerretDB), the due jobs it tries in turn per read. */
const LEASE_CANDIDATES = 16;

const KEPT_CHANGING: StoreUnavailable = { type: 'StoreUnavailable', message: 'the job kept changing while it was being written' };
const settled = (done: boolean): ResultAsync<void, StoreUnavailable> => (done ? okAsync(undefined) : errAsync(KEPT_CHANGING));

/**
 * `JobQueue` on MongoDB: one document per job key in `jobs`, pauses in `job_pauses`. No multi-document transactions:
 * every change is one conditional single-document write, and where one write cannot say everything (queueing a key
 * that may be waiting, running or absent) the writes are tried in turn, an insert last, and a duplicate key means
 * another writer got there first: read the state again. A lease is one `findOneAndUpdate` of the earliest due job
 * with a fresh random `lease_id`, which every later write of that run must match.
 *
 * Where `findOneAndUpdate` is not atomic (both emulators: two runners got the same job), a lease reads the due jobs
 * in order and takes the first it can with a conditional `updateOne`, then reads it back by its new lease id.
 * FerretDB 1.24 carries out even that update as a read and then a write by `_id`, so two writers can both match:
 * there the writes of one job are taken one at a time within this process (`conditionalWrite`). Runners in other
 * processes sharing a FerretDB are not covered (docs/mongodb-adapter.md, "Jobs, listings and connections").
 */
export class MongoJobQueue implements JobQueue {
  readonly #db: Db;
  readonly #jobs: Collection<JobDocument>;
  readonly #pauses: Collection<JobPauseDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#jobs = db.collection<JobDocument>(JOBS_COLLECTION);
    this.#pauses = db.collection<JobPauseDocument>(JOB_PAUSES_COLLECTION);
  }

  enqueue(request: JobRequest, options: { readonly ifAbsent?: boolean } = {}): ResultAsync<void, StoreUnavailable> {
    const fresh = newJobDocument(request);
    return attempt(() =>
      this.#oneAtATime(JOBS_COLLECTION, request.key, async () => {
        if (options.ifAbsent === true) {
          await this.#insertIfAbsent(this.#jobs, fresh);
          return true;
        }
        for (let round = 0; round < MAX_ROUNDS; round += 1) {
          if ((await this.#jobs.updateOne(laterQueuedJobFilter(request.key, request.runAt), { $set: { run_at: request.runAt } })).matchedCount === 1) return true;
          if ((await this.#jobs.updateOne(runningJobFilter(request.key), { $set: { again: true } })).matchedCount === 1) return true;
          if (await this.#insertIfAbsent(this.#jobs, fresh)) return true;
          // The key has a job: waiting to run by `runAt` already is what was asked; otherwise it moved on meanwhile.
          if ((await this.#jobs.findOne(soonerQueuedJobFilter(request.key, request.runAt))) !== null) return true;
        }
        return false;
      }),
    ).andThen(settled);
  }

  lease(request: { readonly owner: string; readonly now: Date; readonly leaseMs: number; readonly skipGroups: readonly string[] }): ResultAsync<LeasedJob | null, StoreUnavailable> {
    const due = dueJobsFilter(request.now, request.skipGroups);
    const take = (leaseId: string) => ({
      $set: { state: 'running' as const, lease_id: leaseId, lease_owner: request.owner, lease_until: new Date(request.now.getTime() + request.leaseMs) },
    });
    return attempt(async () => {
      if ((await serverCapabilities(this.#db)).atomicFindAndModify) {
        const leased = await this.#jobs.findOneAndUpdate(due, take(randomUUID()), { sort: JOB_LEASE_SORT, returnDocument: 'after' });
        return leased === null ? null : toLeasedJob(leased);
      }
      // The due jobs in order, each tried with a conditional update (the condition checked again by the write);
      // whoever's update matched holds the job, and reads it back by its lease.
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const candidates = await this.#jobs.find(due, { projection: { _id: 1 } }).sort(JOB_LEASE_SORT).limit(LEASE_CANDIDATES).toArray();
        for (const { _id } of candidates) {
          const leaseId = randomUUID();
          const taken = await this.#oneAtATime(JOBS_COLLECTION, _id, () => this.#jobs.updateOne({ ...due, _id }, take(leaseId)));
          const held = taken.matchedCount === 1 ? await this.#jobs.findOne({ _id, lease_id: leaseId }) : null;
          if (held !== null) return toLeasedJob(held);
        }
        if (candidates.length < LEASE_CANDIDATES) return null;
      }
      return null;
    });
  }

  extend(job: LeasedJob, now: Date, leaseMs: number): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => {
      const extended = await this.#oneAtATime(JOBS_COLLECTION, job.key, () =>
        this.#jobs.updateOne(heldJobFilter(job), { $set: { lease_until: new Date(now.getTime() + leaseMs) } }),
      );
      return extended.matchedCount === 1;
    });
  }

  complete(job: LeasedJob, now: Date, runAgainAt?: Date): ResultAsync<void, StoreUnavailable> {
    return attempt(() =>
      this.#oneAtATime(JOBS_COLLECTION, job.key, async () => {
        for (let round = 0; round < MAX_ROUNDS; round += 1) {
          if (runAgainAt === undefined) {
            if ((await this.#jobs.deleteOne({ ...heldJobFilter(job), again: false })).deletedCount === 1) return true;
          } else if ((await this.#jobs.updateOne({ ...heldJobFilter(job), again: false }, { $set: requeuedFields(runAgainAt) })).matchedCount === 1) {
            return true;
          }
          if ((await this.#jobs.updateOne({ ...heldJobFilter(job), again: true }, { $set: requeuedFields(now) })).matchedCount === 1) return true;
          // Neither: the lease is lost (nothing to do), or the job was queued again between the two writes.
          if ((await this.#jobs.findOne(heldJobFilter(job))) === null) return true;
        }
        return false;
      }),
    ).andThen(settled);
  }

  retry(job: LeasedJob, next: { readonly runAt: Date; readonly firstAttemptAt: Date; readonly lastError: string }): ResultAsync<void, StoreUnavailable> {
    const queued = {
      ...requeuedFields(next.runAt),
      attempts: job.attempts + 1,
      first_attempt_at: next.firstAttemptAt,
      last_error: next.lastError,
    };
    return attempt(async () => {
      // A lost lease matches nothing: the runner that took the job over decides.
      await this.#oneAtATime(JOBS_COLLECTION, job.key, () => this.#jobs.updateOne(heldJobFilter(job), { $set: queued }));
    });
  }

  pause(group: string, until: Date): ResultAsync<void, StoreUnavailable> {
    return attempt(() =>
      this.#oneAtATime(JOB_PAUSES_COLLECTION, group, async () => {
        const canMax = (await serverCapabilities(this.#db)).minMaxOperators;
        for (let round = 0; round < MAX_ROUNDS; round += 1) {
          try {
            if (canMax) {
              await this.#pauses.updateOne({ _id: group }, { $max: { until } }, { upsert: true });
              return true;
            }
            if ((await this.#pauses.updateOne(shorterPauseFilter(group, until), { $set: { until } })).matchedCount === 1) return true;
            if ((await this.#pauses.findOne({ _id: group, until: { $gte: until } })) !== null) return true;
            await this.#pauses.insertOne({ _id: group, until });
            return true;
          } catch (error) {
            // Two first pauses of a group at once: the other inserted it; the next round moves it if need be.
            if (!isDuplicateKey(error)) throw error;
          }
        }
        return false;
      }),
    ).andThen(settled);
  }

  pausedGroups(now: Date): ResultAsync<string[], StoreUnavailable> {
    return attempt(async () => (await this.#pauses.find(activePausesFilter(now)).toArray()).map((pause) => pause._id).sort());
  }

  size(): ResultAsync<number, StoreUnavailable> {
    return attempt(() => this.#jobs.countDocuments({}));
  }

  /** False when a document with this `_id` exists. */
  async #insertIfAbsent<T extends { _id: string }>(collection: Collection<T>, document: T): Promise<boolean> {
    try {
      // The driver's OptionalUnlessRequiredId cannot see that T's `_id` is required.
      await collection.insertOne(document as Parameters<Collection<T>['insertOne']>[0]);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** The writes of one key one at a time where the engine's conditional writes are not atomic (FerretDB). */
  #oneAtATime<T>(collection: string, key: string, write: () => Promise<T>): Promise<T> {
    return conditionalWrite(this.#db, collection, [key], write);
  }
}
