/** Changing a stored delivery against other writers (the delivery job records attempts while a request retries it). */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import { retryWhileStale, STALE } from '../shared/optimistic.js';
import type { WebhookDeliveryRepository } from './webhook-delivery-repository.js';
import type { WebhookDelivery } from './webhook-delivery.js';

/** Applies `change(current)` (null: leave it) and writes it; null when there is no such delivery. */
export function changeDelivery(
  deliveries: WebhookDeliveryRepository,
  id: string,
  change: (current: WebhookDelivery) => WebhookDelivery | null,
): ResultAsync<WebhookDelivery | null, StoreUnavailable> {
  return retryWhileStale<WebhookDelivery | null, StoreUnavailable>(
    () =>
      deliveries.find(id).andThen((current) => {
        if (current === null) return okAsync(null);
        const next = change(current);
        if (next === null) return okAsync(current);
        const versioned = { ...next, version: current.version + 1 };
        return deliveries.save(versioned, current.version).map((outcome) => (outcome === 'written' ? versioned : STALE));
      }),
    () => ({ type: 'StoreUnavailable', message: 'the delivery kept changing' }),
  );
}
