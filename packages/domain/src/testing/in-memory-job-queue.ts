import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { JobQueue, JobRequest, LeasedJob } from '../jobs/job-queue.js';

interface Entry {
  kind: string;
  key: string;
  group: string;
  payload: Readonly<Record<string, string>>;
  runAt: Date;
  attempts: number;
  firstAttemptAt: Date | null;
  state: 'queued' | 'running';
  again: boolean;
  leaseId: string | null;
  leaseUntil: Date | null;
  lastError: string | null;
}

/** The job queue in memory: one process's jobs, lost with it. For tests and embedding. */
export class InMemoryJobQueue implements JobQueue {
  readonly #jobs = new Map<string, Entry>();
  readonly #pauses = new Map<string, Date>();
  #leases = 0;
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? errAsync({ type: 'StoreUnavailable', message: 'in-memory job queue switched off' }) : okAsync(value());
  }

  enqueue(request: JobRequest, options: { readonly ifAbsent?: boolean } = {}): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      const existing = this.#jobs.get(request.key);
      if (existing !== undefined) {
        if (options.ifAbsent === true) return;
        if (existing.state === 'running') existing.again = true;
        else if (request.runAt < existing.runAt) existing.runAt = request.runAt;
        return;
      }
      this.#jobs.set(request.key, {
        ...request,
        attempts: 0,
        firstAttemptAt: null,
        state: 'queued',
        again: false,
        leaseId: null,
        leaseUntil: null,
        lastError: null,
      });
    });
  }

  lease(request: { owner: string; now: Date; leaseMs: number; skipGroups: readonly string[] }): ResultAsync<LeasedJob | null, StoreUnavailable> {
    return this.#check(() => {
      const due = [...this.#jobs.values()]
        .filter((job) => !request.skipGroups.includes(job.group))
        .filter((job) => (job.state === 'queued' ? job.runAt <= request.now : (job.leaseUntil ?? request.now) < request.now))
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime())[0];
      if (due === undefined) return null;
      this.#leases += 1;
      due.state = 'running';
      due.leaseId = `${request.owner}#${this.#leases}`;
      due.leaseUntil = new Date(request.now.getTime() + request.leaseMs);
      return this.#view(due);
    });
  }

  #view(entry: Entry): LeasedJob {
    return {
      key: entry.key,
      kind: entry.kind,
      group: entry.group,
      payload: entry.payload,
      attempts: entry.attempts,
      firstAttemptAt: entry.firstAttemptAt,
      leaseId: entry.leaseId ?? '',
      leaseUntil: entry.leaseUntil ?? new Date(0),
    };
  }

  #held(job: LeasedJob): Entry | undefined {
    const entry = this.#jobs.get(job.key);
    return entry !== undefined && entry.state === 'running' && entry.leaseId === job.leaseId ? entry : undefined;
  }

  extend(job: LeasedJob, now: Date, leaseMs: number): ResultAsync<boolean, StoreUnavailable> {
    return this.#check(() => {
      const entry = this.#held(job);
      if (entry === undefined) return false;
      entry.leaseUntil = new Date(now.getTime() + leaseMs);
      return true;
    });
  }

  complete(job: LeasedJob, now: Date, runAgainAt?: Date): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      const entry = this.#held(job);
      if (entry === undefined) return;
      if (!entry.again && runAgainAt === undefined) {
        this.#jobs.delete(job.key);
        return;
      }
      const runAt = entry.again || runAgainAt === undefined ? now : runAgainAt;
      Object.assign(entry, { state: 'queued', again: false, runAt, attempts: 0, firstAttemptAt: null, leaseId: null, leaseUntil: null });
    });
  }

  retry(job: LeasedJob, next: { runAt: Date; firstAttemptAt: Date; lastError: string }): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      const entry = this.#held(job);
      if (entry === undefined) return;
      Object.assign(entry, {
        state: 'queued',
        again: false,
        runAt: next.runAt,
        attempts: job.attempts + 1,
        firstAttemptAt: next.firstAttemptAt,
        leaseId: null,
        leaseUntil: null,
        lastError: next.lastError,
      });
    });
  }

  pause(group: string, until: Date): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      const current = this.#pauses.get(group);
      if (current === undefined || current < until) this.#pauses.set(group, until);
    });
  }

  pausedGroups(now: Date): ResultAsync<string[], StoreUnavailable> {
    return this.#check(() => [...this.#pauses].filter(([, until]) => until > now).map(([group]) => group));
  }

  size(): ResultAsync<number, StoreUnavailable> {
    return this.#check(() => this.#jobs.size);
  }
}
