import { createHash } from 'node:crypto';

/**
 * The mark a product's remote listings carry, so that a listing created by an attempt whose answer was lost is found
 * again instead of created twice: `larder` and 14 hex digits of the product id's SHA-256 (20 characters of
 * `[a-z0-9]`, which fits an Etsy tag). Stable: the same product always has the same marker.
 */
export const listingMarker = (productId: string): string =>
  `larder${createHash('sha256').update(productId).digest('hex').slice(0, 14)}`;
