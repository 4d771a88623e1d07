/**
 * A user's connection to a sales platform: the account it reaches and its credentials, sealed (AES-256-GCM) so that
 * a copy of the database alone does not give anyone the creator's store.
 */
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';

export type ConnectionStatus = 'connected' | 'needs_reconnect';

export interface Connection {
  readonly user_id: string;
  readonly platform: string;
  readonly account_id: string;
  readonly account_name: string;
  /** The only currency the account sells in, or null for any. */
  readonly currency: string | null;
  /** The credentials, sealed by a `SecretBox` with `connectionSecretContext` as its context. */
  readonly sealed_secret: string;
  readonly status: ConnectionStatus;
  readonly connected_at: Date;
  readonly updated_at: Date;
  /**
   * SHA-256 (hex) of the secret in the address the platform posts sale notices to (`/hooks/<platform>/<secret>`):
   * the secret itself is never kept. Null for a connection made before notices existed.
   */
  readonly hook_digest: string | null;
  /** The same secret sealed with `hookSecretContext`, to subscribe and unsubscribe that address at the platform. */
  readonly sealed_hook: string | null;
  /** Where the next look for changed sales starts (opaque, the adapter's); null before the first. */
  readonly sales_cursor: string | null;
}

/** Binds a sealed secret to its row: a sealed secret copied onto another user's connection does not open. */
export const connectionSecretContext = (userId: string, platform: string): string => `connection:${userId}:${platform}`;

/** Binds a sealed sale-notice secret to its row, as `connectionSecretContext` binds the credentials. */
export const hookSecretContext = (userId: string, platform: string): string => `hook:${userId}:${platform}`;

export interface ConnectionRepository {
  find(userId: string, platform: string): ResultAsync<Connection | null, StoreUnavailable>;
  listForUser(userId: string): ResultAsync<Connection[], StoreUnavailable>;
  /** Inserts or replaces the user's connection to the platform. */
  save(connection: Connection): ResultAsync<void, StoreUnavailable>;
  /** Replaces the sealed secret (a refreshed token) and marks the connection connected; false when it is gone. */
  replaceSecret(userId: string, platform: string, sealedSecret: string, now: Date): ResultAsync<boolean, StoreUnavailable>;
  markNeedsReconnect(userId: string, platform: string, now: Date): ResultAsync<void, StoreUnavailable>;
  /** The connection whose sale-notice secret has this digest, or null. */
  findByHook(platform: string, hookDigest: string): ResultAsync<Connection | null, StoreUnavailable>;
  /** Every connection to the platform, whoever's (the sales poll). */
  connectedTo(platform: string): ResultAsync<Connection[], StoreUnavailable>;
  /** Keeps where the next sales poll starts; false when the connection is gone. */
  saveSalesCursor(userId: string, platform: string, cursor: string): ResultAsync<boolean, StoreUnavailable>;
  /** True when there was one to remove. */
  remove(userId: string, platform: string): ResultAsync<boolean, StoreUnavailable>;
}

/** An OAuth authorization under way: created when the creator is sent to the platform, taken once on the way back. */
export interface PendingAuthorization {
  /** SHA-256 of the `state` sent to the platform (the state itself is never stored). */
  readonly id: string;
  readonly user_id: string;
  readonly platform: string;
  /** The PKCE code verifier, sealed with `authorizationSecretContext`. */
  readonly sealed_verifier: string;
  readonly expires_at: Date;
}

export const authorizationSecretContext = (id: string): string => `authorization:${id}`;

export interface AuthorizationRepository {
  insert(authorization: PendingAuthorization): ResultAsync<void, StoreUnavailable>;
  /** Removes and returns the authorization when it exists and has not expired at `now`: usable once. */
  take(id: string, now: Date): ResultAsync<PendingAuthorization | null, StoreUnavailable>;
}
