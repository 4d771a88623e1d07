/**
 * The `webhook.deliver` job: one attempt at POSTing one delivery, signed with the endpoint's valid secrets at the
 * attempt's time. A 2xx answer is success; anything else (another status, no answer in 15 s, a refused address) is
 * retried with backoff for up to 3 days (the handler's own retry policy), the same `webhook-id` every time. Failures
 * also count against the endpoint (see `endpoint-health.ts`): 3 days of them disable it.
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import { retryWhileStale, STALE } from '../shared/optimistic.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { SecretBox } from '../sales/secret-box.js';
import type { GiveUp, JobFailure, JobHandler, RetryLater } from '../jobs/job-handler.js';
import type { JobRequest } from '../jobs/job-queue.js';
import type { RetryPolicy } from '../jobs/retry-policy.js';
import { newEventId } from '../product/product-events.js';
import { afterDeliveryFailure, afterDeliverySuccess, endpointDisabledEvent, ENDPOINT_FAILURE_WINDOW_MS } from './endpoint-health.js';
import { changeDelivery } from './webhook-delivery-store.js';
import type { WebhookDeliveryRepository } from './webhook-delivery-repository.js';
import { withAttempt, type DeliveryAttempt, type WebhookDelivery } from './webhook-delivery.js';
import type { WebhookEndpointRepository } from './webhook-endpoint-repository.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';
import { WEBHOOK_TIMEOUT_MS, type WebhookSender } from './webhook-sender.js';
import { webhookHeaders } from './webhook-signature.js';
import { signingSecrets } from './webhook-secret.js';

export const WEBHOOK_DELIVER = 'webhook.deliver';

/**
 * Up to 3 days from the first attempt: 5 s, 10 s, 20 s, ... doubling to one an hour, about 80 attempts in all when a
 * receiver stays down (the attempt count is only a backstop).
 */
export const WEBHOOK_RETRY_POLICY: RetryPolicy = { maxAttempts: 500, maxAgeMs: ENDPOINT_FAILURE_WINDOW_MS, baseMs: 5000, capMs: 60 * 60 * 1000 };

export const deliveryJobKey = (deliveryId: string): string => `${WEBHOOK_DELIVER}:${deliveryId}`;

/** The job of a delivery, due at `runAt`; grouped by endpoint. */
export const deliveryJob = (delivery: Pick<WebhookDelivery, 'id' | 'endpoint_id'>, runAt: Date): JobRequest => ({
  kind: WEBHOOK_DELIVER,
  key: deliveryJobKey(delivery.id),
  group: `webhook:${delivery.endpoint_id}`,
  payload: { deliveryId: delivery.id },
  runAt,
});

/**
 * The pause before attempt `attemptsMade + 1`: the policy's ceiling plus up to a quarter more at random. Never less
 * than the runner's own backoff (at most the ceiling), so the time recorded as `next_attempt_at` is when it runs.
 */
export function deliveryRetryDelayMs(attemptsMade: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(ceiling + random() * (ceiling / 4));
}

export interface WebhookDeliveryJobDeps {
  readonly endpoints: WebhookEndpointRepository;
  readonly deliveries: WebhookDeliveryRepository;
  readonly secrets: SecretBox;
  readonly sender: WebhookSender;
  readonly clock: Clock;
  /** Ids of the `webhook.disabled` events. */
  readonly ids: IdGenerator;
  /** Default `WEBHOOK_RETRY_POLICY`; the job runner uses it for these jobs. */
  readonly policy?: RetryPolicy;
  readonly random?: () => number;
  /** Told when an endpoint's write put an event in the outbox (so that a relay in this process looks at once). */
  readonly onEvents?: () => void;
  readonly timeoutMs?: number;
}

const PENDING_GIVEN_UP_AT_ONCE = 1000;

