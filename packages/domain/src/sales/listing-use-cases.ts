/**
 * What requests do to listings: a publish, a change of a published product, an unpublish and a retry each record the
 * listings' new state and queue their work; the job runner does the rest. A handler never waits on a platform.
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { InvalidState, ProductNotFound, StoreUnavailable } from '../shared/errors.js';
import type { Clock } from '../shared/ports.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Product } from '../product/product.js';
import type { ConnectionRepository } from './connection.js';
import type { ListingRepository } from './listing-repository.js';
import { changeListing, upsertListing } from './listing-store.js';
import { listingJob } from './listing-sync.js';
import { NO_PROGRESS, type Listing, type ListingView, listingView } from './listing.js';
import type { SalesPlatform } from './sales-platform.js';

export interface ListingDeps {
  readonly listings: ListingRepository;
  readonly connections: ConnectionRepository;
  readonly queue: JobQueue;
  readonly clock: Clock;
  /** The configured platforms (their names go into messages). */
  readonly platforms: readonly Pick<SalesPlatform, 'id' | 'name'>[];
  /** Told when work was queued, so that a runner in this process starts it at once. */
  readonly onQueued?: () => void;
}

const enqueue = (deps: ListingDeps, productId: string, platform: string): ResultAsync<void, StoreUnavailable> =>
  deps.queue.enqueue(listingJob(productId, platform, deps.clock.now()));

const queued = (deps: ListingDeps) => (): void => deps.onQueued?.();

const notConnected = (deps: ListingDeps, platform: string) => ({
  code: 'not_connected' as const,
  message: `Connect a ${deps.platforms.find((candidate) => candidate.id === platform)?.name ?? platform} account, then retry this listing`,
});

/** Sets one listing going for `userId`: pending and queued when the user has a connection, else `not_connected`. */
const startListing = (deps: ListingDeps, product: Product, platform: string, userId: string): ResultAsync<void, StoreUnavailable> =>
  deps.connections.find(userId, platform).andThen((connection) => {
    const connected = connection !== null && connection.status === 'connected';
    const state = connected ? ('pending' as const) : ('not_connected' as const);
    const error = connected ? null : notConnected(deps, platform);
    return upsertListing(
      deps,
      { product_id: product.id, platform, state, remote_id: null, url: null, error, attempts: 0, user_id: userId, progress: NO_PROGRESS },
      () => ({ state, error, attempts: 0, user_id: userId }),
    ).andThen(() => (connected ? enqueue(deps, product.id, platform) : okAsync(undefined)));
  });

/** Queues the listing's work again: it catches up with the product (changed, unpublished, archived). */
const resync = (deps: ListingDeps, listing: Listing): ResultAsync<void, StoreUnavailable> => {
  // Nothing was ever made remotely and nothing is under way: taking it down is only a change of state.
  if (listing.remote_id === null && listing.state !== 'pending' && listing.state !== 'live') {
    return changeListing(deps, listing.product_id, listing.platform, (current) => (current.state === 'unlisted' ? null : { state: 'unlisted', error: null })).map(() => undefined);
  }
  return changeListing(deps, listing.product_id, listing.platform, () => ({ state: 'pending', error: null, attempts: 0 })).andThen(() => enqueue(deps, listing.product_id, listing.platform));
};

/** After a publish: every platform of the product's sales set going; platforms dropped from it taken down. */
export const listingsAfterPublish =
  (deps: ListingDeps) =>
  (product: Product, userId: string): ResultAsync<void, StoreUnavailable> => {
    const platforms = product.sales?.platforms ?? [];
    return deps.listings
      .forProducts([product.id])
      .andThen((existing) =>
        ResultAsync.combine([
          ...platforms.map((platform) => startListing(deps, product, platform, userId)),
          ...existing.filter((listing) => !platforms.includes(listing.platform)).map((listing) => resync(deps, listing)),
        ]),
      )
      .map(queued(deps));
  };

/** After a change of the product (its words, recipes, status): its listings follow. Nothing for a product never published. */
export const listingsAfterChange =
  (deps: ListingDeps) =>
  (before: Product, after: Product): ResultAsync<void, StoreUnavailable> => {
    if (before.version === after.version) return okAsync(undefined);
    return deps.listings
      .forProducts([after.id])
      .andThen((listings) =>
        ResultAsync.combine(
          listings
            .filter((listing) => after.status === 'published' ? listing.state !== 'not_connected' && after.sales?.platforms.includes(listing.platform) === true : true)
            .map((listing) => resync(deps, listing)),
        ),
      )
      .map(queued(deps));
  };

/** `POST /products/{id}/listings/{platform}/retry`: a failed (or not connected) listing queued again. */
export const retryListing =
  (deps: ListingDeps) =>
  (product: Product, platform: string, userId: string): ResultAsync<void, StoreUnavailable | InvalidState | ProductNotFound> => {
    if (product.status !== 'published' || product.sales?.platforms.includes(platform) !== true) {
      return errAsync({ type: 'InvalidState', detail: `the product is not published on ${platform}: publish it there first` });
    }
    return deps.listings.find(product.id, platform).andThen((listing) => {
      if (listing !== null && listing.state !== 'failed' && listing.state !== 'not_connected') {
        return errAsync<void, InvalidState>({ type: 'InvalidState', detail: `the ${platform} listing is ${listing.state}: only a failed or not connected listing can be retried` });
      }
      return startListing(deps, product, platform, listing?.user_id ?? userId).map(queued(deps));
    });
  };

/** The listings a product response shows: one per platform of its sales settings, in their order. */
export function listingsOf(product: Product, listings: readonly Listing[]): ListingView[] {
  return (product.sales?.platforms ?? []).flatMap((platform) => {
    const listing = listings.find((candidate) => candidate.product_id === product.id && candidate.platform === platform);
    return listing === undefined ? [] : [listingView(listing)];
  });
}

/** Requeues listings left pending by a process that stopped between recording them and queueing their job. */
export const requeueStrandedListings =
  (deps: ListingDeps) =>
  (olderThanMs: number): ResultAsync<number, StoreUnavailable> =>
    deps.listings.inState('pending', new Date(deps.clock.now().getTime() - olderThanMs), 100).andThen((stranded) =>
      ResultAsync.combine(
        stranded.map((listing) =>
          deps.queue.enqueue(listingJob(listing.product_id, listing.platform, deps.clock.now()), { ifAbsent: true }),
        ),
      ).map(() => stranded.length),
    );
