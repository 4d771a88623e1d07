/**
 * Events waiting in a document's `outbox` array (see the domain's `EventOutbox`), and the versioned update that keeps
 * them: every repository whose writes raise events changes its documents with `versionedUpdate` instead of
 * `replaceOne`, which would wipe the events still waiting.
 *
 * Events are added with `$addToSet`/`$each`, not `$push`: the emulator (jongodb) refuses `$push` and `$pull` (code 14),
 * and FerretDB 1.24's `$pull` with a condition (`{ id }`) matches the document but removes nothing. Event ids are
 * unique, so `$addToSet` appends exactly what `$push` would. Acknowledging is a compare-and-set of the whole array
 * (see `mongo-event-outbox.ts`). Checked on both engines by the outbox contract in test/outbox.test.ts.
 *
 * Beside the array, `events_waiting: true` marks a document that has events, set in the same write and removed with
 * the last event: an equality FerretDB 1.24 hands down to PostgreSQL, where `outbox.0: { $exists }` made every look at
 * the outbox read the whole collection (docs/scale.md).
 */
import type { Document, UpdateFilter } from 'mongodb';
import type { DomainEvent } from '@larder/domain';

export interface EventDocument {
  id: string;
  type: DomainEvent['type'];
  user_id: string;
  occurred_at: Date;
  data: Record<string, unknown>;
}

/** A document that may carry waiting events. */
export interface WithOutbox {
  outbox?: EventDocument[];
  /** Present (and true) while `outbox` holds events. */
  events_waiting?: true;
}

export const EVENTS_WAITING_FIELD = 'events_waiting';

export const toEventDocument = (event: DomainEvent): EventDocument => ({
  id: event.id,
  type: event.type,
  user_id: event.user_id,
  occurred_at: event.occurred_at,
  data: structuredClone({ ...event.data }),
});

export const toDomainEvent = (document: EventDocument): DomainEvent => ({
  id: document.id,
  type: document.type,
  user_id: document.user_id,
  occurred_at: document.occurred_at,
  data: document.data,
});

/** The fields of an insert: the document, with its events when there are any. */
export function withEvents<T extends Document>(document: T, events: readonly DomainEvent[]): T & WithOutbox {
  return events.length === 0 ? document : { ...document, outbox: events.map(toEventDocument), events_waiting: true as const };
}

/**
 * The update that makes the stored document `fields` (everything but `_id`), keeps the events already waiting and
 * adds `events`: `$set` of every field present (and of `events_waiting` when there are events), `$unset` of the
 * `optional` fields absent, `$addToSet` of the events.
 */
export function versionedUpdate<T extends Document>(fields: T, events: readonly DomainEvent[], optional: readonly string[] = []): UpdateFilter<Document> {
  const set: Document = {};
  for (const [key, value] of Object.entries(fields) as [string, unknown][]) {
    if (value !== undefined && key !== '_id' && key !== 'outbox' && key !== EVENTS_WAITING_FIELD) set[key] = value;
  }
  if (events.length > 0) set[EVENTS_WAITING_FIELD] = true;
  const unset: Record<string, ''> = {};
  for (const key of optional) if ((fields as Document)[key] === undefined) unset[key] = '';
  return {
    $set: set,
    ...(Object.keys(unset).length === 0 ? {} : { $unset: unset }),
    ...(events.length === 0 ? {} : { $addToSet: { outbox: { $each: events.map(toEventDocument) } } }),
  };
}
