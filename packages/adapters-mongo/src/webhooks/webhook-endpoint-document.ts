/** How a webhook endpoint is stored: the domain's fields, `_id` = its id, dates as BSON dates, secrets sealed. */
import type { EventType, WebhookEndpoint } from '@larder/domain';
import type { WithOutbox } from '../outbox/outbox-document.js';

export const WEBHOOK_ENDPOINTS_COLLECTION = 'webhook_endpoints';

export interface WebhookEndpointDocument extends WithOutbox {
  _id: string;
  user_id: string;
  url: string;
  events: EventType[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  secrets: { sealed: string; created_at: Date; expires_at: Date | null }[];
  created_at: Date;
  updated_at: Date;
  version: number;
}

export const toWebhookEndpointDocument = (endpoint: WebhookEndpoint): WebhookEndpointDocument => ({
  _id: endpoint.id,
  user_id: endpoint.user_id,
  url: endpoint.url,
  events: [...endpoint.events],
  description: endpoint.description,
  enabled: endpoint.enabled,
  disabled_reason: endpoint.disabled_reason,
  failing_since: endpoint.failing_since,
  secrets: endpoint.secrets.map((secret) => ({ sealed: secret.sealed, created_at: secret.created_at, expires_at: secret.expires_at })),
  created_at: endpoint.created_at,
  updated_at: endpoint.updated_at,
  version: endpoint.version,
});

// Field by field: the outbox and anything else the store keeps stay out of the domain's endpoint.
export const toWebhookEndpoint = (document: WebhookEndpointDocument): WebhookEndpoint => ({
  id: document._id,
  user_id: document.user_id,
  url: document.url,
  events: [...document.events],
  description: document.description,
  enabled: document.enabled,
  disabled_reason: document.disabled_reason,
  failing_since: document.failing_since,
  secrets: document.secrets.map((secret) => ({ sealed: secret.sealed, created_at: secret.created_at, expires_at: secret.expires_at })),
  created_at: document.created_at,
  updated_at: document.updated_at,
  version: document.version,
});
