/**
 * Conditional writes (`replaceOne({ _id, version })`) made atomic where the engine does not make them so. FerretDB
 * 1.24 reads the matching documents and then writes them by `_id`, so concurrent writers of one version can all
 * match. Within this process such writes to one document are taken one at a time, which restores "exactly one
 * writer of a version wins" for a single service process; writers in other processes are not covered (see
 * docs/mongodb-adapter.md, "What was verified where").
 */
import type { Db } from 'mongodb';
import { serverCapabilities } from './engine/server-capabilities.js';

const held = new Map<string, Promise<void>>();

async function lock(key: string): Promise<() => void> {
  const previous = held.get(key) ?? Promise.resolve();
  let release = (): void => undefined;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const chained = previous.then(() => mine);
  held.set(key, chained);
  await previous;
  return () => {
    release();
    if (held.get(key) === chained) held.delete(key);
  };
}

/** Runs `write` holding the locks of these documents (taken in a fixed order, so two batches cannot deadlock). */
export async function conditionalWrite<T>(db: Db, collection: string, ids: readonly string[], write: () => Promise<T>): Promise<T> {
  if ((await serverCapabilities(db)).atomicConditionalUpdates || ids.length === 0) return write();
  const releases: (() => void)[] = [];
  try {
    for (const id of [...new Set(ids)].sort()) releases.push(await lock(`${db.databaseName}\u0000${collection}\u0000${id}`));
    return await write();
  } finally {
    releases.forEach((release) => release());
  }
}
