import type { ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';

export interface WebhookEndpointRepository {
  insert(endpoint: WebhookEndpoint): ResultAsync<void, StoreUnavailable>;
  find(id: string): ResultAsync<WebhookEndpoint | null, StoreUnavailable>;
  /** A page of the user's endpoints, newest first (`webhookEndpointComparator`). */
  listOfUser(userId: string, page: PageRequest): ResultAsync<Page<WebhookEndpoint>, StoreUnavailable>;
  /** Every enabled endpoint of the user (a user has a few: `WEBHOOK_LIMITS.endpointsPerUser`). */
  enabledOfUser(userId: string): ResultAsync<WebhookEndpoint[], StoreUnavailable>;
  countOfUser(userId: string): ResultAsync<number, StoreUnavailable>;
  /** Writes the endpoint when its stored version is still `expectedVersion`, with `events` in its outbox in the same write. */
  save(endpoint: WebhookEndpoint, expectedVersion: number, events?: readonly DomainEvent[]): ResultAsync<WriteOutcome, StoreUnavailable>;
  /** Removes the endpoint when its stored version is still `expectedVersion`. */
  remove(id: string, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable>;
}
