/**
 * A write answered 503 because the database was down must not be applied when the database comes back: a client told
 * "unavailable" retries, and would otherwise create twice. The driver cannot cancel a write, so the service's client
 * gives up on a server (`STORE_SERVER_WAIT_MS`) soon enough that the driver itself has failed the write before the
 * store deadline answers for it. Run against the emulator on a port this test owns, stopped and started again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMongoRepositories, openDatabase, pingDatabase, type DatabaseHandle } from '@larder/adapters-mongo';
import type { Recipe } from '@larder/domain';
import { recipeFixture } from '@larder/domain/testing';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/server.js';
import { requestStores } from '../../src/composition/service-container.js';
import { STORE_DEADLINE_MS, STORE_SERVER_WAIT_MS } from '../../src/store-deadline.js';
import { emulatorBinary, startEmulator, type Emulator } from './support/emulator.js';
import { freePort } from '../support/free-port.js';

const binary = emulatorBinary();
const quiet = { info: () => undefined, warn: () => undefined };

describe('a write answered 503 while the database is down', { skip: binary === undefined ? 'no jongodb binary on this platform' : false, timeout: 60_000 }, () => {
  let port: number;
  let emulator: Emulator;
  let database: DatabaseHandle;

  /** A write straight through the driver, as the service's client makes it: how long until the driver itself gives up. */
  const timedInsert = async (recipe: Recipe): Promise<number> => {
    const started = Date.now();
    const written = await createMongoRepositories(database.db).recipes.insert(recipe);
    assert.equal(written._unsafeUnwrapErr().type, 'StoreUnavailable');
    return Date.now() - started;
  };

  before(async () => {
    port = await freePort();
    emulator = await startEmulator(binary ?? '', port);
    const config = loadConfig({ MONGODB_URL: emulator.url, MONGODB_DB: 'late_writes', JWT_SECRET: 'late-writes-test-secret-at-least-32-bytes' })._unsafeUnwrap();
    database = await openStore(config, quiet);
    (await requestStores(database.db).recipes.insert(recipeFixture({ title: 'Before the outage' })))._unsafeUnwrap();
  });

  after(async () => {
    await database.close();
    await emulator.stop();
  });

  it('fails in the driver well before the store deadline, both just after the database went away and once the driver knows it is down', async () => {
    // The driver learns that the server is down from its monitor's next heartbeat (every 10 s); until then a write
    // fails on the refused connection, after that it waits for a server to be selected, up to the client's limit.
    const markedDown = new Promise<void>((resolve) => {
      const listener = (event: { newDescription: { type: string } }) => {
        if (event.newDescription.type !== 'Unknown') return;
        database.client.off('serverDescriptionChanged', listener);
        resolve();
      };
      database.client.on('serverDescriptionChanged', listener);
    });
    await emulator.stop();
    const justGone = await timedInsert(recipeFixture({ title: 'Written as it went away' }));
    await markedDown;
    const knownDown = await timedInsert(recipeFixture({ title: 'Written while it was down' }));
    for (const ms of [justGone, knownDown]) {
      assert.ok(ms < STORE_DEADLINE_MS - 1000, `the driver gave up after ${ms} ms; the deadline answers at ${STORE_DEADLINE_MS} ms`);
    }
    // A write that fails to connect and is retried waits twice: that too must end before the deadline.
    assert.ok(2 * STORE_SERVER_WAIT_MS < STORE_DEADLINE_MS);
  });

  it('answers StoreUnavailable through the request stores, and nothing written during the outage appears when the database is back', async () => {
    const stores = requestStores(database.db);
    const answers = await Promise.all([
      stores.recipes.insert(recipeFixture({ title: 'Created during the outage' })),
      stores.recipes.saveBatch([{ kind: 'insert', recipe: recipeFixture({ title: 'Batched during the outage' }) }]),
    ]);
    for (const answer of answers) assert.equal(answer._unsafeUnwrapErr().type, 'StoreUnavailable');
    // Back on the same address the moment the client was answered, as a restarted database would be.
    emulator = await startEmulator(binary ?? '', port);
    const deadline = Date.now() + 30_000;
    while (!(await pingDatabase(database.db, 500))) {
      assert.ok(Date.now() < deadline, "the service's client did not reach the restarted database within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Longer than any retry could still be waiting for a server.
    await new Promise((resolve) => setTimeout(resolve, STORE_DEADLINE_MS));
    const fresh = await openDatabase({ url: emulator.url, dbName: 'late_writes', logger: () => undefined });
    try {
      // The restart emptied the database (the emulator keeps nothing), so whatever is there was written after it.
      const titles = (await fresh.db.collection('recipes').find().toArray()).map((document) => String(document['title']));
      assert.deepEqual(titles, []);
    } finally {
      await fresh.close();
    }
  });
});
