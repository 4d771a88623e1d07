import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { WebhookDelivery } from './webhook-delivery.js';

export interface WebhookDeliveryRepository {
  /** `exists` when the endpoint has a delivery of this event already (unique on event and endpoint): nothing is written. */
  insert(delivery: WebhookDelivery): ResultAsync<'created' | 'exists', StoreUnavailable>;
  find(id: string): ResultAsync<WebhookDelivery | null, StoreUnavailable>;
  findByEvent(eventId: string, endpointId: string): ResultAsync<WebhookDelivery | null, StoreUnavailable>;
  /** A page of the endpoint's deliveries, newest first (`webhookDeliveryComparator`). */
  listOfEndpoint(endpointId: string, page: PageRequest): ResultAsync<Page<WebhookDelivery>, StoreUnavailable>;
  /** Up to `limit` of the endpoint's pending deliveries, in no particular order. */
  pendingOfEndpoint(endpointId: string, limit: number): ResultAsync<WebhookDelivery[], StoreUnavailable>;
  /** Writes the delivery when its stored version is still `expectedVersion`. */
  save(delivery: WebhookDelivery, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable>;
  /** Removes every delivery of the endpoint (it was deleted). */
  removeOfEndpoint(endpointId: string): ResultAsync<void, StoreUnavailable>;
}
