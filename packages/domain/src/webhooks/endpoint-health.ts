/**
 * Whether an endpoint keeps getting deliveries. `failing_since` is set by the first failure after a success (or ever)
 * and cleared by the next success; a failure that comes 3 days or more after `failing_since` disables the endpoint:
 * its pending deliveries are given up and the user's other endpoints hear `webhook.disabled`.
 */
import { ENDPOINT_DISABLED_EVENT, type DomainEvent } from '../events/domain-event.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';

export const ENDPOINT_FAILURE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** The endpoint after a successful delivery; the same object when nothing changes. */
export const afterDeliverySuccess = (endpoint: WebhookEndpoint, now: Date): WebhookEndpoint =>
  endpoint.failing_since === null ? endpoint : { ...endpoint, failing_since: null, updated_at: now, version: endpoint.version + 1 };

/** The endpoint after a failed delivery (the same object when nothing changes), and whether this failure disabled it. */
export function afterDeliveryFailure(endpoint: WebhookEndpoint, now: Date): { readonly next: WebhookEndpoint; readonly disabled: boolean } {
  if (!endpoint.enabled) return { next: endpoint, disabled: false };
  if (endpoint.failing_since === null) return { next: { ...endpoint, failing_since: now, updated_at: now, version: endpoint.version + 1 }, disabled: false };
  if (now.getTime() - endpoint.failing_since.getTime() < ENDPOINT_FAILURE_WINDOW_MS) return { next: endpoint, disabled: false };
  const reason = `every delivery failed from ${endpoint.failing_since.toISOString()} to ${now.toISOString()} (3 days): fix the receiver, then enable the endpoint again`;
  return { next: { ...endpoint, enabled: false, disabled_reason: reason, updated_at: now, version: endpoint.version + 1 }, disabled: true };
}

/** What became of one attempt, for the endpoint's health. */
export interface AttemptOutcome {
  readonly succeeded: boolean;
  readonly at: Date;
}

/**
 * The endpoint after a batch of attempts, in the order they ended: each success and failure as above, in turn, up to
 * the failure that disables it. One version step for the batch; the same object when nothing changes (a healthy
 * endpoint's successes write nothing).
 */
export function afterDeliveries(endpoint: WebhookEndpoint, outcomes: readonly AttemptOutcome[]): { readonly next: WebhookEndpoint; readonly disabled: boolean } {
  let next = endpoint;
  let disabled = false;
  for (const outcome of outcomes) {
    if (outcome.succeeded) next = afterDeliverySuccess(next, outcome.at);
    else ({ next, disabled } = afterDeliveryFailure(next, outcome.at));
    if (disabled) break;
  }
  return { next: next === endpoint ? endpoint : { ...next, version: endpoint.version + 1 }, disabled };
}

/** The event the user's other endpoints hear when this one was disabled. */
export const endpointDisabledEvent = (endpoint: WebhookEndpoint, eventId: string): DomainEvent => ({
  id: eventId,
  type: ENDPOINT_DISABLED_EVENT,
  user_id: endpoint.user_id,
  occurred_at: endpoint.updated_at,
  data: {
    endpoint_id: endpoint.id,
    url: endpoint.url,
    disabled_reason: endpoint.disabled_reason,
    failing_since: endpoint.failing_since === null ? null : endpoint.failing_since.toISOString(),
    disabled_at: endpoint.updated_at.toISOString(),
  },
});
