/**
 * The outbox: events waiting, inside the documents whose change raised them, to be handed to the webhook deliveries.
 * A repository that takes `events` with a write keeps them in the same atomic write as the change (a document's
 * `outbox` array); the relay reads them here, fans each out to the subscribed endpoints (idempotently: one delivery
 * per event and endpoint, whoever relays it, however often) and then acknowledges it, which removes it. A relay that
 * dies between the two relays the event again, and the deliveries it makes already exist.
 */
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { DomainEvent } from './domain-event.js';

/** An event waiting in the outbox, and where it waits (opaque to the relay: it hands it back to `acknowledge`). */
export interface PendingEvent {
  readonly event: DomainEvent;
  readonly source: string;
}

export interface EventOutbox {
  /** Up to `limit` waiting events, oldest first as far as the store can tell. */
  pending(limit: number): ResultAsync<PendingEvent[], StoreUnavailable>;
  /** Removes the event from its document's outbox; nothing when it is gone already. */
  acknowledge(pending: PendingEvent): ResultAsync<void, StoreUnavailable>;
}
