import { okAsync, type ResultAsync } from 'neverthrow';
import type { DomainEvent, EventOutbox, PendingEvent, StoreUnavailable } from '../index.js';

/**
 * The outbox of the in-memory repositories: a repository that takes `events` with a write adds them here in the same
 * synchronous step as the change, so that, as in a database, the change and its events are kept together or not at all.
 * `source` names the entity (`sales:<id>`), as a Mongo document's outbox is named by its collection and `_id`.
 */
export class InMemoryOutbox implements EventOutbox {
  readonly #waiting: PendingEvent[] = [];

  add(source: string, events: readonly DomainEvent[]): void {
    for (const event of events) this.#waiting.push({ event: structuredClone(event), source });
  }

  pending(limit: number): ResultAsync<PendingEvent[], StoreUnavailable> {
    return okAsync(this.#waiting.slice(0, Math.max(0, limit)).map((pending) => ({ event: structuredClone(pending.event), source: pending.source })));
  }

  acknowledge(pending: PendingEvent): ResultAsync<void, StoreUnavailable> {
    const at = this.#waiting.findIndex((waiting) => waiting.source === pending.source && waiting.event.id === pending.event.id);
    if (at >= 0) this.#waiting.splice(at, 1);
    return okAsync(undefined);
  }
}
