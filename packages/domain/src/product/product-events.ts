/**
 * The events a product's change raises: `product.published` when it becomes published (a publish, or a PATCH of
 * `status`), `product.unpublished` when a published product goes to draft or archived. Publishing an already
 * published product again (new sales settings) raises nothing. They go to the endpoints of the user who made the
 * change: a library has no owner of its products (see SECURITY.md), so the acting user is whose event it is.
 */
import type { DomainEvent } from '../events/domain-event.js';
import type { IdGenerator } from '../shared/ports.js';
import type { Product } from './product.js';

/**
 * A product as a webhook's `data` shows it: the API's product without its heavy parts (`recipe_ids`, `days` and
 * `listings`, which can run to hundreds of entries; the receiver reads them from `GET /api/products/{id}`).
 */
export const productEventData = (product: Product): Record<string, unknown> => ({
  id: product.id,
  type: product.type,
  status: product.status,
  title: product.title,
  description: product.description,
  sales: product.sales === null ? null : { platforms: [...product.sales.platforms], price_cents: product.sales.price_cents, currency: product.sales.currency },
  source_product_id: product.source_product_id,
  published_at: product.published_at === null ? null : product.published_at.toISOString(),
  created_at: product.created_at.toISOString(),
  updated_at: product.updated_at.toISOString(),
  version: product.version,
});

/** The id of a new event: `msg_` and a fresh id. */
export const newEventId = (ids: IdGenerator): string => `msg_${ids.next()}`;

/** The events of the change from `before` to `after`, made by `userId` (none without a user: nothing to deliver to). */
export function productEvents(before: Product, after: Product, userId: string | undefined, ids: IdGenerator): DomainEvent[] {
  if (userId === undefined || before.status === after.status) return [];
  const type = after.status === 'published' ? 'product.published' : before.status === 'published' ? 'product.unpublished' : null;
  if (type === null) return [];
  return [{ id: newEventId(ids), type, user_id: userId, occurred_at: after.updated_at, data: productEventData(after) }];
}