export function webhookDeliveryHandler(deps: WebhookDeliveryJobDeps): JobHandler {
  const policy = deps.policy ?? WEBHOOK_RETRY_POLICY;
  const random = deps.random ?? Math.random;

  /** The endpoint changed by `rule` (the delivery job's own writes, not the user's: no owner check, no If-Match). */
  const changeEndpoint = (id: string, rule: (current: WebhookEndpoint) => { next: WebhookEndpoint; disabled: boolean }) =>
    retryWhileStale<{ endpoint: WebhookEndpoint; disabled: boolean } | null, StoreUnavailable>(
      () =>
        deps.endpoints.find(id).andThen((current) => {
          if (current === null) return okAsync(null);
          const { next, disabled } = rule(current);
          if (next === current) return okAsync({ endpoint: current, disabled: false });
          const events = disabled ? [endpointDisabledEvent(next, newEventId(deps.ids))] : [];
          return deps.endpoints.save(next, current.version, events).map((outcome) => (outcome === 'written' ? { endpoint: next, disabled } : STALE));
        }),
      () => ({ type: 'StoreUnavailable', message: 'the webhook endpoint kept changing' }),
    );

  /** Every pending delivery of a disabled endpoint, given up (their jobs then find nothing to do). */
  const giveUpPending = (endpoint: WebhookEndpoint): ResultAsync<void, StoreUnavailable> =>
    deps.deliveries.pendingOfEndpoint(endpoint.id, PENDING_GIVEN_UP_AT_ONCE).andThen((pending) =>
      ResultAsync.combine(
        pending.map((delivery) =>
          changeDelivery(deps.deliveries, delivery.id, (current) =>
            current.status !== 'pending' ? null : { ...current, status: 'failed', next_attempt_at: null, last_error: current.last_error ?? 'the endpoint was disabled' },
          ),
        ),
      ).map(() => undefined),
    );

  const attempt = (deliveryId: string, attemptsMade: number): ResultAsync<void, JobFailure> =>
    deps.deliveries.find(deliveryId).andThen((delivery): ResultAsync<void, JobFailure> => {
      if (delivery === null || delivery.status !== 'pending') return okAsync(undefined);
      return deps.endpoints.find(delivery.endpoint_id).andThen((endpoint): ResultAsync<void, JobFailure> => {
        if (endpoint === null) return errAsync<void, GiveUp>({ type: 'GiveUp', code: 'endpoint_deleted', message: 'the endpoint was deleted' });
        if (!endpoint.enabled) return errAsync<void, GiveUp>({ type: 'GiveUp', code: 'endpoint_disabled', message: 'the endpoint is disabled' });
        const now = deps.clock.now();
        const secrets = signingSecrets(endpoint, deps.secrets, now);
        if (secrets.length === 0) return errAsync<void, GiveUp>({ type: 'GiveUp', code: 'no_secret', message: "the endpoint's secret cannot be opened with the service's key" });
        const headers = webhookHeaders(delivery.event_id, now, delivery.payload, secrets);
        return ResultAsync.fromSafePromise(deps.sender.send({ url: endpoint.url, headers, body: delivery.payload, timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS })).andThen(
          (response): ResultAsync<void, JobFailure> => {
            const succeeded = response.kind === 'answered' && response.status >= 200 && response.status < 300;
            const record: DeliveryAttempt = {
              at: now,
              status_code: response.kind === 'answered' ? response.status : null,
              duration_ms: Math.round(response.durationMs),
              error: response.kind === 'failed' ? response.error : succeeded ? null : `the receiver answered ${response.status}`,
            };
            if (succeeded) {
              return changeDelivery(deps.deliveries, delivery.id, (current) => withAttempt(current, record, { status: 'succeeded', nextAttemptAt: null }))
                .andThen(() => (endpoint.failing_since === null ? okAsync(null) : changeEndpoint(endpoint.id, (current) => ({ next: afterDeliverySuccess(current, now), disabled: false }))))
                .map(() => undefined);
            }
            const waitMs = deliveryRetryDelayMs(attemptsMade + 1, policy, random);
            const failure: RetryLater = { type: 'RetryLater', afterMs: waitMs, code: 'receiver_failed', message: record.error ?? 'the delivery failed' };
            return changeDelivery(deps.deliveries, delivery.id, (current) => withAttempt(current, record, { status: 'pending', nextAttemptAt: new Date(now.getTime() + waitMs) }))
              .andThen(() => changeEndpoint(endpoint.id, (current) => afterDeliveryFailure(current, now)))
              .andThen((changed): ResultAsync<void, JobFailure> => {
                if (changed === null || !changed.disabled) return errAsync(failure);
                deps.onEvents?.();
                return giveUpPending(changed.endpoint).andThen(() =>
                  errAsync<void, GiveUp>({ type: 'GiveUp', code: 'endpoint_disabled', message: `the endpoint was disabled after 3 days of failures (last: ${failure.message})` }),
                );
              });
          },
        );
      });
    });

  return {
    kind: WEBHOOK_DELIVER,
    policy,
    run(job) {
      return attempt(job.payload.deliveryId ?? '', job.attempts);
    },
    gaveUp(job, failure) {
      return changeDelivery(deps.deliveries, job.payload.deliveryId ?? '', (current) =>
        current.status !== 'pending' ? null : { ...current, status: 'failed', next_attempt_at: null, last_error: failure.code === 'receiver_failed' ? current.last_error : failure.message },
      ).map(() => undefined);
    },
  };
}
