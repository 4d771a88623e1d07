/** The platforms a service or CLI publishes to, made from its settings (the same variables for both). */
import type { SalesPlatform } from '@larder/domain';
import { etsyPlatform } from './etsy/etsy-channel.js';
import { ETSY_API_URL } from './etsy/etsy-client.js';
import { ETSY_OAUTH_URL } from './etsy/etsy-connect.js';
import { gumroadPlatform } from './gumroad/gumroad-channel.js';
import { DEFAULT_GUMROAD_API_URL } from './gumroad/gumroad-client.js';

export interface PlatformSettings {
  /** `SALES_PLATFORMS`, in order. */
  readonly salesPlatforms: readonly string[];
  readonly etsy: { readonly apiUrl?: string; readonly oauthUrl?: string; readonly apiKey?: string | undefined; readonly sharedSecret?: string | undefined };
  readonly gumroad: { readonly apiUrl?: string };
}

/** The platforms Larder has adapters for. */
export const KNOWN_PLATFORMS = ['etsy', 'gumroad'] as const;

/** One adapter per configured platform; Etsy without its app keys can publish nothing and says why when connected. */
export function configuredPlatforms(settings: PlatformSettings): SalesPlatform[] {
  return settings.salesPlatforms.flatMap((id): SalesPlatform[] => {
    if (id === 'gumroad') return [gumroadPlatform({ apiUrl: settings.gumroad.apiUrl ?? DEFAULT_GUMROAD_API_URL })];
    if (id !== 'etsy') return [];
    const { apiKey, sharedSecret } = settings.etsy;
    const etsy = etsyPlatform({
      apiUrl: settings.etsy.apiUrl ?? ETSY_API_URL,
      oauthUrl: settings.etsy.oauthUrl ?? ETSY_OAUTH_URL,
      apiKey: apiKey ?? '',
      sharedSecret: sharedSecret ?? '',
    });
    if (apiKey !== undefined && apiKey !== '' && sharedSecret !== undefined && sharedSecret !== '') return [etsy];
    if (etsy.connect.kind !== 'oauth') return [etsy];
    const unavailable = 'this service has no Etsy app keys: set ETSY_API_KEY and ETSY_SHARED_SECRET (see the README), then restart it';
    return [{ ...etsy, connect: { ...etsy.connect, unavailable } }];
  });
}

/** The settings from the environment variables the README names (defaults: the platforms' real addresses). */
export function platformSettingsFromEnv(env: NodeJS.ProcessEnv, salesPlatforms: readonly string[]): PlatformSettings {
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  return {
    salesPlatforms,
    etsy: { apiUrl: value('ETSY_API_URL'), oauthUrl: value('ETSY_OAUTH_URL'), apiKey: value('ETSY_API_KEY'), sharedSecret: value('ETSY_SHARED_SECRET') },
    gumroad: { apiUrl: value('GUMROAD_API_URL') },
  };
}
