/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the event's id, the same on every retry),
 * `webhook-timestamp` (the attempt's time, in seconds) and `webhook-signature`, one `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">` per valid secret, separated by spaces (several while a rotated-out secret is still valid).
 * Signed by the `standardwebhooks` reference library, so that its verifier (and every other) agrees.
 */
import { Webhook } from 'standardwebhooks';

export const WEBHOOK_USER_AGENT = 'Larder-Webhooks/1.0';

export function webhookHeaders(eventId: string, timestamp: Date, body: string, secrets: readonly string[]): Record<string, string> {
  // The timestamp header has whole seconds: sign exactly that instant, as the receiver will rebuild it.
  const signedAt = new Date(Math.floor(timestamp.getTime() / 1000) * 1000);
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, signedAt, body)).join(' '),
  };
}

/** The body of a delivery: `{ type, timestamp, data }`, `timestamp` the event's time. */
export const webhookPayload = (event: { readonly type: string; readonly occurred_at: Date; readonly data: unknown }): string =>
  JSON.stringify({ type: event.type, timestamp: event.occurred_at.toISOString(), data: event.data });
