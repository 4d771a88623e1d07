/**
 * The loop that keeps one of the service's indexes (recipes: `recipe-search.ts`, products: `product-search.ts`)
 * current: built from the database at start-up, in the background, built again after a failure or when the change
 * feed says the database was replaced, and in between the feed polled every `pollMs`, from the start of one poll to
 * the start of the next (a poll that takes longer is followed at once, never overlapped).
 */
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '@larder/domain';

/**
 * A poll reads one small document (the change mark) when nothing was written, so ten a second cost little; the
 * time until another instance lists a write is about half of this plus the poll's reads (median 312 ms at 250 ms
 * on FerretDB at 100,000 recipes).
 */
export const DEFAULT_POLL_MS = 100;

export interface IndexSyncLog {
  info(line: string): void;
  warn(line: string): void;
}

/** What the loop does to one index. */
export interface IndexSyncSteps {
  /** The index's name at the start of its log lines (`search index`), and what it holds (`recipes`). */
  readonly label: string;
  readonly holds: string;
  /** Fills the index from the database and lets listings use it. */
  build(): ResultAsync<unknown, StoreUnavailable>;
  /** Applies the changes since the last poll: how many, or `replaced` (the index is emptied and must be built again). */
  apply(): ResultAsync<number | 'replaced', StoreUnavailable>;
  /** Whether listings come from the complete index. */
  ready(): boolean;
  /** After a build that succeeded. */
  built?(): void;
  /** After a poll the feed answered. */
  polled?(): void;
}

export interface IndexSyncTiming {
  readonly pollMs: number;
  /** Wait before building again after a failed build (the database unreachable). */
  readonly retryMs: number;
}

export interface IndexSync {
  /** Whether listings come from a complete index, and the change feed answered at its last poll. */
  ready(): boolean;
  /** Stops polling: waits for a poll under way, not for a build (it may read the whole library for minutes). */
  stop(): Promise<void>;
}

export function startIndexSync(steps: IndexSyncSteps, log: IndexSyncLog, { pollMs, retryMs }: IndexSyncTiming): IndexSync {
  const { label, holds } = steps;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let failing = false;
  let building = false;
  const later = (ms: number, step: () => Promise<unknown>) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step();
    }, ms);
  };
  const poll = async (): Promise<void> => {
    const started = Date.now();
    const applied = await steps.apply();
    if (applied.isErr() && !failing) log.warn(`${label}: cannot read the change feed (${applied.error.message}); listings may lag until it answers`);
    if (applied.isOk() && failing) log.info(`${label}: the change feed answers again`);
    failing = applied.isErr();
    if (applied.isOk() && applied.value === 'replaced') {
      log.warn(`${label}: the database has fewer writes than it had (replaced or restored): building the index again`);
      later(0, guardedBuild);
      return;
    }
    if (applied.isOk() && !steps.ready()) {
      // A listing read a lower change mark than one seen before and emptied the index (`ListingSource.list`), while
      // the feed, whose own mark trails the listings', saw nothing: build again, or listings stay on the store.
      log.warn(`${label}: a listing found the database replaced or restored: building the index again`);
      later(0, guardedBuild);
      return;
    }
    if (applied.isOk()) steps.polled?.();
    later(Math.max(0, started + pollMs - Date.now()), guardedPoll);
  };
  const build = async (): Promise<void> => {
    failing = false;
    log.info(`${label}: reading the ${holds} from the database`);
    building = true;
    const built = await steps.build();
    building = false;
    if (built.isErr()) {
      log.warn(`${label}: cannot read the ${holds} (${built.error.message}); trying again in ${retryMs} ms`);
      later(retryMs, guardedBuild);
      return;
    }
    steps.built?.();
    later(pollMs, guardedPoll);
  };
  /** A step that throws (a bug, a document the mapping cannot read) is logged and tried again, never left unhandled. */
  const guarded = (step: () => Promise<void>, name: string) => async (): Promise<void> => {
    try {
      await step();
    } catch (error) {
      building = false;
      failing = true;
      log.warn(`${label}: the ${name} failed (${error instanceof Error ? error.message : String(error)}); trying again in ${retryMs} ms`);
      later(retryMs, name === 'build' ? guardedBuild : guardedPoll);
    }
  };
  const guardedBuild = guarded(build, 'build');
  const guardedPoll = guarded(poll, 'poll');
  running = guardedBuild();
  return {
    ready: () => steps.ready() && !failing,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (!building) await running.catch(() => undefined);
    },
  };
}
