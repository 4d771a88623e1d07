import { randomBytes } from 'node:crypto';
import { after, afterEach, before, beforeEach } from 'node:test';
import type { Db } from 'mongodb';
import { connectClient } from '../engine/client.js';
import { openDatabase } from '../engine/connect.js';
import { urlWithDatabase } from '../engine/database-name.js';
import { redactUrl } from '../engine/redact.js';
import { ensureIndexes } from '../indexes/ensure-indexes.js';
import { INDEX_SPECS } from '../indexes/index-specs.js';
import type { DatabaseHandle, EngineKind } from '../engine/types.js';
import type { SharedEngine, TestEngine } from './test-engines.js';

export { testEngines, primaryTestEngine, ferretdbTestEngine, type TestEngine } from './test-engines.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A database no other test has used, on the same client, so tests never see each other's data. */
  freshDb(name?: string): Db;
  /** A fresh database with the production indexes (unique external id and e-mail are behaviour under test). */
  indexedDb(name?: string): Promise<Db>;
  /** Drops the databases it made, then closes the handle and stops the engine (a shared one keeps running). */
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
 * A client of an engine the package's test run shares (scripts/run-tests.mjs started it): closing it leaves the
 * engine running for the other test files.
 */
async function connectShared(label: string, shared: SharedEngine, runId: string): Promise<DatabaseHandle> {
  // The client's default database is this file's own, so that nothing lands in another file's by accident.
  const { client, db } = await connectClient(shared.url, { dbName: `test_${runId}`, appName: 'larder-tests' });
  logOnce(`database engine: ${label} (shared by this package's test run, at ${redactUrl(shared.url)})`);
  return {
    client,
    db,
    engine: shared.kind,
    url: urlWithDatabase(redactUrl(shared.url), db.databaseName),
    ephemeral: true,
    keptIn: undefined,
    postgresqlDatabase: shared.postgresqlDatabase === undefined ? undefined : new URL(shared.postgresqlDatabase),
    close: () => client.close(),
  };
}

/**
 * The engine's test database for one test file (per engine of `testEngines()`): call in `before`, `stop()` in
 * `after`. A shared engine (run-tests.mjs) is connected to; otherwise the file starts its own. Without an engine:
 * `MONGODB_URL` when set, otherwise the best embedded engine (see `openDatabase`).
 */
export async function startTestDatabase(engine?: TestEngine): Promise<TestDatabase> {
  // The random run id keeps parallel test files (and leftovers of killed runs) apart on a shared server.
  const runId = randomBytes(4).toString('hex');
  const open = engine?.open ?? { url: process.env['MONGODB_URL'] };
  const handle =
    engine?.shared === undefined
      ? await openDatabase({ ...open, appName: 'larder-tests', logger: logOnce })
      : await connectShared(engine.label, engine.shared, runId);
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
      // A shared server keeps what it is given, so each test's database goes (FerretDB also drops its throwaway
      // PostgreSQL database when it stops); jongodb has no dropDatabase: its data goes when the engine stops, at the
      // end of the file or, shared, of the package's run.
      if (handle.engine !== 'jongodb') await Promise.allSettled(created.map((db) => db.dropDatabase()));
      await handle.close();
    },
  };
}

/**
 * Engines on which a database with the production indexes is slow to make: FerretDB runs DDL in PostgreSQL (or
 * SQLite) for every index, about half a second a database, once per test. `testDatabaseFor` empties such a database
 * after its test and hands it to the next one that asks for one.
 */
const reusesIndexedDatabases = (engine: EngineKind): boolean => engine === 'ferretdb-postgresql' || engine === 'ferretdb-sqlite';

const INDEXED_COLLECTIONS = new Set(INDEX_SPECS.map((spec) => spec.collection));

/**
 * Empties a test's database for the next test: the documents of the collections with production indexes go (the
 * indexes stay), any other collection is dropped. False when that fails: the database is then not used again.
 */
async function emptyForReuse(db: Db): Promise<boolean> {
  try {
    const collections = await db.listCollections({}, { nameOnly: true }).toArray();
    await Promise.all(
      collections.map(({ name }) => (INDEXED_COLLECTIONS.has(name) ? db.collection(name).deleteMany({}) : db.dropCollection(name))),
    );
    const left = await Promise.all([...INDEXED_COLLECTIONS].map((name) => db.collection(name).estimatedDocumentCount()));
    return left.every((count) => count === 0);
  } catch {
    return false;
  }
}

/**
 * The engine's test database for the describe block this is called in: started in the block's `before`, stopped in
 * its `after`. The object returned reaches the database once it has started. On FerretDB a database `indexedDb` gives
 * a test is emptied after it and given to a later test (see `reusesIndexedDatabases`); one made outside a test (in a
 * `before` hook) is never reused.
 */
export function testDatabaseFor(engine: TestEngine): TestDatabase {
  let started: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (started === undefined) throw new Error('the test database was used before its before hook ran');
    return started;
  };
  let inTest = false;
  let handedOut: Db[] = [];
  const emptied: Db[] = [];
  before(async () => {
    started = await startTestDatabase(engine);
  });
  beforeEach(() => {
    inTest = true;
    handedOut = [];
  });
  afterEach(async () => {
    inTest = false;
    const used = handedOut;
    handedOut = [];
    for (const db of used) if (await emptyForReuse(db)) emptied.push(db);
  });
  after(() => current().stop());
  return {
    get handle() {
      return current().handle;
    },
    freshDb: (name) => current().freshDb(name),
    async indexedDb(name) {
      const database = current();
      if (!inTest || !reusesIndexedDatabases(database.handle.engine)) return database.indexedDb(name);
      const db = emptied.pop() ?? (await database.indexedDb(name));
      handedOut.push(db);
      return db;
    },
    stop: () => current().stop(),
  };
}
