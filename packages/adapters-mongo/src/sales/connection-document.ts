/**
 * How a connection and an OAuth authorization under way are stored: the domain's fields, dates as BSON dates; a
 * connection's `_id` is `<user id>:<platform>` (one per user and platform), an authorization's its id (a digest of
 * the `state` sent to the platform).
 */
import type { Connection, PendingAuthorization } from '@larder/domain';

export const CONNECTIONS_COLLECTION = 'connections';
export const AUTHORIZATIONS_COLLECTION = 'oauth_authorizations';

export interface ConnectionDocument extends Omit<Connection, 'hook_digest' | 'sealed_hook' | 'sales_cursor'> {
  _id: string;
  /** Absent on connections kept before sale notices existed. */
  hook_digest?: string | null;
  sealed_hook?: string | null;
  sales_cursor?: string | null;
}

export interface AuthorizationDocument extends Omit<PendingAuthorization, 'id'> {
  _id: string;
}

/** Platform ids never hold `:` (`etsy`, `gumroad`), so the id splits one way only. */
export function connectionDocumentId(userId: string, platform: string): string {
  if (platform.includes(':')) throw new Error(`a platform id with a colon: ${JSON.stringify(platform)}`);
  return `${userId}:${platform}`;
}

export function toConnectionDocument(connection: Connection): ConnectionDocument {
  return {
    _id: connectionDocumentId(connection.user_id, connection.platform),
    user_id: connection.user_id,
    platform: connection.platform,
    account_id: connection.account_id,
    account_name: connection.account_name,
    currency: connection.currency,
    sealed_secret: connection.sealed_secret,
    status: connection.status,
    connected_at: connection.connected_at,
    updated_at: connection.updated_at,
    hook_digest: connection.hook_digest,
    sealed_hook: connection.sealed_hook,
    sales_cursor: connection.sales_cursor,
  };
}

export function toConnection(document: ConnectionDocument): Connection {
  return {
    user_id: document.user_id,
    platform: document.platform,
    account_id: document.account_id,
    account_name: document.account_name,
    currency: document.currency,
    sealed_secret: document.sealed_secret,
    status: document.status,
    connected_at: document.connected_at,
    updated_at: document.updated_at,
    hook_digest: document.hook_digest ?? null,
    sealed_hook: document.sealed_hook ?? null,
    sales_cursor: document.sales_cursor ?? null,
  };
}

export function toAuthorizationDocument(authorization: PendingAuthorization): AuthorizationDocument {
  return {
    _id: authorization.id,
    user_id: authorization.user_id,
    platform: authorization.platform,
    sealed_verifier: authorization.sealed_verifier,
    expires_at: authorization.expires_at,
  };
}

export function toAuthorization(document: AuthorizationDocument): PendingAuthorization {
  return {
    id: document._id,
    user_id: document.user_id,
    platform: document.platform,
    sealed_verifier: document.sealed_verifier,
    expires_at: document.expires_at,
  };
}
