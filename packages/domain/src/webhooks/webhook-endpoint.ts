/**
 * A user's webhook endpoint: where the events they subscribed to are POSTed (Standard Webhooks), with the secrets
 * that sign them (sealed by the secret box under `webhook:<id>`, never shown after they are made).
 */
import type { EventType } from '../events/domain-event.js';

/** One signing secret, sealed. The current one has no expiry; a rotated-out one signs on until `expires_at`. */
export interface SealedWebhookSecret {
  readonly sealed: string;
  readonly created_at: Date;
  readonly expires_at: Date | null;
}

export interface WebhookEndpoint {
  readonly id: string;
  readonly user_id: string;
  readonly url: string;
  /** At least one, distinct. */
  readonly events: readonly EventType[];
  readonly description: string | null;
  readonly enabled: boolean;
  /** Why the service disabled it (failing for too long); null while enabled or when its user disabled it. */
  readonly disabled_reason: string | null;
  /** When the first of the deliveries failing since the last success failed; null while deliveries succeed. */
  readonly failing_since: Date | null;
  /** Newest first. */
  readonly secrets: readonly SealedWebhookSecret[];
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly version: number;
}

export const WEBHOOK_LIMITS = { url: 2048, description: 500, endpointsPerUser: 20 } as const;

/** The secret box context of an endpoint's secrets: a sealed secret opens only for its own endpoint. */
export const webhookSecretContext = (endpointId: string): string => `webhook:${endpointId}`;

/** What the API shows of an endpoint (never its secrets). */
export const webhookEndpointView = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: [...endpoint.events],
  description: endpoint.description,
  enabled: endpoint.enabled,
  disabled_reason: endpoint.disabled_reason,
  failing_since: endpoint.failing_since,
  created_at: endpoint.created_at,
  updated_at: endpoint.updated_at,
  version: endpoint.version,
});
export type WebhookEndpointView = ReturnType<typeof webhookEndpointView>;

/** Newest first, ties by id descending: the order of `GET /api/webhooks`. */
export function webhookEndpointComparator(a: WebhookEndpoint, b: WebhookEndpoint): number {
  return b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
