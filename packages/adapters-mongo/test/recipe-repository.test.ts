import { after, before } from 'node:test';
import { runRecipeRepositoryContract } from '@larder/domain/testing';
import { ensureIndexes, MongoRecipeRepository } from '../src/index.js';
import { startTestDatabase, type TestDatabase } from '../src/testing/test-database.js';

let database: TestDatabase;
before(async () => {
  database = await startTestDatabase();
});
after(() => database.stop());

// A database per test, with the production indexes: the unique external id index is part of the behaviour.
runRecipeRepositoryContract('mongo', async () => {
  const db = database.freshDb('recipes');
  (await ensureIndexes(db))._unsafeUnwrap();
  return new MongoRecipeRepository(db);
});
