import type { ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Listing, ListingState } from './listing.js';

export interface ListingRepository {
  find(productId: string, platform: string): ResultAsync<Listing | null, StoreUnavailable>;
  /** The listing whose remote listing on `platform` has this id (how a sale finds its product), or null. */
  findByRemoteId(platform: string, remoteId: string): ResultAsync<Listing | null, StoreUnavailable>;
  /** Every listing of these products, in no particular order. */
  forProducts(productIds: readonly string[]): ResultAsync<Listing[], StoreUnavailable>;
  /**
   * Writes the listing when the stored one still has `expectedVersion`; `null` inserts it, and is `stale` when one
   * exists for the product and platform already. `events` go into the listing's outbox in the same write.
   */
  save(listing: Listing, expectedVersion: number | null, events?: readonly DomainEvent[]): ResultAsync<WriteOutcome, StoreUnavailable>;
  /** Up to `limit` listings in `state` last changed before `before` (for the sweep that requeues lost work). */
  inState(state: ListingState, before: Date, limit: number): ResultAsync<Listing[], StoreUnavailable>;
}
