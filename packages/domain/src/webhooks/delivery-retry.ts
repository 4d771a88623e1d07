/**
 * When a webhook delivery is tried again, and when it is given up: 5 s, 10 s, 20 s, ... doubling to one an hour, plus
 * up to a quarter more at random, for up to 3 days after the first attempt of its run (about 80 attempts when a
 * receiver stays down; the attempt count is only a backstop). Each delivery keeps its own run (`run_attempts`,
 * `first_attempt_at`): its endpoint's job sends many, each on its own schedule.
 */
import { exhausted, type RetryPolicy } from '../jobs/retry-policy.js';
import { ENDPOINT_FAILURE_WINDOW_MS } from './endpoint-health.js';
import { withAttempt, type DeliveryAttempt, type WebhookDelivery } from './webhook-delivery.js';

export const WEBHOOK_RETRY_POLICY: RetryPolicy = { maxAttempts: 500, maxAgeMs: ENDPOINT_FAILURE_WINDOW_MS, baseMs: 5000, capMs: 60 * 60 * 1000 };

/** The pause before attempt `attemptsMade + 1` of a run: the policy's ceiling plus up to a quarter more at random. */
export function deliveryRetryDelayMs(attemptsMade: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(ceiling + random() * (ceiling / 4));
}

/** The delivery after `attempt`: succeeded; or pending, due again after the backoff; or failed, its run over. */
export function afterAttempt(delivery: WebhookDelivery, attempt: DeliveryAttempt, succeeded: boolean, policy: RetryPolicy, random: () => number): WebhookDelivery {
  if (succeeded) return withAttempt(delivery, attempt, { status: 'succeeded', nextAttemptAt: null });
  const attemptsMade = delivery.run_attempts + 1;
  if (exhausted(attemptsMade, delivery.first_attempt_at ?? attempt.at, attempt.at, policy)) return withAttempt(delivery, attempt, { status: 'failed', nextAttemptAt: null });
  const waitMs = deliveryRetryDelayMs(attemptsMade, policy, random);
  return withAttempt(delivery, attempt, { status: 'pending', nextAttemptAt: new Date(attempt.at.getTime() + waitMs) });
}
