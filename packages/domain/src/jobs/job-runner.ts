/**
 * The job runner: leases due jobs from the queue, runs each through its handler, keeps the lease alive while it runs,
 * and decides what a failure means (retry with backoff and jitter, wait what the other side asked, pause a group,
 * or give up after the policy's attempts or age). Handlers make one attempt each and report honestly.
 */
import type { Clock } from '../shared/ports.js';
import type { GiveUp, JobFailure, JobHandler, RetryLater } from './job-handler.js';
import type { JobQueue, LeasedJob } from './job-queue.js';
import { backoffMs, DEFAULT_RETRY_POLICY, exhausted, type RetryPolicy } from './retry-policy.js';

export interface JobRunnerOptions {
  readonly queue: JobQueue;
  readonly handlers: readonly JobHandler[];
  readonly clock: Clock;
  /** Names this runner in leases (host and process). */
  readonly owner: string;
  /** Jobs run at once (default 4). */
  readonly concurrency?: number;
  /** How often the queue is looked at when nothing wakes the runner (default 1000 ms). */
  readonly pollMs?: number;
  /** How long a lease lasts; it is renewed every third of it while the job runs (default 60 s). */
  readonly leaseMs?: number;
  /** For the handlers that have no policy of their own. */
  readonly policy?: RetryPolicy;
  readonly random?: () => number;
  /** Where the runner's own troubles go (the store unreachable, a handler that threw). */
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
}

export interface JobRunner {
  /** Looks at the queue now (after a job was queued) instead of at the next poll. */
  wake(): void;
  /** Resolves once the queue has nothing due for this runner and no job runs (for tests, benches and the CLI). */
  idle(): Promise<void>;
  /** Resolves once the queue is empty: every job done or given up, retries included (tests, benches, the CLI). */
  drained(): Promise<void>;
  /** Stops leasing and waits for the running jobs to end. */
  stop(): Promise<void>;
}

const asRetry = (failure: JobFailure): RetryLater | GiveUp =>
  failure.type === 'StoreUnavailable' ? { type: 'RetryLater', afterMs: null, code: 'unavailable', message: 'the database could not be reached' } : failure;

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { queue, clock } = options;
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const defaultPolicy = options.policy ?? DEFAULT_RETRY_POLICY;
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => undefined);
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
  const running = new Set<Promise<void>>();
  let stopped = false;
  let nothingDue = false;
  /** Set when the queue may have changed while the loop was looking (a job ended, someone queued one). */
  let lookAgain = false;
  let wakeUp: (() => void) | undefined;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (nothingDue && running.size === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };

  const finish = async (job: LeasedJob, failure: RetryLater | GiveUp, startedAt: Date): Promise<void> => {
    const handler = handlers.get(job.kind);
    const policy = handler?.policy ?? defaultPolicy;
    const now = clock.now();
    const firstAttemptAt = job.firstAttemptAt ?? startedAt;
    if (failure.type === 'RetryLater' && failure.pauseGroupMs !== undefined) {
      await queue.pause(job.group, new Date(now.getTime() + failure.pauseGroupMs));
    }
    if (failure.type === 'GiveUp' || exhausted(job.attempts + 1, firstAttemptAt, now, policy)) {
      const recorded = handler === undefined ? undefined : await handler.gaveUp(job, failure);
      if (recorded !== undefined && recorded.isErr()) {
        // Not recorded: keep the job so that the record is written on a later attempt.
        await queue.retry(job, { runAt: new Date(now.getTime() + backoffMs(job.attempts + 1, policy, random)), firstAttemptAt, lastError: failure.message });
        return;
      }
      await queue.complete(job, now);
      return;
    }
    const wait = Math.max(failure.afterMs ?? 0, backoffMs(job.attempts + 1, policy, random));
    await queue.retry(job, { runAt: new Date(now.getTime() + wait), firstAttemptAt, lastError: failure.message });
  };

  const lookNow = () => {
    lookAgain = true;
    nothingDue = false;
    wakeUp?.();
  };

  const runOne = async (job: LeasedJob): Promise<void> => {
    const startedAt = clock.now();
    const handler = handlers.get(job.kind);
    const keepLease = setInterval(() => void queue.extend(job, clock.now(), leaseMs), Math.max(10, leaseMs / 3));
    try {
      if (handler === undefined) {
        await finish(job, { type: 'GiveUp', code: 'unknown_job', message: `no handler for jobs of kind ${job.kind}` }, startedAt);
        return;
      }
      const outcome = await handler.run(job, { number: job.attempts + 1 }).then(
        (result) => result,
        (error: unknown) => {
          log('a job handler threw', { kind: job.kind, key: job.key, error: error instanceof Error ? error.message : String(error) });
          return null;
        },
      );
      if (outcome === null) await finish(job, { type: 'RetryLater', afterMs: null, code: 'internal', message: 'an internal error' }, startedAt);
      else if (outcome.isOk()) {
        const again = typeof outcome.value === 'object' ? outcome.value.at : undefined;
        await queue.complete(job, clock.now(), again);
        // Asked to run again before the next poll (more work is due): look at once rather than sleep.
        if (again !== undefined && again.getTime() - clock.now().getTime() < pollMs) lookNow();
      }
      else await finish(job, asRetry(outcome.error), startedAt);
    } catch (error) {
      log('the job queue could not record a job', { key: job.key, error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearInterval(keepLease);
    }
  };

  const loop = async (): Promise<void> => {
    while (!stopped) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      lookAgain = false;
      const now = clock.now();
      const leased = await queue
        .pausedGroups(now)
        .andThen((skipGroups) => queue.lease({ owner: options.owner, now, leaseMs, skipGroups }));
      if (leased.isErr()) log('the job queue could not be read', { error: leased.error.message });
      const job = leased.isOk() ? leased.value : null;
      if (job !== null) {
        nothingDue = false;
        const run: Promise<void> = runOne(job).finally(() => {
          running.delete(run);
          settleIdle();
        });
        running.add(run);
        continue;
      }
      if (lookAgain) continue;
      nothingDue = leased.isOk();
      settleIdle();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  };

  const looping = loop();

  return {
    wake() {
      lookNow();
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        this.wake();
      });
    },
    async drained() {
      for (;;) {
        await this.idle();
        const size = await queue.size();
        if (size.isOk() && size.value === 0) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, 50)));
      }
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await looping;
      await Promise.all(running);
    },
  };
}
