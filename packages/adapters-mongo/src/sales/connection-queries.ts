/** The connection and authorization queries as pure values, shared by the repositories and the index test. */
import type { Filter } from 'mongodb';
import type { AuthorizationDocument, ConnectionDocument } from './connection-document.js';

export const userConnectionsFilter = (userId: string): Filter<ConnectionDocument> => ({ user_id: userId });

/** The connection a sale notice's secret belongs to. */
export const hookConnectionFilter = (platform: string, hookDigest: string): Filter<ConnectionDocument> => ({ hook_digest: hookDigest, platform });

/** Every connection to a platform (the sales poll), by user. */
export const platformConnectionsFilter = (platform: string): Filter<ConnectionDocument> => ({ platform });
export const PLATFORM_CONNECTIONS_SORT: Record<string, 1 | -1> = { platform: 1, user_id: 1 };

/** By platform, so that a user's connections come in the same order everywhere. */
export const USER_CONNECTIONS_SORT: Record<string, 1 | -1> = { platform: 1 };

/** The authorization, when it has not expired at `now`. */
export const usableAuthorizationFilter = (id: string, now: Date): Filter<AuthorizationDocument> => ({ _id: id, expires_at: { $gt: now } });

export const expiredAuthorizationFilter = (id: string, now: Date): Filter<AuthorizationDocument> => ({ _id: id, expires_at: { $lte: now } });

export const expiredAuthorizationsFilter = (now: Date): Filter<AuthorizationDocument> => ({ expires_at: { $lte: now } });
