import { MongoBulkWriteError, type Collection, type Db, type Document } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import { offsetOf } from '@larder/domain';
import type { DeliveryChange, Page, PageRequest, StoreUnavailable, WebhookDelivery, WebhookDeliveryRepository, WriteOutcome } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { serverCapabilities } from '../engine/server-capabilities.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { toWebhookDelivery, toWebhookDeliveryDocument, WEBHOOK_DELIVERIES_COLLECTION, type WebhookDeliveryDocument } from './webhook-delivery-document.js';
import {
  DUE_FIRST_SORT,
  dueEndpointDeliveriesFilter,
  endpointDeliveriesFilter,
  eventDeliveryFilter,
  laterEndpointDeliveriesFilter,
  NEWEST_FIRST_SORT,
  pendingEndpointDeliveriesFilter,
} from './webhook-queries.js';

/**
 * `WebhookDeliveryRepository` on MongoDB. One delivery per event and endpoint is the unique `event_endpoint` index's
 * doing: a second insert is a duplicate key (`exists`); the relay's pass writes its deliveries in one `insertMany`.
 * A change is one `replaceOne` on `{ _id, version }` (a delivery has no outbox to keep). An endpoint's job reads its
 * due deliveries by `endpoint_id` and `status` (equalities FerretDB hands to PostgreSQL) and `next_attempt_at`.
 */
export class MongoWebhookDeliveryRepository implements WebhookDeliveryRepository {
  readonly #db: Db;
  readonly #deliveries: Collection<WebhookDeliveryDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#deliveries = db.collection<WebhookDeliveryDocument>(WEBHOOK_DELIVERIES_COLLECTION);
  }

  insert(delivery: WebhookDelivery): ResultAsync<'created' | 'exists', StoreUnavailable> {
    return attempt(() => this.#insertOne(delivery));
  }

  insertAll(deliveries: readonly WebhookDelivery[]): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      if (deliveries.length === 0) return;
      try {
        // One command for the relay's pass: on the emulator every write costs a pass over the collection.
        await this.#deliveries.insertMany(deliveries.map(toWebhookDeliveryDocument), { ordered: false });
      } catch (error) {
        // Some of these events and endpoints have a delivery already (an event handed out again). What the command
        // wrote before that differs by engine (the emulator stops part way, with counts of zero): each alone, then.
        if (!isDuplicateKey(error) && !(error instanceof MongoBulkWriteError && writeErrorsOf(error).some(isDuplicateKey))) throw error;
        for (const delivery of deliveries) await this.#insertOne(delivery);
      }
    });
  }

  async #insertOne(delivery: WebhookDelivery): Promise<'created' | 'exists'> {
    try {
      await this.#deliveries.insertOne(toWebhookDeliveryDocument(delivery));
      return 'created';
    } catch (error) {
      if (isDuplicateKey(error)) return 'exists';
      throw error;
    }
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

  dueOfEndpoint(endpointId: string, now: Date, limit: number): ResultAsync<WebhookDelivery[], StoreUnavailable> {
    return attempt(async () => {
      // A limit of 0 means "no limit" to MongoDB.
      if (limit <= 0) return [];
      return (await this.#deliveries.find(dueEndpointDeliveriesFilter(endpointId, now)).sort(DUE_FIRST_SORT).limit(limit).toArray()).map(toWebhookDelivery);
    });
  }

  nextDueOfEndpoint(endpointId: string, after: Date): ResultAsync<Date | null, StoreUnavailable> {
    return attempt(async () => {
      const [next] = await this.#deliveries.find(laterEndpointDeliveriesFilter(endpointId, after), { projection: { next_attempt_at: 1 } }).sort(DUE_FIRST_SORT).limit(1).toArray();
      return next?.next_attempt_at ?? null;
    });
  }

  save(delivery: WebhookDelivery, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable> {
    return attempt(() => this.#saveOne(delivery, expectedVersion));
  }

  async #saveOne(delivery: WebhookDelivery, expectedVersion: number): Promise<WriteOutcome> {
    const { _id, ...replacement } = toWebhookDeliveryDocument(delivery);
    const result = await conditionalWrite(this.#db, WEBHOOK_DELIVERIES_COLLECTION, [_id], () => this.#deliveries.replaceOne({ _id, version: expectedVersion }, replacement));
    return result.matchedCount === 1 ? 'written' : 'stale';
  }

  /**
   * Where `$in` is served from an index (MongoDB, the emulator), changes that are the same write (the same fields
   * set to the same values over the same version: a fast receiver's answers in one batch) go as one `updateMany`
   * of their ids: on the emulator every write command checks each unique index over the whole collection, so the
   * count of commands is what costs. A group that did not match whole reports all of it stale (read them again).
   * Elsewhere (FerretDB: `$in` reads the whole collection) one `replaceOne` each.
   */
  saveAll(changes: readonly DeliveryChange[]): ResultAsync<WriteOutcome[], StoreUnavailable> {
    return attempt(async () => {
      const grouped = (await serverCapabilities(this.#db)).inPushdown;
      const groups = new Map<string, { version: number; set: Document; members: number[] }>();
      changes.forEach(({ before, after }, index) => {
        const set = grouped ? changedFields(toWebhookDeliveryDocument(before), toWebhookDeliveryDocument(after)) : {};
        const key = grouped ? `${before.version} ${JSON.stringify(set)}` : `#${index}`;
        const group = groups.get(key) ?? { version: before.version, set, members: [] };
        group.members.push(index);
        groups.set(key, group);
      });
      const outcomes: WriteOutcome[] = changes.map(() => 'stale');
      await Promise.all(
        [...groups.values()].map(async ({ version, set, members }) => {
          const [only] = members;
          if (members.length === 1 && only !== undefined) {
            const change = changes[only];
            if (change !== undefined) outcomes[only] = await this.#saveOne(change.after, change.before.version);
            return;
          }
          const ids = members.map((index) => changes[index]?.after.id ?? '');
          const result = await this.#deliveries.updateMany({ _id: { $in: ids }, version }, { $set: set });
          if (result.matchedCount === ids.length) for (const index of members) outcomes[index] = 'written';
        }),
      );
      return outcomes;
    });
  }

  removeOfEndpoint(endpointId: string): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      await this.#deliveries.deleteMany(endpointDeliveriesFilter(endpointId));
    });
  }
}

// The driver types `writeErrors` as one error or several.
const writeErrorsOf = (error: MongoBulkWriteError): unknown[] => (Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors]);

/** The top-level fields whose value differs between two versions of a delivery, with their new value. */
function changedFields(before: WebhookDeliveryDocument, after: WebhookDeliveryDocument): Document {
  const changed: Document = {};
  for (const [field, value] of Object.entries(after) as [keyof WebhookDeliveryDocument, unknown][]) {
    if (field !== '_id' && JSON.stringify(value) !== JSON.stringify(before[field])) changed[field] = value;
  }
  return changed;
}
