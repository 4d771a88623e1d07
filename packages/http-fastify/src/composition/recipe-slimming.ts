/**
 * The one-time removal of the search keys recipe documents used to carry (`slimRecipeDocuments`), run in the
 * background once the service lists from its search index: the old fields are ignored by every reader, so nothing
 * waits for it, and it does not compete with the index's first scan of the database. Stopped with the service; what
 * it has not done, the next start does.
 */
import { slimRecipeDocuments, type DatabaseHandle } from '@larder/adapters-mongo';

export interface RecipeSlimmingLog {
  info(line: string): void;
  warn(line: string): void;
}

const PROGRESS_EVERY = 10_000;

/** How long a stop waits for the batch under way. */
const STOP_WAIT_MS = 3000;

export function startRecipeSlimming(db: DatabaseHandle['db'], log: RecipeSlimmingLog, listingReady: () => boolean, waitMs = 1000): { stop(): Promise<void> } {
  const stopping = new AbortController();
  const settled = (): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (stopping.signal.aborted || listingReady()) resolve();
        else setTimeout(check, waitMs).unref();
      };
      check();
    });
  const running = settled().then(async () => {
    if (stopping.signal.aborted) return;
    const started = Date.now();
    let shown = 0;
    const report = await slimRecipeDocuments(db, {
      signal: stopping.signal,
      onProgress: (slimmed) => {
        if (slimmed - shown < PROGRESS_EVERY) return;
        shown = slimmed;
        log.info(`recipe documents: search keys removed from ${slimmed} so far`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (report.alreadyDone) return;
    if (report.done) log.info(`recipe documents: the search keys of earlier versions removed from ${report.slimmed} documents in ${seconds} s (once)`);
    else log.info(`recipe documents: search keys removed from ${report.slimmed} documents; the rest at the next start`);
  }).catch((error: unknown) => {
    log.warn(`recipe documents: cannot remove the search keys of earlier versions (${error instanceof Error ? error.message : String(error)}); trying again at the next start`);
  });
  return {
    /**
     * Waits for the batch under way, but not for long: a pass's first read can be a whole-table scan on FerretDB, and
     * the stop must not keep the search index's snapshot (written by a later closer) from being written. The database
     * connection, closed last, ends such a read; the migration goes on at the next start.
     */
    async stop() {
      stopping.abort();
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
