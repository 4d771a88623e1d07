/**
 * The relay: takes the events waiting in the outbox, makes one delivery per enabled endpoint of the event's user that
 * subscribed to its type (`webhook.disabled` goes to every other enabled endpoint of the user), queues the job of
 * each endpoint that got one, and then acknowledges the events. A pass at a time: the endpoints of each user read
 * once, the deliveries written together, one job per endpoint. Idempotent, so that two relays (two instances, or one
 * that died before acknowledging) may hand out the same event: the delivery of an event to an endpoint is made once
 * (unique on the pair), and its endpoint's job, queued again, sends only what is due (a waiting retry keeps its time).
 */
import { okAsync, ResultAsync } from 'neverthrow';
import { ENDPOINT_DISABLED_EVENT, type DomainEvent } from '../events/domain-event.js';
import type { EventOutbox } from '../events/event-outbox.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { endpointJob } from './webhook-delivery-job.js';
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
  run_attempts: 0,
  first_attempt_at: null,
  created_at: now,
  attempt_log: [],
  version: 1,
});

/** Relays up to `limit` waiting events; answers how many it handed on (and acknowledged). */
export const relayEvents =
  (deps: WebhookRelayDeps) =>
  (limit = 100): ResultAsync<number, StoreUnavailable> =>
    deps.outbox.pending(limit).andThen((pending) => {
      if (pending.length === 0) return okAsync(0);
      const users = [...new Set(pending.map(({ event }) => event.user_id))];
      return ResultAsync.combine(users.map((user) => deps.endpoints.enabledOfUser(user))).andThen((endpointsOfUsers) => {
        const endpointsOf = new Map(users.map((user, index) => [user, endpointsOfUsers[index] ?? []]));
        const now = deps.clock.now();
        const fresh = pending.flatMap(({ event }) => subscribersOf(event, endpointsOf.get(event.user_id) ?? []).map((endpoint) => newDelivery(deps.ids.next(), event, endpoint, now)));
        const woken = [...new Set(fresh.map((delivery) => delivery.endpoint_id))];
        return (fresh.length === 0 ? okAsync(undefined) : deps.deliveries.insertAll(fresh))
          .andThen(() => ResultAsync.combine(woken.map((endpointId) => deps.queue.enqueue(endpointJob(endpointId, now)))))
          .andThen(() => ResultAsync.combine(pending.map((event) => deps.outbox.acknowledge(event))))
          .map(() => {
            if (woken.length > 0) deps.onQueued?.();
            return pending.length;
          });
      });
    });
