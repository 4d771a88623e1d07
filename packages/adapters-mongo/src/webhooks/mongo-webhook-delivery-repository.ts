import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import { offsetOf } from '@larder/domain';
import type { Page, PageRequest, StoreUnavailable, WebhookDelivery, WebhookDeliveryRepository, WriteOutcome } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { toWebhookDelivery, toWebhookDeliveryDocument, WEBHOOK_DELIVERIES_COLLECTION, type WebhookDeliveryDocument } from './webhook-delivery-document.js';
import { endpointDeliveriesFilter, eventDeliveryFilter, NEWEST_FIRST_SORT, pendingEndpointDeliveriesFilter } from './webhook-queries.js';

/**
 * `WebhookDeliveryRepository` on MongoDB. One delivery per event and endpoint is the unique `event_endpoint` index's
 * doing: a second insert is a duplicate key (`exists`). A change is one `replaceOne` on `{ _id, version }` (a
 * delivery has no outbox to keep).
 */
export class MongoWebhookDeliveryRepository implements WebhookDeliveryRepository {
  readonly #db: Db;
  readonly #deliveries: Collection<WebhookDeliveryDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#deliveries = db.collection<WebhookDeliveryDocument>(WEBHOOK_DELIVERIES_COLLECTION);
  }

  insert(delivery: WebhookDelivery): ResultAsync<'created' | 'exists', StoreUnavailable> {
    return attempt(async () => {
      try {
        await this.#deliveries.insertOne(toWebhookDeliveryDocument(delivery));
        return 'created' as const;
      } catch (error) {
        if (isDuplicateKey(error)) return 'exists' as const;
        throw error;
      }
    });
  }

  find(id: string): ResultAsync<WebhookDelivery | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#deliveries.findOne({ _id: id });
      return document === null ? null : toWebhookDelivery(document);
    });
  }

  findByEvent(eventId: string, endpointId: string): ResultAsync<WebhookDelivery | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#deliveries.findOne(eventDeliveryFilter(eventId, endpointId));
      return document === null ? null : toWebhookDelivery(document);
    });
  }

  listOfEndpoint(endpointId: string, page: PageRequest): ResultAsync<Page<WebhookDelivery>, StoreUnavailable> {
    const filter = endpointDeliveriesFilter(endpointId);
    return attempt(async () => {
      const [documents, total] = await Promise.all([
        this.#deliveries.find(filter).sort(NEWEST_FIRST_SORT).skip(offsetOf(page)).limit(page.perPage).toArray(),
        this.#deliveries.countDocuments(filter),
      ]);
      return { items: documents.map(toWebhookDelivery), total, page: page.page, perPage: page.perPage };
    });
  }

  pendingOfEndpoint(endpointId: string, limit: number): ResultAsync<WebhookDelivery[], StoreUnavailable> {
    return attempt(async () => {
      // A limit of 0 means "no limit" to MongoDB.
      if (limit <= 0) return [];
      return (await this.#deliveries.find(pendingEndpointDeliveriesFilter(endpointId)).limit(limit).toArray()).map(toWebhookDelivery);
    });
  }

  save(delivery: WebhookDelivery, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable> {
    const { _id, ...replacement } = toWebhookDeliveryDocument(delivery);
    return attempt(async (): Promise<WriteOutcome> => {
      const result = await conditionalWrite(this.#db, WEBHOOK_DELIVERIES_COLLECTION, [_id], () => this.#deliveries.replaceOne({ _id, version: expectedVersion }, replacement));
      return result.matchedCount === 1 ? 'written' : 'stale';
    });
  }

  removeOfEndpoint(endpointId: string): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      await this.#deliveries.deleteMany(endpointDeliveriesFilter(endpointId));
    });
  }
}
