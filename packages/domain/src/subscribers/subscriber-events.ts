/**
 * `subscriber.confirmed`, raised in the same write as the confirmation (the outbox). A library's products have no
 * owner, so a subscriber's event belongs to the user who last published the lead magnet; one published by no user
 * (the CLI, the sample library) raises none, as a product change made without a user raises none.
 */
import type { DomainEvent } from '../events/domain-event.js';
import type { Product } from '../product/product.js';
import { newEventId } from '../product/product-events.js';
import type { IdGenerator } from '../shared/ports.js';
import { subscriberData, type Subscriber } from './subscriber.js';

export function subscriberConfirmedEvents(product: Product, subscriber: Subscriber, ids: IdGenerator): DomainEvent[] {
  if (product.published_by === null) return [];
  return [
    {
      id: newEventId(ids),
      type: 'subscriber.confirmed',
      user_id: product.published_by,
      occurred_at: subscriber.confirmed_at ?? subscriber.updated_at,
      data: { ...subscriberData(subscriber), lead_magnet: { id: product.id, title: product.title, slug: product.slug } },
    },
  ];
}
