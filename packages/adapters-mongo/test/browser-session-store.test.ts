/** The domain's browser session contract on every test engine, with the production indexes (the digest is unique). */
import { describe } from 'node:test';
import { runBrowserSessionRepositoryContract } from '@larder/domain/testing';
import { MongoBrowserSessionRepository } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);
    runBrowserSessionRepositoryContract('mongo', async () => new MongoBrowserSessionRepository(await database.indexedDb('browser-sessions')));
  });
}
