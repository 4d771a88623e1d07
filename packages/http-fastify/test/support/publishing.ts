/** Publishing's ports in memory, with adapters aimed at a closed loopback port: nothing is published anywhere. */
import { endpointUrlPolicy, outboundGuard, type Resolver } from '@larder/adapters-outbound';
import { etsyPlatform, gumroadPlatform } from '@larder/adapters-sales';
import type { SalesPlatform } from '@larder/domain';
import { inMemoryPublishingStores, type InMemoryPublishingStores } from '@larder/domain/testing';
import type { PublishingDeps } from '../../src/index.js';

const NOWHERE = 'http://127.0.0.1:9';

/** Tests ask no DNS server (nothing leaves loopback): every name but the local ones is unknown. */
const OFFLINE: Resolver = (hostname) => Promise.reject(Object.assign(new Error(`${hostname} is not resolved in tests`), { code: 'ENOTFOUND' }));

export type InMemoryPublishing = PublishingDeps & InMemoryPublishingStores;

export interface InMemoryPublishingOptions {
  readonly platforms?: readonly SalesPlatform[];
  readonly publicUrl?: string;
  readonly onQueued?: () => void;
  /** `OUTBOUND_ALLOW_PRIVATE` for webhook endpoints (default false, the service's default). */
  readonly allowPrivate?: boolean;
  /** How webhook hosts resolve (default: none does, except localhost and IP literals). */
  readonly resolve?: Resolver;
  /** Told after writes that raised events (the relay's wake-up). */
  readonly onEvents?: () => void;
}

export function inMemoryPublishing(options: InMemoryPublishingOptions = {}): InMemoryPublishing {
  const stores = inMemoryPublishingStores();
  const guard = outboundGuard({ allowPrivate: options.allowPrivate ?? false, resolve: options.resolve ?? OFFLINE });
  return {
    ...stores,
    webhooks: {
      endpoints: stores.webhookEndpoints,
      deliveries: stores.webhookDeliveries,
      urlPolicy: endpointUrlPolicy(guard),
      ...(options.onEvents === undefined ? {} : { onEvents: options.onEvents }),
    },
    platforms: options.platforms ?? [
      etsyPlatform({ apiUrl: NOWHERE, oauthUrl: `${NOWHERE}/oauth/connect`, apiKey: 'keystring', sharedSecret: 'secret' }),
      gumroadPlatform({ apiUrl: NOWHERE }),
    ],
    publicUrl: options.publicUrl ?? 'http://127.0.0.1:3000',
    ...(options.onQueued === undefined ? {} : { onQueued: options.onQueued }),
  };
}
