import type { FindCursor } from 'mongodb';

/** How many documents an export walk reads and hands over at a time. */
export const EXPORT_BATCH = 500;

/**
 * Walks `cursor` (read `EXPORT_BATCH` documents a round trip), handing `visit` the mapped items `EXPORT_BATCH` at a
 * time and waiting for it before reading on, so that an export of any size holds one batch in memory.
 */
export async function visitInBatches<D, T>(cursor: FindCursor<D>, map: (document: D) => T, visit: (batch: readonly T[]) => void | Promise<void>): Promise<void> {
  let batch: T[] = [];
  for await (const document of cursor.batchSize(EXPORT_BATCH)) {
    batch.push(map(document));
    if (batch.length === EXPORT_BATCH) {
      await visit(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await visit(batch);
}
