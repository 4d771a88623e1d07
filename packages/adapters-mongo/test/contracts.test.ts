/**
 * The domain's contract suites, the same ones the in-memory repositories pass, against a real engine: one engine
 * for the file, a fresh database per test, with the production indexes (the unique external id and e-mail indexes
 * are part of the behaviour under test).
 */
import { after, before } from 'node:test';
import { runProductRepositoryContract, runRecipeRepositoryContract, runUserRepositoryContract } from '@larder/domain/testing';
import { MongoProductRepository, MongoRecipeRepository, MongoUserRepository } from '../src/index.js';
import { startTestDatabase, type TestDatabase } from '../src/testing/test-database.js';

let database: TestDatabase;
before(async () => {
  database = await startTestDatabase();
});
after(() => database.stop());

runRecipeRepositoryContract('mongo', async () => new MongoRecipeRepository(await database.indexedDb('recipes')));
runProductRepositoryContract('mongo', async () => new MongoProductRepository(await database.indexedDb('products')));
runUserRepositoryContract('mongo', async () => new MongoUserRepository(await database.indexedDb('users')));
