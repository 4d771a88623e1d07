import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { WebhookDelivery } from './webhook-delivery.js';

/** A delivery as read, and as it is to be written. */
export interface DeliveryChange {
  readonly before: WebhookDelivery;
  readonly after: WebhookDelivery;
}

export interface WebhookDeliveryRepository {
  /** `exists` when the endpoint has a delivery of this event already (unique on event and endpoint): nothing is written. */
  insert(delivery: WebhookDelivery): ResultAsync<'created' | 'exists', StoreUnavailable>;
  /**
   * `insert` of each, in as few writes as the store allows (the relay's pass): a delivery whose event and endpoint
   * have one already is left out, the others are written.
   */
  insertAll(deliveries: readonly WebhookDelivery[]): ResultAsync<void, StoreUnavailable>;
  find(id: string): ResultAsync<WebhookDelivery | null, StoreUnavailable>;
  findByEvent(eventId: string, endpointId: string): ResultAsync<WebhookDelivery | null, StoreUnavailable>;
  /** A page of the endpoint's deliveries, newest first (`webhookDeliveryComparator`). */
  listOfEndpoint(endpointId: string, page: PageRequest): ResultAsync<Page<WebhookDelivery>, StoreUnavailable>;
  /** Up to `limit` of the endpoint's pending deliveries, in no particular order. */
  pendingOfEndpoint(endpointId: string, limit: number): ResultAsync<WebhookDelivery[], StoreUnavailable>;
  /** Up to `limit` of the endpoint's pending deliveries due at `now` (`next_attempt_at` at or before it), earliest due first. */
  dueOfEndpoint(endpointId: string, now: Date, limit: number): ResultAsync<WebhookDelivery[], StoreUnavailable>;
  /** When the first of the endpoint's pending deliveries due after `after` is due; null when none is. */
  nextDueOfEndpoint(endpointId: string, after: Date): ResultAsync<Date | null, StoreUnavailable>;
  /** Writes the delivery when its stored version is still `expectedVersion`. */
  save(delivery: WebhookDelivery, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable>;
  /**
   * `save` of each `after` over its `before` (its version), in as few writes as the store allows (an endpoint's batch
   * of outcomes); the outcomes in the same order. A `stale` one may have been written after all (when the store
   * writes several changes in one and one of them was stale): read it again to know.
   */
  saveAll(changes: readonly DeliveryChange[]): ResultAsync<WriteOutcome[], StoreUnavailable>;
  /** Removes every delivery of the endpoint (it was deleted). */
  removeOfEndpoint(endpointId: string): ResultAsync<void, StoreUnavailable>;
}
