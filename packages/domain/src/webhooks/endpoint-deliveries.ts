/**
 * What an endpoint's `webhook.deliver` job does each time it runs: sends the endpoint's due deliveries (up to
 * `ENDPOINT_BATCH`, `ENDPOINT_CONCURRENCY` at once), signed with the endpoint's valid secrets at the batch's time,
 * and writes the outcomes to the deliveries together (`saveAll`; a 2xx is success, anything else is retried on the
 * delivery's own schedule, see `delivery-retry.ts`). The endpoint's health changes once for the batch
 * (`afterDeliveries`): a healthy endpoint's successes write nothing, 3 days of failures disable it. Answers when the
 * job is to run again: at once when more are due, when the next pending delivery is due, or null when none waits.
 */
import { err, ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import { retryWhileStale, STALE } from '../shared/optimistic.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { SecretBox } from '../sales/secret-box.js';
import type { RetryPolicy } from '../jobs/retry-policy.js';
import { newEventId } from '../product/product-events.js';
import { afterAttempt, WEBHOOK_RETRY_POLICY } from './delivery-retry.js';
import { afterDeliveries, endpointDisabledEvent } from './endpoint-health.js';
import { changeDelivery } from './webhook-delivery-store.js';
import type { WebhookDeliveryRepository } from './webhook-delivery-repository.js';
import { withAttempt, type DeliveryAttempt, type WebhookDelivery } from './webhook-delivery.js';
import type { WebhookEndpointRepository } from './webhook-endpoint-repository.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';
import { WEBHOOK_TIMEOUT_MS, type WebhookSender } from './webhook-sender.js';
import { webhookHeaders } from './webhook-signature.js';
import { signingSecrets } from './webhook-secret.js';

/** Deliveries one run of an endpoint's job sends; when more are due it runs again at once (other endpoints' jobs may go first). */
export const ENDPOINT_BATCH = 32;
/** Deliveries to one endpoint in flight at once (the sender keeps up to 16 connections a host). */
export const ENDPOINT_CONCURRENCY = 8;
const PENDING_GIVEN_UP_AT_ONCE = 1000;

export interface EndpointDeliveriesDeps {
  readonly endpoints: WebhookEndpointRepository;
  readonly deliveries: WebhookDeliveryRepository;
  readonly secrets: SecretBox;
  readonly sender: WebhookSender;
  readonly clock: Clock;
  /** Ids of the `webhook.disabled` events. */
  readonly ids: IdGenerator;
  /** How deliveries are retried; default `WEBHOOK_RETRY_POLICY`. */
  readonly policy?: RetryPolicy;
  readonly random?: () => number;
  /** Told when an endpoint's write put an event in the outbox (so that a relay in this process looks at once). */
  readonly onEvents?: () => void;
  readonly timeoutMs?: number;
}

/** One attempt made: the delivery as the batch read it, the attempt, and the delivery after it. */
interface Sent {
  readonly before: WebhookDelivery;
  readonly attempt: DeliveryAttempt;
  readonly succeeded: boolean;
  readonly after: WebhookDelivery;
}

/** Whether `current` holds this attempt already (a write of several that was reported stale, yet landed). */
const recorded = (current: WebhookDelivery, sent: Sent): boolean =>
  current.version === sent.after.version && current.attempts === sent.after.attempts && current.last_attempt_at?.getTime() === sent.attempt.at.getTime();

/** `work` on each item, at most `limit` at once; the results in the order they ended, or the first error. */
function eachAtMost<T, R, E>(items: readonly T[], limit: number, work: (item: T) => ResultAsync<R, E>): ResultAsync<R[], E> {
  const run = async (): Promise<Result<R[], E>> => {
    const ended: R[] = [];
    let failed: Result<R[], E> | undefined;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (failed === undefined && next < items.length) {
        const item = items[next++] as T;
        const result = await work(item);
        if (result.isErr()) failed ??= err(result.error);
        else ended.push(result.value);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    return failed ?? ok(ended);
  };
  return new ResultAsync(run());
}

export function endpointDeliveries(deps: EndpointDeliveriesDeps): (endpointId: string) => ResultAsync<Date | null, StoreUnavailable> {
  const policy = deps.policy ?? WEBHOOK_RETRY_POLICY;
  const random = deps.random ?? Math.random;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  /** The endpoint changed by `rule` (the job's own writes, not the user's: no owner check, no If-Match). */
  const changeEndpoint = (id: string, rule: (current: WebhookEndpoint) => { readonly next: WebhookEndpoint; readonly disabled: boolean }) =>
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

  const giveUp = (delivery: WebhookDelivery, reason: (current: WebhookDelivery) => string) =>
    changeDelivery(deps.deliveries, delivery.id, (current) => (current.status !== 'pending' ? null : { ...current, status: 'failed', next_attempt_at: null, last_error: reason(current) }));

  /** The pending deliveries of a disabled endpoint, given up; true when more may be left. */
  const giveUpPending = (endpoint: WebhookEndpoint, reason: (current: WebhookDelivery) => string): ResultAsync<boolean, StoreUnavailable> =>
    deps.deliveries
      .pendingOfEndpoint(endpoint.id, PENDING_GIVEN_UP_AT_ONCE)
      .andThen((pending) => ResultAsync.combine(pending.map((delivery) => giveUp(delivery, reason))).map(() => pending.length >= PENDING_GIVEN_UP_AT_ONCE));

  /** One attempt at one delivery, signed at `at`, and what it makes of the delivery. */
  const send = (endpoint: WebhookEndpoint, secrets: readonly string[], delivery: WebhookDelivery, at: Date): ResultAsync<Sent, never> => {
    const headers = webhookHeaders(delivery.event_id, at, delivery.payload, [...secrets]);
    return ResultAsync.fromSafePromise(deps.sender.send({ url: endpoint.url, headers, body: delivery.payload, timeoutMs })).map((response) => {
      const succeeded = response.kind === 'answered' && response.status >= 200 && response.status < 300;
      const attempt: DeliveryAttempt = {
        at,
        status_code: response.kind === 'answered' ? response.status : null,
        duration_ms: Math.round(response.durationMs),
        error: response.kind === 'failed' ? response.error : succeeded ? null : `the receiver answered ${response.status}`,
      };
      return { before: delivery, attempt, succeeded, after: afterAttempt(delivery, attempt, succeeded, policy, random) };
    });
  };

  /**
   * The attempt over the delivery as it is now (someone changed it meanwhile): nothing when it is there already; a
   * failure does not bring back a delivery finished meanwhile (given up, or sent by another run), it is only logged.
   */
  const again = (current: WebhookDelivery, sent: Sent): WebhookDelivery | null => {
    if (recorded(current, sent)) return null;
    if (current.status === 'pending' || sent.succeeded) return afterAttempt(current, sent.attempt, sent.succeeded, policy, random);
    return withAttempt(current, sent.attempt, { status: current.status, nextAttemptAt: null });
  };

  /**
   * The batch's outcomes, written together over the deliveries as the batch read them; one that someone changed
   * meanwhile (a retry asked for) gets its attempt over what is there now, unless it is there already.
   */
  const record = (sent: readonly Sent[]): ResultAsync<WebhookDelivery[], StoreUnavailable> =>
    deps.deliveries.saveAll(sent.map(({ before, after }) => ({ before, after }))).andThen((outcomes) =>
      ResultAsync.combine(
        sent.map((item, index) =>
          outcomes[index] === 'written'
            ? okAsync<WebhookDelivery, StoreUnavailable>(item.after)
            : changeDelivery(deps.deliveries, item.before.id, (current) => again(current, item)).map((current) => current ?? item.after),
        ),
      ),
    );

  /** When the job is to run again after the batch: at once when more are due, else at the earliest pending delivery's time. */
  const nextRun = (due: readonly WebhookDelivery[], written: readonly WebhookDelivery[], nextDue: Date | null): Date | null => {
    if (due.length >= ENDPOINT_BATCH) return deps.clock.now();
    const retries = written.flatMap((delivery) => (delivery.status === 'pending' && delivery.next_attempt_at !== null ? [delivery.next_attempt_at] : []));
    const times = [...retries, ...(nextDue === null ? [] : [nextDue])].map((time) => time.getTime());
    return times.length === 0 ? null : new Date(Math.min(...times));
  };

  /** The due deliveries sent, signed at one time (`now`, the batch's), their outcomes written, the endpoint's health changed. */
  const sendDue = (endpoint: WebhookEndpoint, secrets: readonly string[], now: Date): ResultAsync<Date | null, StoreUnavailable> =>
    ResultAsync.combine([deps.deliveries.dueOfEndpoint(endpoint.id, now, ENDPOINT_BATCH), deps.deliveries.nextDueOfEndpoint(endpoint.id, now)] as const).andThen(
      ([due, nextDue]) =>
        eachAtMost(due, ENDPOINT_CONCURRENCY, (delivery) => send(endpoint, secrets, delivery, now)).andThen((sent) => {
          const outcomes = sent.map(({ attempt, succeeded }) => ({ succeeded, at: attempt.at }));
          // Nothing to change (a healthy endpoint's successes): not even read again.
          const healthy = afterDeliveries(endpoint, outcomes).next === endpoint;
          return record(sent).andThen((written) =>
            (healthy ? okAsync(null) : changeEndpoint(endpoint.id, (current) => afterDeliveries(current, outcomes))).andThen((changed) => {
              if (changed?.disabled !== true) return okAsync(nextRun(due, written, nextDue));
              deps.onEvents?.();
              return giveUpPending(changed.endpoint, (current) => current.last_error ?? 'the endpoint was disabled').map((more) => (more ? deps.clock.now() : null));
            }),
          );
        }),
    );

  return (endpointId) =>
    deps.endpoints.find(endpointId).andThen((endpoint): ResultAsync<Date | null, StoreUnavailable> => {
      // Deleted: its deliveries went with it.
      if (endpoint === null) return okAsync(null);
      const now = deps.clock.now();
      if (!endpoint.enabled) return giveUpPending(endpoint, () => 'the endpoint is disabled').map((more) => (more ? now : null));
      const secrets = signingSecrets(endpoint, deps.secrets, now);
      if (secrets.length === 0) {
        const reason = "the endpoint's secret cannot be opened with the service's key";
        return deps.deliveries
          .dueOfEndpoint(endpoint.id, now, PENDING_GIVEN_UP_AT_ONCE)
          .andThen((due) => ResultAsync.combine(due.map((delivery) => giveUp(delivery, () => reason))))
          .andThen(() => deps.deliveries.nextDueOfEndpoint(endpoint.id, now));
      }
      return sendDue(endpoint, secrets, now);
    });
}
