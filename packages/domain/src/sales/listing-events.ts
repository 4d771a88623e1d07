/**
 * The events a listing's change raises: `listing.live` when it becomes live, `listing.failed` when it becomes failed
 * (given up). They go to the endpoints of the listing's user (who published the product on that platform).
 */
import type { DomainEvent } from '../events/domain-event.js';
import type { IdGenerator } from '../shared/ports.js';
import { newEventId } from '../product/product-events.js';
import { listingView, type Listing } from './listing.js';

/** The events of the change from `before` to `after` (an insert has no `before`). */
export type ListingEventRule = (before: Listing | null, after: Listing) => readonly DomainEvent[];

/** A listing as a webhook's `data` shows it: its product's id and the listing as a product response shows it. */
export const listingEventData = (listing: Listing): Record<string, unknown> => {
  const view = listingView(listing);
  return { product_id: listing.product_id, ...view, error: view.error === null ? null : { ...view.error }, updated_at: view.updated_at.toISOString() };
};

export const listingEvents =
  (ids: IdGenerator): ListingEventRule =>
  (before, after) => {
    if (before?.state === after.state) return [];
    const type = after.state === 'live' ? 'listing.live' : after.state === 'failed' ? 'listing.failed' : null;
    if (type === null) return [];
    return [{ id: newEventId(ids), type, user_id: after.user_id, occurred_at: after.updated_at, data: listingEventData(after) }];
  };
