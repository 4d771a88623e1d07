import { randomBytes } from 'node:crypto';
import { aesGcmSecretBox, SECRET_KEY_BYTES, type SecretBox } from '../sales/secret-box.js';
import { InMemoryJobQueue } from './in-memory-job-queue.js';
import { InMemoryAuthorizationRepository, InMemoryConnectionRepository } from './in-memory-connection-repository.js';
import { InMemoryListingRepository } from './in-memory-listing-repository.js';

export interface InMemoryPublishingStores {
  readonly listings: InMemoryListingRepository;
  readonly connections: InMemoryConnectionRepository;
  readonly authorizations: InMemoryAuthorizationRepository;
  readonly queue: InMemoryJobQueue;
  /** Under a random key of its own. */
  readonly secrets: SecretBox;
}

/** Everything publishing keeps, in memory: listings, connections, pending authorizations, the job queue, sealed secrets. */
export const inMemoryPublishingStores = (): InMemoryPublishingStores => ({
  listings: new InMemoryListingRepository(),
  connections: new InMemoryConnectionRepository(),
  authorizations: new InMemoryAuthorizationRepository(),
  queue: new InMemoryJobQueue(),
  secrets: aesGcmSecretBox(randomBytes(SECRET_KEY_BYTES)),
});
