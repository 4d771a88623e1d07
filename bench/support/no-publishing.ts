/** Publishing's ports in memory with no platform: the HTTP benches publish nothing anywhere. */
import { randomBytes } from 'node:crypto';
import { aesGcmSecretBox } from '@larder/domain';
import { InMemoryAuthorizationRepository, InMemoryConnectionRepository, InMemoryJobQueue, InMemoryListingRepository } from '@larder/domain/testing';
import type { PublishingDeps } from '@larder/http-fastify';

export const noPublishing = (): PublishingDeps => ({
  platforms: [],
  listings: new InMemoryListingRepository(),
  connections: new InMemoryConnectionRepository(),
  authorizations: new InMemoryAuthorizationRepository(),
  secrets: aesGcmSecretBox(randomBytes(32)),
  queue: new InMemoryJobQueue(),
  publicUrl: 'http://127.0.0.1:3000',
});
