/** The sales platforms the service publishes to, each behind the domain's `SalesPlatform` / `SalesChannel` ports. */
export * from './etsy/index.js';
export * from './gumroad/index.js';
export * from './configured-platforms.js';
