import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { DomainEvent, Listing, ListingRepository, ListingState, StoreUnavailable, WriteOutcome } from '@larder/domain';
import { versionedUpdate, withEvents } from '../outbox/outbox-document.js';
import { conditionalWrite } from '../conditional-writes.js';
import { manyValuesInOneQuery } from '../engine/capabilities.js';
import { serverCapabilities } from '../engine/server-capabilities.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { LISTINGS_COLLECTION, listingDocumentId, toListing, toListingDocument, type ListingDocument } from './listing-document.js';
import { LISTING_SWEEP_SORT, listingByRemoteIdFilter, listingsInStateFilter, listingsOfProductFilter, listingsOfProductsFilter } from './listing-queries.js';

/** Equality queries in flight at once where `$in` is not pushed down (as the recipe repository's lookups). */
const EQUALITY_LOOKUPS_AT_ONCE = 8;

/**
 * `ListingRepository` on MongoDB. An insert is `insertOne` (the `_id` of product and platform makes a second one a
 * duplicate key: `stale`); a change is one `updateOne` on `{ _id, version: expected }` that sets every field and keeps
 * the events waiting in the document's outbox.
 */
export class MongoListingRepository implements ListingRepository {
  readonly #db: Db;
  readonly #listings: Collection<ListingDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#listings = db.collection<ListingDocument>(LISTINGS_COLLECTION);
  }

  find(productId: string, platform: string): ResultAsync<Listing | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#listings.findOne({ _id: listingDocumentId(productId, platform) });
      return document === null ? null : toListing(document);
    });
  }

  findByRemoteId(platform: string, remoteId: string): ResultAsync<Listing | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#listings.findOne(listingByRemoteIdFilter(platform, remoteId));
      return document === null ? null : toListing(document);
    });
  }

  forProducts(productIds: readonly string[]): ResultAsync<Listing[], StoreUnavailable> {
    const ids = [...new Set(productIds)];
    return attempt(async () => {
      if (ids.length === 0) return [];
      if (manyValuesInOneQuery(await serverCapabilities(this.#db))) return (await this.#listings.find(listingsOfProductsFilter(ids)).toArray()).map(toListing);
      const found: ListingDocument[] = [];
      const worker = async (): Promise<void> => {
        for (let next = ids.pop(); next !== undefined; next = ids.pop()) found.push(...(await this.#listings.find(listingsOfProductFilter(next)).toArray()));
      };
      await Promise.all(Array.from({ length: Math.min(EQUALITY_LOOKUPS_AT_ONCE, ids.length) }, worker));
      return found.map(toListing);
    });
  }

  save(listing: Listing, expectedVersion: number | null, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    const { _id, ...fields } = toListingDocument(listing);
    return attempt(async (): Promise<WriteOutcome> => {
      if (expectedVersion === null) {
        try {
          await this.#listings.insertOne(withEvents({ _id, ...fields }, events));
          return 'written';
        } catch (error) {
          if (isDuplicateKey(error)) return 'stale';
          throw error;
        }
      }
      const result = await conditionalWrite(this.#db, LISTINGS_COLLECTION, [_id], () => this.#listings.updateOne({ _id, version: expectedVersion }, versionedUpdate(fields, events)));
      return result.matchedCount === 1 ? 'written' : 'stale';
    });
  }

  inState(state: ListingState, before: Date, limit: number): ResultAsync<Listing[], StoreUnavailable> {
    return attempt(async () => {
      // A limit of 0 means "no limit" to MongoDB.
      if (limit <= 0) return [];
      const documents = await this.#listings.find(listingsInStateFilter(state, before)).sort(LISTING_SWEEP_SORT).limit(limit).toArray();
      return documents.map(toListing);
    });
  }
}
