/** Publishing's ports in memory, with adapters aimed at a closed loopback port: nothing is published anywhere. */
import { randomBytes } from 'node:crypto';
import { etsyPlatform, gumroadPlatform } from '@larder/adapters-sales';
import { aesGcmSecretBox, type SalesPlatform } from '@larder/domain';
import { InMemoryAuthorizationRepository, InMemoryConnectionRepository, InMemoryJobQueue, InMemoryListingRepository } from '@larder/domain/testing';
import type { PublishingDeps } from '../../src/index.js';

const NOWHERE = 'http://127.0.0.1:9';

export type InMemoryPublishing = PublishingDeps & {
  readonly listings: InMemoryListingRepository;
  readonly connections: InMemoryConnectionRepository;
  readonly queue: InMemoryJobQueue;
};

export function inMemoryPublishing(options: { readonly platforms?: readonly SalesPlatform[]; readonly publicUrl?: string; readonly onQueued?: () => void } = {}): InMemoryPublishing {
  return {
    platforms: options.platforms ?? [
      etsyPlatform({ apiUrl: NOWHERE, oauthUrl: `${NOWHERE}/oauth/connect`, apiKey: 'keystring', sharedSecret: 'secret' }),
      gumroadPlatform({ apiUrl: NOWHERE }),
    ],
    listings: new InMemoryListingRepository(),
    connections: new InMemoryConnectionRepository(),
    authorizations: new InMemoryAuthorizationRepository(),
    secrets: aesGcmSecretBox(randomBytes(32)),
    queue: new InMemoryJobQueue(),
    publicUrl: options.publicUrl ?? 'http://127.0.0.1:3000',
    ...(options.onQueued === undefined ? {} : { onQueued: options.onQueued }),
  };
}
