/**
 * The change feed of products (`ProductChangeFeed`), for the product indexes of every instance: the recipes' design
 * (`change-feed/mongo-change-feed.ts`) with records of its own in `product_changes` and the count `products` in
 * `change_marks`, so that neither kind's follower reads the other's records. No `resume`: a start scans the products
 * (a library has tens or hundreds), so nothing here needs a snapshot.
 */
import type { Db } from 'mongodb';
import { okAsync, ResultAsync } from 'neverthrow';
import type { Product, ProductChangeFeed, ProductFeedChanges, ProductRepository, StoreUnavailable } from '@larder/domain';
import type { ChangeKind } from '../change-feed/change-recorder.js';
import { MongoChangeFeed, type MongoChangeFeedOptions } from '../change-feed/mongo-change-feed.js';
import { PRODUCTS_COLLECTION, toProduct, type ProductDocument } from './product-document.js';

export const PRODUCT_CHANGES_COLLECTION = 'product_changes';
export const PRODUCTS_MARK = 'products';
export const PRODUCT_CHANGES: ChangeKind = { records: PRODUCT_CHANGES_COLLECTION, mark: PRODUCTS_MARK };

/** Product reads by id in flight at once while applying changes. */
const READS_AT_ONCE = 8;

/** `ProductChangeFeed` on a MongoDB database (any engine). */
export class MongoProductChangeFeed implements ProductChangeFeed {
  readonly #feed: MongoChangeFeed<Product, ProductDocument>;

  /**
   * `reader` reads the changed products, one `_id` equality each (pushed down on every engine): a poll finds one or
   * two written since the last, and the repository has no read of many ids.
   */
  constructor(db: Db, reader: Pick<ProductRepository, 'findById'>, options: MongoChangeFeedOptions = {}) {
    // At most READS_AT_ONCE reads in flight: an import of many products must not send hundreds of reads at once to an
    // engine that answers them one by one (each would then run into the store deadline).
    const read = (ids: string[]): ResultAsync<Product[], StoreUnavailable> => {
      const pieces: string[][] = [];
      for (let at = 0; at < ids.length; at += READS_AT_ONCE) pieces.push(ids.slice(at, at + READS_AT_ONCE));
      return pieces.reduce<ResultAsync<Product[], StoreUnavailable>>(
        (so, piece) => so.andThen((found) => ResultAsync.combine(piece.map((id) => reader.findById(id))).map((more) => [...found, ...more.filter((product): product is Product => product !== null)])),
        okAsync([]),
      );
    };
    this.#feed = new MongoChangeFeed<Product, ProductDocument>(db, { ...PRODUCT_CHANGES, collection: PRODUCTS_COLLECTION, projection: { outbox: 0 }, toItem: toProduct, read }, options);
  }

  begin(): ResultAsync<void, StoreUnavailable> {
    return this.#feed.begin();
  }

  position(): { readonly mark: string } {
    return this.#feed.position();
  }

  scan(pageSize: number, visit: (products: readonly Product[]) => void): ResultAsync<number, StoreUnavailable> {
    return this.#feed.scan(pageSize, visit);
  }

  changes(): ResultAsync<ProductFeedChanges, StoreUnavailable> {
    return this.#feed.changes().map((changed) => (changed.kind === 'replaced' ? changed : { kind: 'changed', products: changed.items }));
  }
}
