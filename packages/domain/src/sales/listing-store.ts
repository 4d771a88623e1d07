/** Changing a stored listing against other writers (request handlers queue work while the runner records progress). */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import { retryWhileStale, STALE } from '../shared/optimistic.js';
import type { Clock } from '../shared/ports.js';
import type { Listing } from './listing.js';
import type { ListingRepository } from './listing-repository.js';
import type { ListingEventRule } from './listing-events.js';

export type ListingChange = Partial<Omit<Listing, 'product_id' | 'platform' | 'version' | 'updated_at'>>;

/** What a listing change needs; with `events`, the events it computes from before and after go in the same write. */
export interface ListingStoreDeps {
  readonly listings: ListingRepository;
  readonly clock: Clock;
  readonly events?: ListingEventRule;
}

/**
 * Applies `change(current)` to the stored listing and writes it, reading again when another writer got there first.
 * `change` returning null leaves the listing as it is. Null when there is no listing.
 */
export function changeListing(
  deps: ListingStoreDeps,
  productId: string,
  platform: string,
  change: (current: Listing) => ListingChange | null,
): ResultAsync<Listing | null, StoreUnavailable> {
  return retryWhileStale<Listing | null, StoreUnavailable>(
    () =>
      deps.listings.find(productId, platform).andThen((current) => {
        if (current === null) return okAsync(null);
        const patch = change(current);
        if (patch === null) return okAsync(current);
        const next: Listing = { ...current, ...patch, updated_at: deps.clock.now(), version: current.version + 1 };
        return deps.listings.save(next, current.version, deps.events?.(current, next) ?? []).map((outcome) => (outcome === 'written' ? next : STALE));
      }),
    () => ({ type: 'StoreUnavailable', message: 'the listing kept changing' }),
  );
}

/** Inserts a listing, or changes the one there (a second publish, another process's insert). */
export function upsertListing(
  deps: ListingStoreDeps,
  fresh: Omit<Listing, 'version' | 'updated_at'>,
  change: (current: Listing) => ListingChange | null,
): ResultAsync<Listing | null, StoreUnavailable> {
  return deps.listings.find(fresh.product_id, fresh.platform).andThen((current) => {
    if (current !== null) return changeListing(deps, fresh.product_id, fresh.platform, change);
    const inserted: Listing = { ...fresh, updated_at: deps.clock.now(), version: 1 };
    return deps.listings
      .save(inserted, null, deps.events?.(null, inserted) ?? [])
      .andThen((outcome) => (outcome === 'written' ? okAsync(inserted) : changeListing(deps, fresh.product_id, fresh.platform, change)));
  });
}
