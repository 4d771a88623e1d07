import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import { offsetOf } from '@larder/domain';
import type { DomainEvent, Page, PageRequest, StoreUnavailable, WebhookEndpoint, WebhookEndpointRepository, WriteOutcome } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { versionedUpdate } from '../outbox/outbox-document.js';
import { attempt } from '../store-errors.js';
import { toWebhookEndpoint, toWebhookEndpointDocument, WEBHOOK_ENDPOINTS_COLLECTION, type WebhookEndpointDocument } from './webhook-endpoint-document.js';
import { enabledUserEndpointsFilter, NEWEST_FIRST_SORT, userEndpointsFilter } from './webhook-queries.js';

/**
 * `WebhookEndpointRepository` on MongoDB. A change is one `updateOne` on `{ _id, version }` that keeps the events
 * waiting in the document's outbox (`webhook.disabled`); ids are generated, so a duplicate `_id` is a bug and throws.
 */
export class MongoWebhookEndpointRepository implements WebhookEndpointRepository {
  readonly #db: Db;
  readonly #endpoints: Collection<WebhookEndpointDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#endpoints = db.collection<WebhookEndpointDocument>(WEBHOOK_ENDPOINTS_COLLECTION);
  }

  insert(endpoint: WebhookEndpoint): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      await this.#endpoints.insertOne(toWebhookEndpointDocument(endpoint));
    });
  }

  find(id: string): ResultAsync<WebhookEndpoint | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#endpoints.findOne({ _id: id });
      return document === null ? null : toWebhookEndpoint(document);
    });
  }

  listOfUser(userId: string, page: PageRequest): ResultAsync<Page<WebhookEndpoint>, StoreUnavailable> {
    const filter = userEndpointsFilter(userId);
    return attempt(async () => {
      const [documents, total] = await Promise.all([
        this.#endpoints.find(filter).sort(NEWEST_FIRST_SORT).skip(offsetOf(page)).limit(page.perPage).toArray(),
        this.#endpoints.countDocuments(filter),
      ]);
      return { items: documents.map(toWebhookEndpoint), total, page: page.page, perPage: page.perPage };
    });
  }

  enabledOfUser(userId: string): ResultAsync<WebhookEndpoint[], StoreUnavailable> {
    return attempt(async () => (await this.#endpoints.find(enabledUserEndpointsFilter(userId)).toArray()).map(toWebhookEndpoint));
  }

  countOfUser(userId: string): ResultAsync<number, StoreUnavailable> {
    return attempt(() => this.#endpoints.countDocuments(userEndpointsFilter(userId)));
  }

  save(endpoint: WebhookEndpoint, expectedVersion: number, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    const { _id, ...fields } = toWebhookEndpointDocument(endpoint);
    return attempt(async (): Promise<WriteOutcome> => {
      const result = await conditionalWrite(this.#db, WEBHOOK_ENDPOINTS_COLLECTION, [_id], () =>
        this.#endpoints.updateOne({ _id, version: expectedVersion }, versionedUpdate(fields, events)),
      );
      return result.matchedCount === 1 ? 'written' : 'stale';
    });
  }

  remove(id: string, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable> {
    return attempt(async (): Promise<WriteOutcome> => {
      const result = await conditionalWrite(this.#db, WEBHOOK_ENDPOINTS_COLLECTION, [id], () => this.#endpoints.deleteOne({ _id: id, version: expectedVersion }));
      return result.deletedCount === 1 ? 'written' : 'stale';
    });
  }
}
