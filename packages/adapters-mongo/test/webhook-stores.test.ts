/** The domain's webhook endpoint and delivery contracts on every test engine, with the production indexes. */
import { describe } from 'node:test';
import { runWebhookDeliveryRepositoryContract, runWebhookEndpointRepositoryContract } from '@larder/domain/testing';
import { MongoEventOutbox, MongoWebhookDeliveryRepository, MongoWebhookEndpointRepository, WEBHOOK_ENDPOINTS_COLLECTION } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runWebhookEndpointRepositoryContract('mongo', async () => {
      const db = await database.indexedDb('webhook-endpoints');
      return { endpoints: new MongoWebhookEndpointRepository(db), outbox: new MongoEventOutbox(db, [WEBHOOK_ENDPOINTS_COLLECTION]) };
    });
    runWebhookDeliveryRepositoryContract('mongo', async () => new MongoWebhookDeliveryRepository(await database.indexedDb('webhook-deliveries')));
  });
}
