/**
 * Standard Webhooks signing secrets: `whsec_` and the base64 of 32 random bytes. Rotating makes a new current secret
 * and keeps the previous ones signing for 24 hours, so that a receiver can switch over without missing a delivery:
 * while more than one is valid, every delivery carries one signature per secret.
 */
import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../sales/secret-box.js';
import { webhookSecretContext, type SealedWebhookSecret, type WebhookEndpoint } from './webhook-endpoint.js';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;
/** How long a rotated-out secret still signs. */
export const ROTATED_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

/** The endpoint's secrets after a rotation at `now`: `sealed` current, the others expiring in 24 h (or sooner), expired ones dropped. */
export function rotatedSecrets(endpoint: WebhookEndpoint, sealed: string, now: Date): SealedWebhookSecret[] {
  const graceEnd = new Date(now.getTime() + ROTATED_SECRET_GRACE_MS);
  const previous = endpoint.secrets
    .filter((secret) => secret.expires_at === null || secret.expires_at > now)
    .map((secret) => ({ ...secret, expires_at: secret.expires_at === null || secret.expires_at > graceEnd ? graceEnd : secret.expires_at }));
  return [{ sealed, created_at: now, expires_at: null }, ...previous];
}

/** The plain secrets that sign at `now`, newest first (those that do not open under this key are left out). */
export function signingSecrets(endpoint: WebhookEndpoint, box: SecretBox, now: Date): string[] {
  return endpoint.secrets
    .filter((secret) => secret.expires_at === null || secret.expires_at > now)
    .map((secret) => box.open(secret.sealed, webhookSecretContext(endpoint.id)))
    .filter((plain): plain is string => plain !== null);
}
