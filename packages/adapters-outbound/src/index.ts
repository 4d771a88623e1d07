/**
 * @larder/adapters-outbound — requests the service makes to addresses its users give: the SSRF guard (address
 * classes, a guarded DNS lookup that connects to the address it checked), the endpoint URL policy and the webhook
 * sender; the guarded fetch of a user's URL and the recipe page source of the URL import (HTML → schema.org Recipe).
 */
export { parseAddress, parseIPv4, parseIPv6, formatAddress, type AddressBytes } from './ip-address.js';
export { classifyAddress, classifyIPv4, classifyIPv6, type AddressClass } from './address-class.js';
export { outboundGuard, OutboundRefused, systemResolver, type OutboundGuard, type OutboundGuardOptions, type ResolvedHost, type Resolver } from './outbound-guard.js';
export { endpointUrlPolicy } from './endpoint-url-policy.js';
export { httpWebhookSender, type HttpWebhookSender, type HttpWebhookSenderOptions } from './webhook-sender.js';
export { guardedFetch, type GuardedFetch, type GuardedFetchOptions, type FetchExpectation, type FetchOutcome } from './guarded-fetch.js';
export { describeRequestError } from './request-errors.js';
export { extractRecipe } from './recipe-page/recipe-page-extractor.js';
export { httpRecipePageSource, MAX_PAGE_BYTES } from './recipe-page/http-recipe-page-source.js';
