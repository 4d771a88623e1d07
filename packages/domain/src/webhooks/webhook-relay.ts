/**
 * The relay: takes the events waiting in the outbox, makes one delivery per enabled endpoint of the event's user that
 * subscribed to its type (`webhook.disabled` goes to every other enabled endpoint of the user), queues a
 * `webhook.deliver` job for each, and then acknowledges the event. Idempotent, so that two relays (two instances, or
 * one that died before acknowledging) may hand out the same event: the delivery of an event to an endpoint is made
 * once (unique on the pair), and its job queued only where none exists.
 */
import { okAsync, ResultAsync } from 'neverthrow';
import { ENDPOINT_DISABLED_EVENT, type DomainEvent } from '../events/domain-event.js';
import type { EventOutbox, PendingEvent } from '../events/event-outbox.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { deliveryJob } from './webhook-delivery-job.js';
import type { WebhookDeliveryRepository } from './webhook-delivery-repository.js';
import type { WebhookDelivery } from './webhook-delivery.js';
import type { WebhookEndpointRepository } from './webhook-endpoint-repository.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';
import { webhookPayload } from './webhook-signature.js';

export interface WebhookRelayDeps {
  readonly outbox: EventOutbox;
  readonly endpoints: WebhookEndpointRepository;
  readonly deliveries: WebhookDeliveryRepository;
  readonly queue: JobQueue;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Told when deliveries were queued, so that this process's runner starts them at once. */
  readonly onQueued?: () => void;
}

/** Events relayed at once. */
const RELAY_CONCURRENCY = 8;

/** The endpoints that hear `event`. */
export function subscribersOf(event: DomainEvent, endpoints: readonly WebhookEndpoint[]): WebhookEndpoint[] {
  const mine = endpoints.filter((endpoint) => endpoint.enabled && endpoint.user_id === event.user_id);
  if (event.type === ENDPOINT_DISABLED_EVENT) return mine.filter((endpoint) => endpoint.id !== event.data['endpoint_id']);
  return mine.filter((endpoint) => (endpoint.events as readonly string[]).includes(event.type));
}

const newDelivery = (id: string, event: DomainEvent, endpoint: WebhookEndpoint, now: Date): WebhookDelivery => ({
  id,
  endpoint_id: endpoint.id,
  user_id: event.user_id,
  event_id: event.id,
  event_type: event.type,
  payload: webhookPayload(event),
  status: 'pending',
  attempts: 0,
  last_status_code: null,
  last_duration_ms: null,
  last_error: null,
  last_attempt_at: null,
  next_attempt_at: now,
  created_at: now,
  attempt_log: [],
  version: 1,
});

/** Relays up to `limit` waiting events; answers how many it handed on (and acknowledged). */
export const relayEvents =
  (deps: WebhookRelayDeps) =>
  (limit = 100): ResultAsync<number, StoreUnavailable> => {
    const fanOut = (event: DomainEvent, endpoint: WebhookEndpoint): ResultAsync<void, StoreUnavailable> => {
      const now = deps.clock.now();
      const fresh = newDelivery(deps.ids.next(), event, endpoint, now);
      return deps.deliveries
        .insert(fresh)
        .andThen((outcome) => (outcome === 'created' ? okAsync<WebhookDelivery | null, StoreUnavailable>(fresh) : deps.deliveries.findByEvent(event.id, endpoint.id)))
        .andThen((delivery) =>
          // `ifAbsent`: a second relay of the event must not pull a waiting retry forward.
          delivery === null || delivery.status !== 'pending' ? okAsync(undefined) : deps.queue.enqueue(deliveryJob(delivery, now), { ifAbsent: true }),
        );
    };
    const relayOne = (pending: PendingEvent): ResultAsync<void, StoreUnavailable> =>
      deps.endpoints
        .enabledOfUser(pending.event.user_id)
        .andThen((endpoints) => ResultAsync.combine(subscribersOf(pending.event, endpoints).map((endpoint) => fanOut(pending.event, endpoint))))
        .andThen(() => deps.outbox.acknowledge(pending));
    return deps.outbox.pending(limit).andThen((pending) => {
      // A few at a time: events are independent (deliveries carry no order), and each is a few store round trips.
      const next = (from: number): ResultAsync<number, StoreUnavailable> => {
        const batch = pending.slice(from, from + RELAY_CONCURRENCY);
        return batch.length === 0 ? okAsync(from) : ResultAsync.combine(batch.map(relayOne)).andThen(() => next(from + batch.length));
      };
      return next(0).map((relayed) => {
        if (relayed > 0) deps.onQueued?.();
        return relayed;
      });
    });
  };
