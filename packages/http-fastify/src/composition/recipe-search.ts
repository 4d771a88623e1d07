/**
 * The service's recipe search index: built from the database at start-up (in the background: `/readyz` answers 503
 * until it is), then kept current with the writes of other instances and of the CLI by polling the change feed.
 * This process's own writes reach the index as they succeed (`IndexedRecipeRepository`).
 */
import { applyRecipeFeedChanges, buildRecipeIndex, saveRecipeIndexSnapshot, type IndexedRecipeRepository, type RecipeChangeFeed, type RecipeIndexSnapshots } from '@larder/domain';
import { DEFAULT_POLL_MS, startIndexSync, type IndexSync, type IndexSyncLog } from './index-sync.js';

export type RecipeSearchLog = IndexSyncLog;

export interface RecipeSearchOptions {
  /**
   * How often the change feed is read, from the start of one poll to the start of the next (a poll that takes longer
   * is followed at once, never overlapped): a write elsewhere is listed here within about this long plus a poll.
   */
  readonly pollMs?: number;
  /** Wait before building again after a failed build (the database unreachable). */
  readonly retryMs?: number;
  readonly pageSize?: number;
  readonly progressEvery?: number;
  /** Started from when it can be, written every `snapshotEveryMs` and at `stop` (see `recipe-index-file.ts`). */
  readonly snapshot?: { readonly snapshots: RecipeIndexSnapshots; readonly source: string } | undefined;
  /**
   * How often the snapshot is written while running, when the index changed since the last one (and once soon after
   * the index is built): a start after a crash then reads it and the changes since. Keep it well within
   * the feed's 10 minutes of records (`CHANGES_KEPT_SECONDS` in adapters-mongo, less a minute in `resume`).
   */
  readonly snapshotEveryMs?: number;
}

/** `stop` also keeps a snapshot, when there is a place for one. */
export type RecipeSearchSync = IndexSync;

export const DEFAULT_SNAPSHOT_EVERY_MS = 300_000;

export function startRecipeSearchSync(recipes: IndexedRecipeRepository, feed: RecipeChangeFeed, log: RecipeSearchLog, options: RecipeSearchOptions = {}): RecipeSearchSync {
  const [pollMs, retryMs, snapshotEveryMs] = [options.pollMs ?? DEFAULT_POLL_MS, options.retryMs ?? 2000, options.snapshotEveryMs ?? DEFAULT_SNAPSHOT_EVERY_MS];
  /** When the last snapshot was taken and the feed's mark then (the same mark since: nothing to write). */
  let kept: { at: number; mark: string | undefined } = { at: Number.NEGATIVE_INFINITY, mark: undefined };
  /** A snapshot being written, at most one at a time. */
  let saving: Promise<void> | undefined;
  const keepSnapshot = (snapshot: NonNullable<RecipeSearchOptions['snapshot']>, what: string): Promise<void> => {
    const [started, mark, size] = [Date.now(), feed.position().mark, recipes.index.size];
    return saveRecipeIndexSnapshot(recipes, feed, snapshot.snapshots, snapshot.source).then(
      (saved) => {
        if (!saved) return;
        kept = { at: started, mark };
        log.info(`search index: ${size} recipes kept ${what} (${Date.now() - started} ms)`);
      },
      (error: unknown) => {
        // Tried again after the interval, not at the next poll (a full disk would otherwise fill the log).
        kept = { at: started, mark: kept.mark };
        log.warn(`search index: cannot keep a snapshot (${error instanceof Error ? error.message : String(error)})`);
      },
    );
  };
  /** Starts writing a snapshot in the background when one is due; the polls go on meanwhile. */
  const snapshotIfDue = (): void => {
    const snapshot = options.snapshot;
    if (snapshot === undefined || saving !== undefined || Date.now() - kept.at < snapshotEveryMs || feed.position().mark === kept.mark) return;
    saving = keepSnapshot(snapshot, 'in the snapshot for a restart').finally(() => {
      saving = undefined;
    });
  };
  const sync = startIndexSync(
    {
      label: 'search index',
      holds: 'recipes',
      build: () =>
        buildRecipeIndex(recipes, feed, {
          log: (line) => log.info(line),
          ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
          ...(options.progressEvery === undefined ? {} : { progressEvery: options.progressEvery }),
          snapshot: options.snapshot,
        }),
      apply: () => applyRecipeFeedChanges(recipes, feed),
      ready: () => recipes.ready,
      // A snapshot is due at once: after a scan there is none, and one read at this start ages out of the feed's window.
      built: () => {
        kept = { at: Number.NEGATIVE_INFINITY, mark: undefined };
      },
      polled: snapshotIfDue,
    },
    log,
    { pollMs, retryMs },
  );
  return {
    ready: () => sync.ready(),
    stop: async () => {
      // A poll is short; a build may read the whole library for minutes, and is simply left (nothing to keep yet).
      await sync.stop();
      if (options.snapshot === undefined) return;
      // One writer of the file at a time: a periodic snapshot under way finishes first.
      await saving;
      await keepSnapshot(options.snapshot, 'for the next start');
    },
  };
}
