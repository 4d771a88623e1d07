/**
 * `EventOutbox` on MongoDB: the events wait in the `outbox` array of the documents whose change raised them (see
 * `outbox-document.ts`), in the collections named at construction. `pending` reads the documents that have any, oldest
 * first event first, through each collection's partial `outbox` index, by their `events_waiting` mark (an equality
 * FerretDB hands to PostgreSQL; once a minute, and first, without it, for documents written before the mark).
 * `acknowledge` removes events by a compare-and-set of the document's whole array (`updateOne({ _id, outbox: <as
 * read> })`, again when a writer got in between), because neither emulator removes an array element by condition (no
 * `$pull`). The events of one document acknowledged together go in one write, against the array as `pending` read it
 * (read again only when it changed since).
 */
import type { Collection, Db, Document } from 'mongodb';
import { ResultAsync } from 'neverthrow';
import type { EventOutbox, PendingEvent, StoreUnavailable } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { attempt } from '../store-errors.js';
import { EVENTS_WAITING_FIELD, toDomainEvent, type EventDocument, type WithOutbox } from './outbox-document.js';

/** The filter and order of `pending`: documents with at least one waiting event, the oldest first event first. */
export const WAITING_EVENTS_FILTER = { 'outbox.0': { $exists: true } } as const;
export const WAITING_EVENTS_SORT: Record<string, 1 | -1> = { 'outbox.0.occurred_at': 1, _id: 1 };
/** The same documents by their mark: served by the same partial index, and pushed down by FerretDB. */
export const MARKED_EVENTS_FILTER = { ...WAITING_EVENTS_FILTER, [EVENTS_WAITING_FIELD]: true } as const;

/** How often `pending` looks for waiting events without the mark (written by a version before it). */
const UNMARKED_SWEEP_MS = 60_000;

/** A compare-and-set that keeps losing means writers keep adding events to the document: they are not lost, only later. */
const ACKNOWLEDGE_ATTEMPTS = 50;

interface OutboxHolder extends WithOutbox {
  _id: string;
}

const sourceOf = (collection: string, id: string): string => `${collection}:${id}`;

export class MongoEventOutbox implements EventOutbox {
  readonly #db: Db;
  readonly #collections: readonly string[];
  #swept = Number.NEGATIVE_INFINITY;
  /** Each source's `outbox` as the last `pending` read it: the first guess of an acknowledgement's compare-and-set. */
  #asRead = new Map<string, EventDocument[]>();
  /** Acknowledgements asked for in this turn, per source: written together. */
  readonly #acknowledging = new Map<string, { readonly ids: Set<string>; readonly done: Promise<void> }>();

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
      const sweep = performance.now() - this.#swept >= UNMARKED_SWEEP_MS;
      if (sweep) this.#swept = performance.now();
      const filter: Document = sweep ? WAITING_EVENTS_FILTER : MARKED_EVENTS_FILTER;
      const asRead = new Map<string, EventDocument[]>();
      const perCollection = await Promise.all(
        this.#collections.map(async (name) => {
          const documents = await this.#collection(name).find(filter).sort(WAITING_EVENTS_SORT).limit(limit).toArray();
          return documents.flatMap((document) => {
            const source = sourceOf(name, document._id);
            if (document.outbox !== undefined) asRead.set(source, document.outbox);
            return (document.outbox ?? []).map((event) => ({ event: toDomainEvent(event), source }));
          });
        }),
      );
      this.#asRead = asRead;
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
    let batch = this.#acknowledging.get(pending.source);
    if (batch === undefined) {
      const ids = new Set<string>();
      // Written once this turn's acknowledgements are in (the relay asks for a pass's all at once).
      const done = Promise.resolve().then(() => {
        this.#acknowledging.delete(pending.source);
        return this.#remove(name, id, ids);
      });
      batch = { ids, done };
      this.#acknowledging.set(pending.source, batch);
    }
    batch.ids.add(pending.event.id);
    const { done } = batch;
    return attempt(() => done);
  }

  async #remove(name: string, id: string, ids: ReadonlySet<string>): Promise<void> {
    const collection = this.#collection(name);
    const source = sourceOf(name, id);
    let outbox = this.#asRead.get(source);
    for (let tries = 0; tries < ACKNOWLEDGE_ATTEMPTS; tries += 1) {
      const guessed = outbox !== undefined;
      outbox ??= (await collection.findOne({ _id: id }, { projection: { outbox: 1 } }))?.outbox;
      if (outbox === undefined || !outbox.some((event) => ids.has(event.id))) return;
      const remaining = outbox.filter((event) => !ids.has(event.id));
      const matched = outbox;
      const result = await conditionalWrite(this.#db, name, [id], () =>
        collection.updateOne(
          { _id: id, outbox: matched },
          remaining.length === 0 ? { $unset: { outbox: '', [EVENTS_WAITING_FIELD]: '' } } : { $set: { outbox: remaining, [EVENTS_WAITING_FIELD]: true } },
        ),
      );
      if (result.matchedCount === 1) {
        if (remaining.length === 0) this.#asRead.delete(source);
        else this.#asRead.set(source, remaining);
        return;
      }
      outbox = undefined;
      // A guess that was out of date is read again at once; a lost race with a writer backs off a little.
      if (!guessed) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** tries)));
    }
    // Still there: the next relay hands it out again and finds its deliveries made (nothing is sent twice).
  }
}
