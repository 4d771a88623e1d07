/** Publishing's ports in memory with no platform: the HTTP benches publish nothing anywhere. */
import { inMemoryPublishingStores } from '@larder/domain/testing';
import type { PublishingDeps } from '@larder/http-fastify';

export const noPublishing = (): PublishingDeps => {
  const stores = inMemoryPublishingStores();
  // No webhook endpoint is ever made here; any URL is refused.
  const webhooks = { endpoints: stores.webhookEndpoints, deliveries: stores.webhookDeliveries, urlPolicy: { refusal: async () => 'no webhooks in this bench' } };
  return { ...stores, platforms: [], publicUrl: 'http://127.0.0.1:3000', webhooks };
};
