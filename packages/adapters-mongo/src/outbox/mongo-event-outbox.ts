/**
 * `EventOutbox` on MongoDB: the events wait in the `outbox` array of the documents whose change raised them (see
 * `outbox-document.ts`), in the collections named at construction. `pending` reads the documents that have any, oldest
 * first event first, through each collection's partial `outbox` index; `acknowledge` removes one event by a
 * compare-and-set of the document's whole array (read, then `updateOne({ _id, outbox: <as read> })`, again when a
 * writer got in between), because neither emulator removes an array element by condition (no `$pull`).
 */
import type { Collection, Db, Document } from 'mongodb';
import { ResultAsync } from 'neverthrow';
import type { EventOutbox, PendingEvent, StoreUnavailable } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { attempt } from '../store-errors.js';
import { toDomainEvent, type EventDocument } from './outbox-document.js';

/** The filter and order of `pending`: documents with at least one waiting event, the oldest first event first. */
export const WAITING_EVENTS_FILTER = { 'outbox.0': { $exists: true } } as const;
export const WAITING_EVENTS_SORT: Record<string, 1 | -1> = { 'outbox.0.occurred_at': 1, _id: 1 };

/** A compare-and-set that keeps losing means writers keep adding events to the document: they are not lost, only later. */
const ACKNOWLEDGE_ATTEMPTS = 50;

interface OutboxHolder {
  _id: string;
  outbox?: EventDocument[];
}

const sourceOf = (collection: string, id: string): string => `${collection}:${id}`;

export class MongoEventOutbox implements EventOutbox {
  readonly #db: Db;
  readonly #collections: readonly string[];

  /** `collections`: every collection whose repository writes events (`products`, `listings`, `sales`, ...). */
  constructor(db: Db, collections: readonly string[]) {
    this.#db = db;
    this.#collections = [...new Set(collections)];
  }

  #collection(name: string): Collection<OutboxHolder> {
    return this.#db.collection<OutboxHolder>(name);
  }

  pending(limit: number): ResultAsync<PendingEvent[], StoreUnavailable> {
    return attempt(async () => {
      // A limit of 0 means "no limit" to MongoDB.
      if (limit <= 0) return [];
      const perCollection = await Promise.all(
        this.#collections.map(async (name) => {
          const documents = await this.#collection(name).find(WAITING_EVENTS_FILTER as Document).sort(WAITING_EVENTS_SORT).limit(limit).toArray();
          return documents.flatMap((document) => (document.outbox ?? []).map((event) => ({ event: toDomainEvent(event), source: sourceOf(name, document._id) })));
        }),
      );
      return perCollection
        .flat()
        .sort((a, b) => a.event.occurred_at.getTime() - b.event.occurred_at.getTime() || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0))
        .slice(0, limit);
    });
  }

  acknowledge(pending: PendingEvent): ResultAsync<void, StoreUnavailable> {
    const at = pending.source.indexOf(':');
    const name = pending.source.slice(0, at);
    const id = pending.source.slice(at + 1);
    if (at <= 0 || !this.#collections.includes(name)) return ResultAsync.fromSafePromise(Promise.resolve());
    const collection = this.#collection(name);
    return attempt(async () => {
      for (let tries = 0; tries < ACKNOWLEDGE_ATTEMPTS; tries += 1) {
        const document = await collection.findOne({ _id: id });
        const outbox = document?.outbox;
        if (outbox === undefined || !outbox.some((event) => event.id === pending.event.id)) return;
        const remaining = outbox.filter((event) => event.id !== pending.event.id);
        const result = await conditionalWrite(this.#db, name, [id], () =>
          collection.updateOne({ _id: id, outbox }, remaining.length === 0 ? { $unset: { outbox: '' } } : { $set: { outbox: remaining } }),
        );
        if (result.matchedCount === 1) return;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** tries)));
      }
      // Still there: the next relay hands it out again and finds its deliveries made (nothing is sent twice).
    });
  }
}
