import {
  InMemoryOutbox,
  InMemoryWebhookDeliveryRepository,
  InMemoryWebhookEndpointRepository,
  runWebhookDeliveryRepositoryContract,
  runWebhookEndpointRepositoryContract,
} from '../../src/testing/index.js';

runWebhookEndpointRepositoryContract('in memory', () => {
  const outbox = new InMemoryOutbox();
  return { endpoints: new InMemoryWebhookEndpointRepository(outbox), outbox };
});
runWebhookDeliveryRepositoryContract('in memory', () => new InMemoryWebhookDeliveryRepository());
