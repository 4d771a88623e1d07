/**
 * How a subscriber is stored: the domain's fields, `_id` = the subscriber's id, dates as BSON dates, the link tokens
 * as an array of digests (never a secret), and the events it raised waiting in `outbox` until relayed. One subscriber
 * per lead magnet and address key is the unique index `product_email_key_unique`.
 */
import type { Subscriber, SubscriberToken } from '@larder/domain';
import type { WithOutbox } from '../outbox/outbox-document.js';

export const SUBSCRIBERS_COLLECTION = 'subscribers';

export interface SubscriberDocument extends Omit<Subscriber, 'id' | 'tokens'>, WithOutbox {
  _id: string;
  tokens: SubscriberToken[];
}

const tokenDocument = (token: SubscriberToken): SubscriberToken => ({
  purpose: token.purpose,
  digest: token.digest,
  issued_at: token.issued_at,
  expires_at: token.expires_at,
  used_at: token.used_at,
});

export function toSubscriberDocument(subscriber: Subscriber): SubscriberDocument {
  return {
    _id: subscriber.id,
    product_id: subscriber.product_id,
    email: subscriber.email,
    email_key: subscriber.email_key,
    status: subscriber.status,
    consent_at: subscriber.consent_at,
    consent_text: subscriber.consent_text,
    confirmed_at: subscriber.confirmed_at,
    unsubscribed_at: subscriber.unsubscribed_at,
    downloads: subscriber.downloads,
    last_download_at: subscriber.last_download_at,
    tokens: subscriber.tokens.map(tokenDocument),
    created_at: subscriber.created_at,
    updated_at: subscriber.updated_at,
    version: subscriber.version,
  };
}

// Field by field, so that nothing but the domain's fields comes back (not the outbox).
export function toSubscriber(document: SubscriberDocument): Subscriber {
  return {
    id: document._id,
    product_id: document.product_id,
    email: document.email,
    email_key: document.email_key,
    status: document.status,
    consent_at: document.consent_at,
    consent_text: document.consent_text,
    confirmed_at: document.confirmed_at,
    unsubscribed_at: document.unsubscribed_at,
    downloads: document.downloads,
    last_download_at: document.last_download_at,
    tokens: document.tokens.map(tokenDocument),
    created_at: document.created_at,
    updated_at: document.updated_at,
    version: document.version,
  };
}
