/**
 * One event on its way to one endpoint: the exact body sent on every attempt, what became of each attempt (the last
 * few kept), and whether it arrived. At most one delivery exists per event and endpoint, however often the event is
 * relayed.
 */

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How many attempts a delivery remembers (the newest). */
export const DELIVERY_LOG_LIMIT = 10;

export interface DeliveryAttempt {
  readonly at: Date;
  /** The receiver's status code; null when none came (refused, timed out, connection failed). */
  readonly status_code: number | null;
  readonly duration_ms: number;
  readonly error: string | null;
}

export interface WebhookDelivery {
  readonly id: string;
  readonly endpoint_id: string;
  readonly user_id: string;
  /** The event's id: the `webhook-id` of every attempt. */
  readonly event_id: string;
  readonly event_type: string;
  /** The exact JSON body POSTed. */
  readonly payload: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly last_status_code: number | null;
  readonly last_duration_ms: number | null;
  readonly last_error: string | null;
  readonly last_attempt_at: Date | null;
  /** When the next attempt is due; null once it succeeded or failed for good. */
  readonly next_attempt_at: Date | null;
  /**
   * The current run of retries (a retry of a finished delivery starts a new one): its attempts, which the backoff
   * doubles with, and when its first was made (null before it), 3 days after which it is given up.
   */
  readonly run_attempts: number;
  readonly first_attempt_at: Date | null;
  readonly created_at: Date;
  /** The newest attempts, newest first, at most `DELIVERY_LOG_LIMIT`. */
  readonly attempt_log: readonly DeliveryAttempt[];
  readonly version: number;
}

export const webhookDeliveryView = (delivery: WebhookDelivery) => ({
  id: delivery.id,
  endpoint_id: delivery.endpoint_id,
  event_id: delivery.event_id,
  event_type: delivery.event_type,
  payload: delivery.payload,
  status: delivery.status,
  attempts: delivery.attempts,
  last_status_code: delivery.last_status_code,
  last_duration_ms: delivery.last_duration_ms,
  last_error: delivery.last_error,
  last_attempt_at: delivery.last_attempt_at,
  next_attempt_at: delivery.next_attempt_at,
  created_at: delivery.created_at,
  attempt_log: delivery.attempt_log.map((attempt) => ({ ...attempt })),
});
export type WebhookDeliveryView = ReturnType<typeof webhookDeliveryView>;

/** Newest first, ties by id descending: the order of `GET /api/webhooks/{id}/deliveries`. */
export function webhookDeliveryComparator(a: WebhookDelivery, b: WebhookDelivery): number {
  return b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** The delivery after an attempt: counted (in all and in its run), logged (newest first, bounded), and its outcome recorded. */
export function withAttempt(
  delivery: WebhookDelivery,
  attempt: DeliveryAttempt,
  outcome: { readonly status: DeliveryStatus; readonly nextAttemptAt: Date | null },
): WebhookDelivery {
  return {
    ...delivery,
    status: outcome.status,
    attempts: delivery.attempts + 1,
    last_status_code: attempt.status_code,
    last_duration_ms: attempt.duration_ms,
    last_error: attempt.error,
    last_attempt_at: attempt.at,
    next_attempt_at: outcome.nextAttemptAt,
    run_attempts: delivery.run_attempts + 1,
    first_attempt_at: delivery.first_attempt_at ?? attempt.at,
    attempt_log: [attempt, ...delivery.attempt_log].slice(0, DELIVERY_LOG_LIMIT),
    version: delivery.version + 1,
  };
}

/** A finished delivery sent again from the start (`POST …/retry`): pending now, a new run of retries. */
export const sentAgain = (delivery: WebhookDelivery, now: Date): WebhookDelivery =>
  delivery.status === 'pending'
    ? { ...delivery, next_attempt_at: now }
    : { ...delivery, status: 'pending', next_attempt_at: now, run_attempts: 0, first_attempt_at: null };
