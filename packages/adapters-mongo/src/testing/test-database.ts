import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { openDatabase } from '../engine/connect.js';
import { ensureIndexes } from '../indexes/ensure-indexes.js';
import type { DatabaseHandle } from '../engine/types.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A database no other test has used, on the same client, so tests never see each other's data. */
  freshDb(name?: string): Db;
  /** A fresh database with the production indexes (unique external id and e-mail are behaviour under test). */
  indexedDb(name?: string): Promise<Db>;
  /** Drops the databases made on a shared server, then closes the handle and stops the engine. */
  stop(): Promise<void>;
}

// MongoDB database names: at most 63 bytes, none of / \ . " $ space.
const MAX_DB_NAME = 63;
let engineLogged = false;

function logOnce(line: string): void {
  if (engineLogged) return;
  engineLogged = true;
  process.stderr.write(`${line}\n`);
}

/**
 * One engine per test file: call in `before`, `stop()` in `after`. Uses `MONGODB_URL` when set, so CI can point
 * every suite at a real server; otherwise the best embedded engine (see `openDatabase`).
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const handle = await openDatabase({ url: process.env['MONGODB_URL'], appName: 'larder-tests', logger: logOnce });
  // The random run id keeps parallel test files (and leftovers of killed runs) apart on a shared server.
  const runId = randomBytes(4).toString('hex');
  const created: Db[] = [];
  let counter = 0;
  const freshDb = (name = 'test'): Db => {
    counter += 1;
    const suffix = `_${runId}_${counter}`;
    const base = name.replace(/[/\\. "$]/g, '_').slice(0, MAX_DB_NAME - suffix.length);
    const db = handle.client.db(`${base}${suffix}`);
    created.push(db);
    return db;
  };
  return {
    handle,
    freshDb,
    async indexedDb(name) {
      const db = freshDb(name);
      (await ensureIndexes(db))._unsafeUnwrap();
      return db;
    },
    async stop() {
      // Embedded engines take their data with them (and jongodb has no dropDatabase); a shared server does not.
      if (!handle.ephemeral) await Promise.allSettled(created.map((db) => db.dropDatabase()));
      await handle.close();
    },
  };
}
