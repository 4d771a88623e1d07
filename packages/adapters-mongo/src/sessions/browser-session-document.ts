/** How a browser session is stored: the domain's fields (the token only as its digest), `_id` the session's id, dates as BSON dates. */
import type { BrowserSession } from '@larder/domain';

export const BROWSER_SESSIONS_COLLECTION = 'browser_sessions';

export interface BrowserSessionDocument {
  _id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

export const toBrowserSessionDocument = (session: BrowserSession): BrowserSessionDocument => ({
  _id: session.id,
  user_id: session.user_id,
  token_hash: session.token_hash,
  created_at: session.created_at,
  expires_at: session.expires_at,
});

export const toBrowserSession = (document: BrowserSessionDocument): BrowserSession => ({
  id: document._id,
  user_id: document.user_id,
  token_hash: document.token_hash,
  created_at: document.created_at,
  expires_at: document.expires_at,
});

/** The queries, shared with the index test. */
export const sessionByHashFilter = (tokenHash: string) => ({ token_hash: tokenHash });
export const userSessionsFilter = (userId: string) => ({ user_id: userId });
/** Forward only: a slow request that renewed earlier must not move the expiry back. */
export const extendableSessionFilter = (id: string, expiresAt: Date) => ({ _id: id, expires_at: { $lt: expiresAt } });
