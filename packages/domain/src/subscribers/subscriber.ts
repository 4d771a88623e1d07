/**
 * A reader who asked for a lead magnet with their e-mail address: one per address and lead magnet. Double opt-in: a
 * subscriber starts `pending` (the confirmation e-mail is on its way), becomes `confirmed` through the link in it, and
 * `unsubscribed` through any e-mail's unsubscribe link; asking again on the page starts over at `pending`. The consent
 * the reader gave (when, and the words they agreed to) is kept with them.
 */
import type { SubscriberToken } from './subscriber-token.js';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export interface Subscriber {
  readonly id: string;
  /** The lead magnet. */
  readonly product_id: string;
  /** Where mail goes (see `parseEmailAddress`). */
  readonly email: string;
  /** The address in lower case: one subscriber per key and lead magnet. */
  readonly email_key: string;
  readonly status: SubscriberStatus;
  /** When the reader last gave consent, and the words they agreed to then. */
  readonly consent_at: Date;
  readonly consent_text: string;
  readonly confirmed_at: Date | null;
  readonly unsubscribed_at: Date | null;
  /** Files downloaded through their links; only ever grows (see `SubscriberRepository.countDownload`). */
  readonly downloads: number;
  readonly last_download_at: Date | null;
  /** The digests of the secrets in the links sent to them. */
  readonly tokens: readonly SubscriberToken[];
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly version: number;
}

/** What the creator sees of a subscriber (`GET /api/products/{id}/subscribers`, the CSV, `subscriber.confirmed`). */
export const subscriberView = (subscriber: Subscriber) => ({
  id: subscriber.id,
  product_id: subscriber.product_id,
  email: subscriber.email,
  status: subscriber.status,
  consent_at: subscriber.consent_at,
  consent_text: subscriber.consent_text,
  confirmed_at: subscriber.confirmed_at,
  unsubscribed_at: subscriber.unsubscribed_at,
  downloads: subscriber.downloads,
  last_download_at: subscriber.last_download_at,
  created_at: subscriber.created_at,
});
export type SubscriberView = ReturnType<typeof subscriberView>;

/** The view as plain JSON (dates as ISO strings), for an event's data. */
export const subscriberData = (subscriber: Subscriber): Record<string, unknown> => JSON.parse(JSON.stringify(subscriberView(subscriber))) as Record<string, unknown>;
