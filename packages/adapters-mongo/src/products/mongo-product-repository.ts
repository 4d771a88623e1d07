import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import { offsetOf } from '@larder/domain';
import type { DomainEvent, Page, PageRequest, Product, ProductFilter, ProductRepository, StoreUnavailable, WriteOutcome } from '@larder/domain';
import { versionedUpdate, withEvents } from '../outbox/outbox-document.js';
import { attempt } from '../store-errors.js';
import { conditionalWrite } from '../conditional-writes.js';
import { ChangeRecorder } from '../change-feed/change-recorder.js';
import { PRODUCT_CHANGES } from './product-change-feed.js';
import { PRODUCTS_COLLECTION, toProduct, toProductDocument, type ProductDocument } from './product-document.js';
import { PRODUCT_LIST_SORT, productBySlugFilter, productFilter } from './product-queries.js';

/** `ProductRepository` on a MongoDB database. Product ids are generated, so a duplicate `_id` is a bug and throws. */
export class MongoProductRepository implements ProductRepository {
  readonly #db: Db;
  readonly #products: Collection<ProductDocument>;
  /** Every write attempt is recorded, for the change mark and the product indexes' feed (`product-change-feed.ts`). */
  readonly #changes: ChangeRecorder;

  constructor(db: Db) {
    this.#db = db;
    this.#products = db.collection<ProductDocument>(PRODUCTS_COLLECTION);
    this.#changes = new ChangeRecorder(db, PRODUCT_CHANGES);
  }

  insert(product: Product, events: readonly DomainEvent[] = []): ResultAsync<Product, StoreUnavailable> {
    return attempt(() =>
      this.#changes.written([product.id], async () => {
        await this.#products.insertOne(withEvents(toProductDocument(product), events));
        return product;
      }),
    );
  }

  findById(id: string): ResultAsync<Product | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#products.findOne({ _id: id });
      return document === null ? null : toProduct(document);
    });
  }

  findBySlug(slug: string): ResultAsync<Product | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#products.findOne(productBySlugFilter(slug));
      return document === null ? null : toProduct(document);
    });
  }

  /** One `updateOne` on `{ _id, version }` that sets every field and keeps the events waiting in the outbox. */
  update(product: Product, expectedVersion: number, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    const { _id, ...fields } = toProductDocument(product);
    return attempt(async (): Promise<WriteOutcome> => {
      const result = await this.#changes.written([_id], () =>
        conditionalWrite(this.#db, PRODUCTS_COLLECTION, [_id], () => this.#products.updateOne({ _id, version: expectedVersion }, versionedUpdate(fields, events))),
      );
      return result.matchedCount === 1 ? 'written' : 'stale';
    });
  }

  changeMark(): ResultAsync<string, StoreUnavailable> {
    return attempt(async () => String(await this.#changes.mark()));
  }

  list(filter: ProductFilter, page: PageRequest): ResultAsync<Page<Product>, StoreUnavailable> {
    const query = productFilter(filter);
    return attempt(async () => {
      const [documents, total] = await Promise.all([
        this.#products.find(query).sort(PRODUCT_LIST_SORT).skip(offsetOf(page)).limit(page.perPage).toArray(),
        this.#products.countDocuments(query),
      ]);
      return { items: documents.map(toProduct), total, page: page.page, perPage: page.perPage };
    });
  }
}
