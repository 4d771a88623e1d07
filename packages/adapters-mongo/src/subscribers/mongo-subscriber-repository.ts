import type { Collection, Db, Document } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import { offsetOf } from '@larder/domain';
import type { DomainEvent, Page, PageRequest, StoreUnavailable, Subscriber, SubscriberFilter, SubscriberRepository, WriteOutcome } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { versionedUpdate, withEvents } from '../outbox/outbox-document.js';
import { visitInBatches } from '../cursor-batches.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { SUBSCRIBERS_COLLECTION, toSubscriber, toSubscriberDocument, type SubscriberDocument } from './subscriber-document.js';
import { SUBSCRIBER_LIST_SORT, subscriberByAddressFilter, subscriberFilter } from './subscriber-queries.js';

/**
 * `SubscriberRepository` on MongoDB. An insert is `insertOne`: a duplicate key (the id, or the lead magnet and address
 * key) is `stale`. A change is one versioned `updateOne` that keeps the events already waiting and leaves the download
 * counts alone; a download is one `$inc`, so that counts and changes never overwrite each other.
 */
export class MongoSubscriberRepository implements SubscriberRepository {
  readonly #db: Db;
  readonly #subscribers: Collection<SubscriberDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#subscribers = db.collection<SubscriberDocument>(SUBSCRIBERS_COLLECTION);
  }

  findById(id: string): ResultAsync<Subscriber | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#subscribers.findOne({ _id: id });
      return document === null ? null : toSubscriber(document);
    });
  }

  findByAddress(productId: string, emailKey: string): ResultAsync<Subscriber | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#subscribers.findOne(subscriberByAddressFilter(productId, emailKey));
      return document === null ? null : toSubscriber(document);
    });
  }

  save(subscriber: Subscriber, expectedVersion: number | null, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    const document = toSubscriberDocument(subscriber);
    return attempt(async (): Promise<WriteOutcome> => {
      if (expectedVersion === null) {
        try {
          await this.#subscribers.insertOne(withEvents(document, events));
          return 'written';
        } catch (error) {
          if (isDuplicateKey(error)) return 'stale';
          throw error;
        }
      }
      const { downloads: _downloads, last_download_at: _lastDownloadAt, ...fields } = document;
      const result = await conditionalWrite(this.#db, SUBSCRIBERS_COLLECTION, [document._id], () =>
        this.#subscribers.updateOne({ _id: document._id, version: expectedVersion }, versionedUpdate(fields as unknown as Document, events)),
      );
      return result.matchedCount === 1 ? 'written' : 'stale';
    });
  }

  countDownload(id: string, at: Date): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => {
      const result = await conditionalWrite(this.#db, SUBSCRIBERS_COLLECTION, [id], () =>
        this.#subscribers.updateOne({ _id: id }, { $inc: { downloads: 1 }, $set: { last_download_at: at } }),
      );
      return result.matchedCount === 1;
    });
  }

  list(filter: SubscriberFilter, page: PageRequest): ResultAsync<Page<Subscriber>, StoreUnavailable> {
    const query = subscriberFilter(filter);
    return attempt(async () => {
      const [documents, total] = await Promise.all([
        this.#subscribers.find(query).sort(SUBSCRIBER_LIST_SORT).skip(offsetOf(page)).limit(page.perPage).toArray(),
        this.#subscribers.countDocuments(query),
      ]);
      return { items: documents.map(toSubscriber), total, page: page.page, perPage: page.perPage };
    });
  }

  each(filter: SubscriberFilter, visit: (batch: readonly Subscriber[]) => void | Promise<void>): ResultAsync<void, StoreUnavailable> {
    return attempt(() => visitInBatches(this.#subscribers.find(subscriberFilter(filter)).sort(SUBSCRIBER_LIST_SORT), toSubscriber, visit));
  }

  remove(id: string): ResultAsync<Subscriber | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#subscribers.findOne({ _id: id });
      if (document === null) return null;
      const removed = await this.#subscribers.deleteOne({ _id: id });
      return removed.deletedCount === 1 ? toSubscriber(document) : null;
    });
  }
}
