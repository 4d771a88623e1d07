/** Gumroad API v2 behind the domain's `SalesPlatform` / `SalesChannel` ports. */
export { gumroadPlatform, type GumroadSettings } from './gumroad-channel.js';
export { DEFAULT_GUMROAD_API_URL, gumroadClient, type GumroadClient, type GumroadClientSettings } from './gumroad-client.js';
export type * from './gumroad-types.js';
