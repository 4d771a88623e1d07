/** Etsy Open API v3 behind the domain's `SalesPlatform` / `SalesChannel`. The loopback fake is in `./fake`. */
export { etsyPlatform, type EtsySettings } from './etsy-channel.js';
export { ETSY_API_URL, etsyClient, type EtsyClient, type EtsyClientOptions } from './etsy-client.js';
export { ETSY_OAUTH_URL, ETSY_SCOPES } from './etsy-connect.js';
export { DEFAULT_TAXONOMY_ID } from './etsy-listing-mapping.js';
export type * from './etsy-types.js';
