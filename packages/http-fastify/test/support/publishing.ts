/** Publishing's ports in memory, with adapters aimed at a closed loopback port: nothing is published anywhere. */
import { etsyPlatform, gumroadPlatform } from '@larder/adapters-sales';
import type { SalesPlatform } from '@larder/domain';
import { inMemoryPublishingStores, type InMemoryPublishingStores } from '@larder/domain/testing';
import type { PublishingDeps } from '../../src/index.js';

const NOWHERE = 'http://127.0.0.1:9';

export type InMemoryPublishing = PublishingDeps & InMemoryPublishingStores;

export function inMemoryPublishing(options: { readonly platforms?: readonly SalesPlatform[]; readonly publicUrl?: string; readonly onQueued?: () => void } = {}): InMemoryPublishing {
  return {
    ...inMemoryPublishingStores(),
    platforms: options.platforms ?? [
      etsyPlatform({ apiUrl: NOWHERE, oauthUrl: `${NOWHERE}/oauth/connect`, apiKey: 'keystring', sharedSecret: 'secret' }),
      gumroadPlatform({ apiUrl: NOWHERE }),
    ],
    publicUrl: options.publicUrl ?? 'http://127.0.0.1:3000',
    ...(options.onQueued === undefined ? {} : { onQueued: options.onQueued }),
  };
}
