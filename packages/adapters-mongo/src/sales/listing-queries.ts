/** The listing repository's queries as pure values, shared by the repository and the index test. */
import type { Filter } from 'mongodb';
import type { ListingState } from '@larder/domain';
import type { ListingDocument } from './listing-document.js';

export const listingsOfProductsFilter = (productIds: readonly string[]): Filter<ListingDocument> => ({ product_id: { $in: [...productIds] } });

/** One product's listings: the equality route of `forProducts` on engines that do not push `$in` down. */
export const listingsOfProductFilter = (productId: string): Filter<ListingDocument> => ({ product_id: productId });

/** How a sale finds its product: the listing with this remote id on this platform. */
export const listingByRemoteIdFilter = (platform: string, remoteId: string): Filter<ListingDocument> => ({ platform, remote_id: remoteId });

export const listingsInStateFilter = (state: ListingState, before: Date): Filter<ListingDocument> => ({ state, updated_at: { $lt: before } });

/** Oldest change first (the sweep takes the longest-waiting first); ties by id. */
export const LISTING_SWEEP_SORT: Record<string, 1 | -1> = { updated_at: 1, _id: 1 };
