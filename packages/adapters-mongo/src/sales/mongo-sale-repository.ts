import type { Collection, Db, Document } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import { offsetOf } from '@larder/domain';
import type { DomainEvent, Page, PageRequest, Sale, SaleFilter, SaleRepository, StoreUnavailable, WriteOutcome } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { versionedUpdate, withEvents } from '../outbox/outbox-document.js';
import { visitInBatches } from '../cursor-batches.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { SALES_COLLECTION, toSale, toSaleDocument, type SaleDocument } from './sale-document.js';
import { SALE_LIST_SORT, saleFilter } from './sale-queries.js';

/**
 * `SaleRepository` on MongoDB. An insert is `insertOne` (the `_id` of platform and remote id makes a second report of
 * one sale a duplicate key: `stale`); a change is one versioned `updateOne` that keeps the events already waiting.
 */
export class MongoSaleRepository implements SaleRepository {
  readonly #db: Db;
  readonly #sales: Collection<SaleDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#sales = db.collection<SaleDocument>(SALES_COLLECTION);
  }

  find(id: string): ResultAsync<Sale | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#sales.findOne({ _id: id });
      return document === null ? null : toSale(document);
    });
  }

  save(sale: Sale, expectedVersion: number | null, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    const document = toSaleDocument(sale);
    return attempt(async (): Promise<WriteOutcome> => {
      if (expectedVersion === null) {
        try {
          await this.#sales.insertOne(withEvents(document, events));
          return 'written';
        } catch (error) {
          if (isDuplicateKey(error)) return 'stale';
          throw error;
        }
      }
      const result = await conditionalWrite(this.#db, SALES_COLLECTION, [document._id], () =>
        this.#sales.updateOne({ _id: document._id, version: expectedVersion }, versionedUpdate(document as unknown as Document, events)),
      );
      return result.matchedCount === 1 ? 'written' : 'stale';
    });
  }

  list(filter: SaleFilter, page: PageRequest): ResultAsync<Page<Sale>, StoreUnavailable> {
    const query = saleFilter(filter);
    return attempt(async () => {
      const [documents, total] = await Promise.all([
        this.#sales.find(query).sort(SALE_LIST_SORT).skip(offsetOf(page)).limit(page.perPage).toArray(),
        this.#sales.countDocuments(query),
      ]);
      return { items: documents.map(toSale), total, page: page.page, perPage: page.perPage };
    });
  }

  each(filter: SaleFilter, visit: (batch: readonly Sale[]) => void | Promise<void>): ResultAsync<void, StoreUnavailable> {
    return attempt(() => visitInBatches(this.#sales.find(saleFilter(filter)).sort(SALE_LIST_SORT), toSale, visit));
  }
}
