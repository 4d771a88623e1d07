/** How a webhook delivery is stored: the domain's fields, `_id` = its id, dates as BSON dates. */
import type { DeliveryStatus, WebhookDelivery } from '@larder/domain';

export const WEBHOOK_DELIVERIES_COLLECTION = 'webhook_deliveries';

export interface WebhookDeliveryDocument {
  _id: string;
  endpoint_id: string;
  user_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  /** Absent on deliveries written before runs were kept here (their job kept them): read as a run not begun. */
  run_attempts?: number;
  first_attempt_at?: Date | null;
  created_at: Date;
  attempt_log: { at: Date; status_code: number | null; duration_ms: number; error: string | null }[];
  version: number;
}

export const toWebhookDeliveryDocument = (delivery: WebhookDelivery): WebhookDeliveryDocument => ({
  _id: delivery.id,
  endpoint_id: delivery.endpoint_id,
  user_id: delivery.user_id,
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
  run_attempts: delivery.run_attempts,
  first_attempt_at: delivery.first_attempt_at,
  created_at: delivery.created_at,
  attempt_log: delivery.attempt_log.map((attempt) => ({ at: attempt.at, status_code: attempt.status_code, duration_ms: attempt.duration_ms, error: attempt.error })),
  version: delivery.version,
});

export const toWebhookDelivery = (document: WebhookDeliveryDocument): WebhookDelivery => ({
  id: document._id,
  endpoint_id: document.endpoint_id,
  user_id: document.user_id,
  event_id: document.event_id,
  event_type: document.event_type,
  payload: document.payload,
  status: document.status,
  attempts: document.attempts,
  last_status_code: document.last_status_code,
  last_duration_ms: document.last_duration_ms,
  last_error: document.last_error,
  last_attempt_at: document.last_attempt_at,
  next_attempt_at: document.next_attempt_at,
  run_attempts: document.run_attempts ?? 0,
  first_attempt_at: document.first_attempt_at ?? null,
  created_at: document.created_at,
  attempt_log: document.attempt_log.map((attempt) => ({ at: attempt.at, status_code: attempt.status_code, duration_ms: attempt.duration_ms, error: attempt.error })),
  version: document.version,
});
