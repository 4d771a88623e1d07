/** `/api/webhooks/{id}/deliveries`: what became of each event sent to the endpoint, and a way to send one again. */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { DeliveryNotFound, StoreUnavailable, WebhookError, WebhookNotFound } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Clock } from '../shared/ports.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { endpointJob } from './webhook-delivery-job.js';
import { changeDelivery } from './webhook-delivery-store.js';
import type { WebhookDeliveryRepository } from './webhook-delivery-repository.js';
import { sentAgain, type WebhookDelivery } from './webhook-delivery.js';
import type { WebhookEndpointRepository } from './webhook-endpoint-repository.js';
import { endpointDisabled, getWebhookEndpoint } from './webhook-endpoint-use-cases.js';

export interface WebhookDeliveryDeps {
  readonly endpoints: WebhookEndpointRepository;
  readonly deliveries: WebhookDeliveryRepository;
  readonly queue: JobQueue;
  readonly clock: Clock;
  /** Told when a delivery was queued, so that this process's runner starts it at once. */
  readonly onQueued?: () => void;
}

export const listWebhookDeliveries =
  (deps: Pick<WebhookDeliveryDeps, 'endpoints' | 'deliveries'>) =>
  (userId: string, endpointId: string, page: PageRequest): ResultAsync<Page<WebhookDelivery>, StoreUnavailable | WebhookNotFound> =>
    getWebhookEndpoint(deps)(userId, endpointId).andThen((endpoint) => deps.deliveries.listOfEndpoint(endpoint.id, page));

/**
 * Sends the delivery again, whatever became of it: `pending` with its attempt due now (a waiting retry is moved up;
 * a finished delivery starts a new run of retries), the same body and `webhook-id`. A disabled endpoint's deliveries
 * wait until it is enabled (409).
 */
export const retryWebhookDelivery =
  (deps: WebhookDeliveryDeps) =>
  (userId: string, endpointId: string, deliveryId: string): ResultAsync<WebhookDelivery, WebhookError> =>
    getWebhookEndpoint(deps)(userId, endpointId).andThen((endpoint) => {
      if (!endpoint.enabled) return errAsync(endpointDisabled(endpoint));
      const missing: DeliveryNotFound = { type: 'DeliveryNotFound', id: deliveryId };
      return deps.deliveries.find(deliveryId).andThen((found) => {
        if (found === null || found.endpoint_id !== endpoint.id) return errAsync(missing);
        const now = deps.clock.now();
        return changeDelivery(deps.deliveries, found.id, (current) => sentAgain(current, now))
          .andThen((changed) => (changed === null ? errAsync(missing) : okAsync(changed)))
          .andThen((changed) => deps.queue.enqueue(endpointJob(changed.endpoint_id, now)).map(() => changed))
          .map((changed) => {
            deps.onQueued?.();
            return changed;
          });
      });
    });
