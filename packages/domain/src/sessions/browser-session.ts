/**
 * A browser session: what the studio signs in with instead of a bearer token. Its token is 32 random bytes that live
 * only in an HttpOnly cookie (never in a response body or JavaScript), kept here only as a SHA-256 digest (a random
 * secret needs no salt or slow hash; lookups are by digest). It lasts 7 days from its last renewal; a session in use is
 * renewed, but at most once an hour, so that a busy studio costs no write per request.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface BrowserSession {
  readonly id: string;
  readonly user_id: string;
  /** SHA-256 (hex) of the token. */
  readonly token_hash: string;
  readonly created_at: Date;
  readonly expires_at: Date;
}

/** How long a session lasts after it was started or last renewed: 7 days, as login tokens. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session in use is renewed at most this often. */
export const SESSION_RENEWAL_INTERVAL_MS = 60 * 60 * 1000;

/** A new session token: 32 random bytes, base64url (43 characters, safe in a cookie as is). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** What a session token looks like; anything else is refused without asking the store. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sessionTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const sessionExpiry = (now: Date): Date => new Date(now.getTime() + SESSION_TTL_MS);

export const isSessionExpired = (session: Pick<BrowserSession, 'expires_at'>, now: Date): boolean => session.expires_at.getTime() <= now.getTime();

/** Whether a session used at `now` is due for renewal: its last renewal (or start) is an hour old or more. */
export const isRenewalDue = (session: Pick<BrowserSession, 'expires_at'>, now: Date): boolean =>
  session.expires_at.getTime() - now.getTime() <= SESSION_TTL_MS - SESSION_RENEWAL_INTERVAL_MS;
