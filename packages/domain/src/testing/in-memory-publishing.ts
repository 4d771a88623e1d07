import { randomBytes } from 'node:crypto';
import { aesGcmSecretBox, SECRET_KEY_BYTES, type SecretBox } from '../sales/secret-box.js';
import { InMemoryJobQueue } from './in-memory-job-queue.js';
import { InMemoryAuthorizationRepository, InMemoryConnectionRepository } from './in-memory-connection-repository.js';
import { InMemoryListingRepository } from './in-memory-listing-repository.js';
import { InMemoryOutbox } from './in-memory-outbox.js';
import { InMemorySaleRepository } from './in-memory-sale-repository.js';
import { InMemoryWebhookDeliveryRepository, InMemoryWebhookEndpointRepository } from './in-memory-webhook-repositories.js';

export interface InMemoryPublishingStores {
  readonly listings: InMemoryListingRepository;
  readonly connections: InMemoryConnectionRepository;
  readonly authorizations: InMemoryAuthorizationRepository;
  readonly queue: InMemoryJobQueue;
  /** Under a random key of its own. */
  readonly secrets: SecretBox;
  readonly sales: InMemorySaleRepository;
  /** The events the stores' writes raised, waiting to be relayed (one outbox for every store that raises them). */
  readonly outbox: InMemoryOutbox;
  readonly webhookEndpoints: InMemoryWebhookEndpointRepository;
  readonly webhookDeliveries: InMemoryWebhookDeliveryRepository;
}

/** Everything publishing keeps, in memory: listings, connections, pending authorizations, the job queue, sealed secrets. */
export const inMemoryPublishingStores = (outbox: InMemoryOutbox = new InMemoryOutbox()): InMemoryPublishingStores => ({
  listings: new InMemoryListingRepository(outbox),
  connections: new InMemoryConnectionRepository(),
  authorizations: new InMemoryAuthorizationRepository(),
  queue: new InMemoryJobQueue(),
  secrets: aesGcmSecretBox(randomBytes(SECRET_KEY_BYTES)),
  sales: new InMemorySaleRepository(outbox),
  outbox,
  webhookEndpoints: new InMemoryWebhookEndpointRepository(outbox),
  webhookDeliveries: new InMemoryWebhookDeliveryRepository(),
});
