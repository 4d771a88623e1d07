/**
 * The domain's contract suites, the same ones the in-memory repositories pass, against every test engine (see
 * `testEngines`): one engine process for the file, a fresh database per test, with the production indexes (the
 * unique external id and e-mail indexes are part of the behaviour under test).
 */
import { describe } from 'node:test';
import { runProductRepositoryContract, runProfileRepositoryContract, runRecipeRepositoryContract, runUserRepositoryContract } from '@larder/domain/testing';
import { MongoProductRepository, MongoProfileRepository, MongoRecipeRepository, MongoUserRepository } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runRecipeRepositoryContract('mongo', async () => new MongoRecipeRepository(await database.indexedDb('recipes')));
    runProductRepositoryContract('mongo', async () => new MongoProductRepository(await database.indexedDb('products')));
    runUserRepositoryContract('mongo', async () => new MongoUserRepository(await database.indexedDb('users')));
    runProfileRepositoryContract('mongo', async () => new MongoProfileRepository(await database.indexedDb('profiles')));
  });
}
