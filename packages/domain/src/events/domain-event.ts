/**
 * Something that happened which other systems may want to hear about (through outbound webhooks). An event is written
 * in the same database write as the change that caused it (the "outbox": see `event-outbox.ts`), so that a change
 * is never kept while its event is lost, nor the other way round.
 */

/** The events a webhook endpoint can subscribe to (the contract's list). */
export const EVENT_TYPES = [
  'product.published',
  'product.unpublished',
  'listing.live',
  'listing.failed',
  'sale.created',
  'sale.refunded',
  'subscriber.confirmed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Sent to a user's other endpoints when one of theirs is disabled after failing for too long. Not subscribable: every
 * remaining enabled endpoint of the user gets it.
 */
export const ENDPOINT_DISABLED_EVENT = 'webhook.disabled' as const;

export interface DomainEvent {
  /** Unique, opaque; becomes the delivery's `webhook-id` (the same on every retry). */
  readonly id: string;
  readonly type: EventType | typeof ENDPOINT_DISABLED_EVENT;
  /** Whose event it is: only this user's endpoints hear it. */
  readonly user_id: string;
  readonly occurred_at: Date;
  /** The payload's `data`: plain JSON (snake_case fields, ISO dates as strings). */
  readonly data: Readonly<Record<string, unknown>>;
}

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);
