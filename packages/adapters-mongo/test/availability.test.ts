/**
 * An unreachable database is a `StoreUnavailable` value with a generic message, reached within the driver's server
 * selection timeout — never a hang and never the driver's text (which names hosts and ports).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MongoClient, type Db } from 'mongodb';
import { recipeListQueryFrom } from '@larder/domain';
import { productFixture, recipeFixture, userFixture } from '@larder/domain/testing';
import { createMongoRepositories, ensureIndexes, GridFsFileStore, pingDatabase, STORE_UNAVAILABLE } from '../src/index.js';
import { locateJongodb, startJongodb } from '../src/engine/jongodb.js';

/** The generic outage, naming the error's class (the driver's, or `Error`), nothing of its text (hosts, ports). */
function assertUnavailable(error: { type: string; message?: string }): void {
  assert.equal(error.type, STORE_UNAVAILABLE.type);
  assert.match(error.message ?? '', /^The database cannot be reached right now \([A-Za-z]*Error( \d+)?\)\.$/);
}

/** A port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let client: MongoClient;
let db: Db;
let port: number;
before(async () => {
  port = await closedPort();
  client = new MongoClient(`mongodb://127.0.0.1:${port}`, { serverSelectionTimeoutMS: 300, connectTimeoutMS: 300 });
  db = client.db('unreachable');
});
after(() => client.close());

// The test timeout is the "no hang" bound; the assertions are about what the caller gets.
describe('an unreachable database', { timeout: 20_000 }, () => {
  it('makes every repository call answer StoreUnavailable with a message that reveals nothing', async () => {
    const { recipes, products, users } = createMongoRepositories(db);
    const files = new GridFsFileStore(db);
    const results = await Promise.all([
      recipes.insert(recipeFixture()),
      recipes.findById('r1'),
      recipes.list(recipeListQueryFrom({ q: 'soup' }, { page: 1, perPage: 20 })),
      recipes.saveBatch([{ kind: 'insert', recipe: recipeFixture() }]),
      recipes.update(recipeFixture(), 1),
      products.insert(productFixture()),
      products.list({}, { page: 1, perPage: 20 }),
      users.insert(userFixture()),
      users.list(),
      ensureIndexes(db),
      files.put('documents/p1/a.pdf', new Uint8Array(10), { contentType: 'application/pdf' }),
      files.put('documents/p1/b.pdf', new Uint8Array(600_000), { contentType: 'application/pdf' }),
      files.head('documents/p1/a.pdf'),
      files.get('documents/p1/a.pdf'),
      files.list('documents/'),
      files.delete('documents/p1/a.pdf'),
    ]);
    for (const result of results) {
      assertUnavailable(result._unsafeUnwrapErr());
      assert.doesNotMatch(JSON.stringify(result._unsafeUnwrapErr()), new RegExp(`127\\.0\\.0\\.1|${port}|ECONNREFUSED`));
    }
  });

  it('fails the readiness ping instead of throwing', async () => {
    assert.equal(await pingDatabase(db, 500), false);
  });
});

// The usual way to lose a database: it was there at start-up and goes away. Needs an engine this test may stop,
// so it starts its own emulator rather than the shared one.
const located = locateJongodb();
describe('a database that goes away after start-up', { timeout: 30_000, skip: 'reason' in located ? located.reason : false }, () => {
  it('is ready while it answers; once gone, calls answer StoreUnavailable and the ping says not ready', async () => {
    const engine = await startJongodb();
    const ownClient = new MongoClient(engine.url, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
    try {
      const { recipes } = createMongoRepositories(ownClient.db('goes-away'));
      const recipe = recipeFixture();
      assert.deepEqual((await recipes.insert(recipe))._unsafeUnwrap(), recipe);
      assert.equal(await pingDatabase(ownClient.db('goes-away'), 2000), true);
      await engine.stop();
      assertUnavailable((await recipes.findById(recipe.id))._unsafeUnwrapErr());
      assertUnavailable((await recipes.saveBatch([{ kind: 'insert', recipe: recipeFixture() }]))._unsafeUnwrapErr());
      assert.equal(await pingDatabase(ownClient.db('goes-away'), 500), false);
    } finally {
      await ownClient.close();
      await engine.stop();
    }
  });
});
