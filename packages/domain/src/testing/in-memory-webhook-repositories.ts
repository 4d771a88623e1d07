import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import { webhookDeliveryComparator, type WebhookDelivery } from '../webhooks/webhook-delivery.js';
import type { DeliveryChange, WebhookDeliveryRepository } from '../webhooks/webhook-delivery-repository.js';
import { webhookEndpointComparator, type WebhookEndpoint } from '../webhooks/webhook-endpoint.js';
import type { WebhookEndpointRepository } from '../webhooks/webhook-endpoint-repository.js';
import { InMemoryOutbox } from './in-memory-outbox.js';

const down = (): ResultAsync<never, StoreUnavailable> => errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });

function pageOf<T>(items: readonly T[], page: PageRequest): Page<T> {
  const start = offsetOf(page);
  return { items: items.slice(start, start + page.perPage), total: items.length, page: page.page, perPage: page.perPage };
}

/** Webhook endpoints in memory; a write's events go to the shared outbox in the same step (source `webhook_endpoints:<id>`). */
export class InMemoryWebhookEndpointRepository implements WebhookEndpointRepository {
  readonly #byId = new Map<string, WebhookEndpoint>();
  readonly outbox: InMemoryOutbox;
  unavailable = false;

  constructor(outbox: InMemoryOutbox = new InMemoryOutbox()) {
    this.outbox = outbox;
  }

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? down() : okAsync(value());
  }

  insert(endpoint: WebhookEndpoint): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => void this.#byId.set(endpoint.id, structuredClone(endpoint)));
  }

  find(id: string): ResultAsync<WebhookEndpoint | null, StoreUnavailable> {
    return this.#check(() => structuredClone(this.#byId.get(id) ?? null));
  }

  #ofUser(userId: string): WebhookEndpoint[] {
    return [...this.#byId.values()].filter((endpoint) => endpoint.user_id === userId).sort(webhookEndpointComparator);
  }

  listOfUser(userId: string, page: PageRequest): ResultAsync<Page<WebhookEndpoint>, StoreUnavailable> {
    return this.#check(() => pageOf(structuredClone(this.#ofUser(userId)), page));
  }

  enabledOfUser(userId: string): ResultAsync<WebhookEndpoint[], StoreUnavailable> {
    return this.#check(() => structuredClone(this.#ofUser(userId).filter((endpoint) => endpoint.enabled)));
  }

  countOfUser(userId: string): ResultAsync<number, StoreUnavailable> {
    return this.#check(() => this.#ofUser(userId).length);
  }

  save(endpoint: WebhookEndpoint, expectedVersion: number, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    return this.#check((): WriteOutcome => {
      if (this.#byId.get(endpoint.id)?.version !== expectedVersion) return 'stale';
      this.#byId.set(endpoint.id, structuredClone(endpoint));
      this.outbox.add(`webhook_endpoints:${endpoint.id}`, events);
      return 'written';
    });
  }

  remove(id: string, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable> {
    return this.#check((): WriteOutcome => {
      if (this.#byId.get(id)?.version !== expectedVersion) return 'stale';
      this.#byId.delete(id);
      return 'written';
    });
  }
}

/** Webhook deliveries in memory, one per event and endpoint. */
export class InMemoryWebhookDeliveryRepository implements WebhookDeliveryRepository {
  readonly #byId = new Map<string, WebhookDelivery>();
  unavailable = false;

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? down() : okAsync(value());
  }

  insert(delivery: WebhookDelivery): ResultAsync<'created' | 'exists', StoreUnavailable> {
    return this.#check(() => {
      const taken = [...this.#byId.values()].some((stored) => stored.id === delivery.id || (stored.event_id === delivery.event_id && stored.endpoint_id === delivery.endpoint_id));
      if (taken) return 'exists' as const;
      this.#byId.set(delivery.id, structuredClone(delivery));
      return 'created' as const;
    });
  }

  insertAll(deliveries: readonly WebhookDelivery[]): ResultAsync<void, StoreUnavailable> {
    return ResultAsync.combine(deliveries.map((delivery) => this.insert(delivery))).map(() => undefined);
  }

  find(id: string): ResultAsync<WebhookDelivery | null, StoreUnavailable> {
    return this.#check(() => structuredClone(this.#byId.get(id) ?? null));
  }

  findByEvent(eventId: string, endpointId: string): ResultAsync<WebhookDelivery | null, StoreUnavailable> {
    return this.#check(() => structuredClone([...this.#byId.values()].find((delivery) => delivery.event_id === eventId && delivery.endpoint_id === endpointId) ?? null));
  }

  listOfEndpoint(endpointId: string, page: PageRequest): ResultAsync<Page<WebhookDelivery>, StoreUnavailable> {
    return this.#check(() =>
      pageOf(structuredClone([...this.#byId.values()].filter((delivery) => delivery.endpoint_id === endpointId).sort(webhookDeliveryComparator)), page),
    );
  }

  pendingOfEndpoint(endpointId: string, limit: number): ResultAsync<WebhookDelivery[], StoreUnavailable> {
    return this.#check(() =>
      structuredClone([...this.#byId.values()].filter((delivery) => delivery.endpoint_id === endpointId && delivery.status === 'pending').slice(0, Math.max(0, limit))),
    );
  }

  #pendingOf(endpointId: string): WebhookDelivery[] {
    return [...this.#byId.values()]
      .filter((delivery) => delivery.endpoint_id === endpointId && delivery.status === 'pending' && delivery.next_attempt_at !== null)
      .sort((a, b) => (a.next_attempt_at?.getTime() ?? 0) - (b.next_attempt_at?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  dueOfEndpoint(endpointId: string, now: Date, limit: number): ResultAsync<WebhookDelivery[], StoreUnavailable> {
    return this.#check(() => structuredClone(this.#pendingOf(endpointId).filter((delivery) => (delivery.next_attempt_at ?? now) <= now).slice(0, Math.max(0, limit))));
  }

  nextDueOfEndpoint(endpointId: string, after: Date): ResultAsync<Date | null, StoreUnavailable> {
    return this.#check(() => {
      const next = this.#pendingOf(endpointId).find((delivery) => (delivery.next_attempt_at ?? after) > after)?.next_attempt_at;
      return next === undefined || next === null ? null : new Date(next);
    });
  }

  save(delivery: WebhookDelivery, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable> {
    return this.#check((): WriteOutcome => {
      if (this.#byId.get(delivery.id)?.version !== expectedVersion) return 'stale';
      this.#byId.set(delivery.id, structuredClone(delivery));
      return 'written';
    });
  }

  saveAll(changes: readonly DeliveryChange[]): ResultAsync<WriteOutcome[], StoreUnavailable> {
    return ResultAsync.combine(changes.map(({ before, after }) => this.save(after, before.version)));
  }

  removeOfEndpoint(endpointId: string): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      for (const [id, delivery] of this.#byId) if (delivery.endpoint_id === endpointId) this.#byId.delete(id);
    });
  }

  /** Every delivery, in no particular order (for tests and benches). */
  all(): WebhookDelivery[] {
    return structuredClone([...this.#byId.values()]);
  }
}
