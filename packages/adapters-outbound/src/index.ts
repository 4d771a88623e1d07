/**
 * @larder/adapters-outbound — requests the service makes to addresses its users give: the SSRF guard (address
 * classes, a guarded DNS lookup that connects to the address it checked), the endpoint URL policy and the webhook
 * sender. Reusable for any future fetch of a user's URL (recipe import from a link).
 */
export { parseAddress, parseIPv4, parseIPv6, formatAddress, type AddressBytes } from './ip-address.js';
export { classifyAddress, classifyIPv4, classifyIPv6, type AddressClass } from './address-class.js';
export { outboundGuard, OutboundRefused, systemResolver, type OutboundGuard, type OutboundGuardOptions, type ResolvedHost, type Resolver } from './outbound-guard.js';
export { endpointUrlPolicy } from './endpoint-url-policy.js';
export { httpWebhookSender, type HttpWebhookSender, type HttpWebhookSenderOptions } from './webhook-sender.js';
export { guardedFetch, type GuardedFetch, type GuardedFetchOptions, type FetchExpectation, type FetchOutcome } from './guarded-fetch.js';
export { describeRequestError } from './request-errors.js';
