import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Listing, ListingState } from '../sales/listing.js';
import type { ListingRepository } from '../sales/listing-repository.js';
import { InMemoryOutbox } from './in-memory-outbox.js';

const keyOf = (productId: string, platform: string): string => `${productId}:${platform}`;

/** Oldest change first, ties by product then platform: the order the sweep takes them in. */
export const listingSweepOrder = (a: Listing, b: Listing): number =>
  a.updated_at.getTime() - b.updated_at.getTime() || (keyOf(a.product_id, a.platform) < keyOf(b.product_id, b.platform) ? -1 : 1);

/** Listings in memory, one per product and platform, written only over the version the writer read. */
export class InMemoryListingRepository implements ListingRepository {
  readonly #byKey = new Map<string, Listing>();
  /** Where the events of its writes wait (shared with the other in-memory stores of one test or embedding). */
  readonly outbox: InMemoryOutbox;
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  constructor(outbox: InMemoryOutbox = new InMemoryOutbox()) {
    this.outbox = outbox;
  }

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' }) : okAsync(value());
  }

  find(productId: string, platform: string): ResultAsync<Listing | null, StoreUnavailable> {
    return this.#check(() => this.#byKey.get(keyOf(productId, platform)) ?? null);
  }

  findByRemoteId(platform: string, remoteId: string): ResultAsync<Listing | null, StoreUnavailable> {
    return this.#check(() => [...this.#byKey.values()].find((listing) => listing.platform === platform && listing.remote_id === remoteId) ?? null);
  }

  forProducts(productIds: readonly string[]): ResultAsync<Listing[], StoreUnavailable> {
    return this.#check(() => [...this.#byKey.values()].filter((listing) => productIds.includes(listing.product_id)));
  }

  save(listing: Listing, expectedVersion: number | null, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    return this.#check((): WriteOutcome => {
      const key = keyOf(listing.product_id, listing.platform);
      const stored = this.#byKey.get(key);
      if (expectedVersion === null ? stored !== undefined : stored?.version !== expectedVersion) return 'stale';
      this.#byKey.set(key, listing);
      this.outbox.add(`listings:${key}`, events);
      return 'written';
    });
  }

  inState(state: ListingState, before: Date, limit: number): ResultAsync<Listing[], StoreUnavailable> {
    return this.#check(() =>
      [...this.#byKey.values()]
        .filter((listing) => listing.state === state && listing.updated_at < before)
        .sort(listingSweepOrder)
        .slice(0, limit),
    );
  }
}
