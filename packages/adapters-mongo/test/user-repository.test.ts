import { after, before } from 'node:test';
import { runUserRepositoryContract } from '@larder/domain/testing';
import { ensureIndexes, MongoUserRepository } from '../src/index.js';
import { startTestDatabase, type TestDatabase } from '../src/testing/test-database.js';

let database: TestDatabase;
before(async () => {
  database = await startTestDatabase();
});
after(() => database.stop());

// The unique e-mail index is what makes the duplicate-e-mail case of the contract pass.
runUserRepositoryContract('mongo', async () => {
  const db = database.freshDb('users');
  (await ensureIndexes(db))._unsafeUnwrap();
  return new MongoUserRepository(db);
});
