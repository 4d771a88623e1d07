/**
 * The domain's contract suites, the same ones the in-memory repositories pass, against a real engine: one engine
 * for the file, a fresh database per test, with the production indexes (the unique external id and e-mail indexes
 * are part of the behaviour under test).
 */
import { after, before } from 'node:test';
import type { Db } from 'mongodb';
import { runProductRepositoryContract, runRecipeRepositoryContract, runUserRepositoryContract } from '@larder/domain/testing';
import { ensureIndexes, MongoProductRepository, MongoRecipeRepository, MongoUserRepository } from '../src/index.js';
import { startTestDatabase, type TestDatabase } from '../src/testing/test-database.js';

let database: TestDatabase;
before(async () => {
  database = await startTestDatabase();
});
after(() => database.stop());

async function indexedDb(name: string): Promise<Db> {
  const db = database.freshDb(name);
  (await ensureIndexes(db))._unsafeUnwrap();
  return db;
}

runRecipeRepositoryContract('mongo', async () => new MongoRecipeRepository(await indexedDb('recipes')));
runProductRepositoryContract('mongo', async () => new MongoProductRepository(await indexedDb('products')));
runUserRepositoryContract('mongo', async () => new MongoUserRepository(await indexedDb('users')));
