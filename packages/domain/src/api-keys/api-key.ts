/**
 * An API key: what a script or an app sends instead of a login token (`Authorization: Bearer lk_...`). Shown once,
 * kept only as a SHA-256 digest (the key is 32 random bytes: a fast digest is enough, no salt needed), limited to
 * its scopes, optionally expiring, revocable, and never allowed to manage keys or platform connections.
 */
import { createHash } from 'node:crypto';

export const API_KEY_SCOPES = ['recipes:read', 'recipes:write', 'products:read', 'products:write', 'sales:read', 'webhooks:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts so: a bearer token that does is read as a key, never as a login token (JWTs start with `ey`). */
export const API_KEY_PREFIX = 'lk_';

export interface ApiKey {
  readonly id: string;
  readonly user_id: string;
  readonly name: string;
  readonly scopes: readonly ApiKeyScope[];
  /** SHA-256 (hex) of the whole key. */
  readonly key_hash: string;
  /** The key's first characters, to tell keys apart in a list (`lk_3fQ9`). */
  readonly key_prefix: string;
  readonly created_at: Date;
  readonly expires_at: Date | null;
  readonly last_used_at: Date | null;
}

export const apiKeyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** What the API shows of a key (never its hash; the key itself only once, at creation). */
export const apiKeyView = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  scopes: [...key.scopes],
  prefix: key.key_prefix,
  created_at: key.created_at,
  expires_at: key.expires_at,
  last_used_at: key.last_used_at,
});
export type ApiKeyView = ReturnType<typeof apiKeyView>;

export const isApiKeyScope = (value: string): value is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(value);
