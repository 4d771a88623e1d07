import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import type { Db } from 'mongodb';
import { openDatabase } from '../engine/connect.js';
import { ensureIndexes } from '../indexes/ensure-indexes.js';
import type { DatabaseHandle } from '../engine/types.js';
import type { TestEngine } from './test-engines.js';

export { testEngines, ferretdbTestEngine, type TestEngine } from './test-engines.js';

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
const engineLogged = new Set<string>();

function logOnce(line: string): void {
  const engine = /^database engine: (\S+)/.exec(line)?.[1] ?? line;
  if (engineLogged.has(engine)) return;
  engineLogged.add(engine);
  process.stderr.write(`${line}\n`);
}

/**
 * One engine per test file (per engine of `testEngines()`): call in `before`, `stop()` in `after`. Without an
 * engine: `MONGODB_URL` when set, otherwise the best embedded engine (see `openDatabase`).
 */
export async function startTestDatabase(engine?: TestEngine): Promise<TestDatabase> {
  const open = engine?.open ?? { url: process.env['MONGODB_URL'] };
  const handle = await openDatabase({ ...open, appName: 'larder-tests', logger: logOnce });
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
      // A shared server keeps what it is given; FerretDB drops its throwaway PostgreSQL database on close anyway,
      // but each test's database goes first; jongodb has no dropDatabase and takes its data with it.
      if (handle.engine !== 'jongodb') await Promise.allSettled(created.map((db) => db.dropDatabase()));
      await handle.close();
    },
  };
}

/**
 * The engine's test database for the describe block this is called in: started in the block's `before`, stopped in
 * its `after`. The object returned reaches the database once it has started.
 */
export function testDatabaseFor(engine: TestEngine): TestDatabase {
  let started: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (started === undefined) throw new Error('the test database was used before its before hook ran');
    return started;
  };
  before(async () => {
    started = await startTestDatabase(engine);
  });
  after(() => current().stop());
  return {
    get handle() {
      return current().handle;
    },
    freshDb: (name) => current().freshDb(name),
    indexedDb: (name) => current().indexedDb(name),
    stop: () => current().stop(),
  };
}
