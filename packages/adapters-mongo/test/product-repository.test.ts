import { after, before } from 'node:test';
import { runProductRepositoryContract } from '@larder/domain/testing';
import { ensureIndexes, MongoProductRepository } from '../src/index.js';
import { startTestDatabase, type TestDatabase } from '../src/testing/test-database.js';

let database: TestDatabase;
before(async () => {
  database = await startTestDatabase();
});
after(() => database.stop());

runProductRepositoryContract('mongo', async () => {
  const db = database.freshDb('products');
  (await ensureIndexes(db))._unsafeUnwrap();
  return new MongoProductRepository(db);
});
