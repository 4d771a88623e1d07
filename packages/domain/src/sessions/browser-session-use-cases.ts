/** Signing in to a browser session, resuming it on each request (with its hourly renewal), and signing out. */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable, UserError } from '../shared/errors.js';
import type { Clock, IdGenerator, PasswordHasher } from '../shared/ports.js';
import type { User } from '../user/user.js';
import type { UserRepository } from '../user/user-repository.js';
import { makeAuthenticate } from '../user/user-use-cases.js';
import {
  isRenewalDue,
  isSessionExpired,
  newSessionToken,
  SESSION_TOKEN_PATTERN,
  sessionExpiry,
  sessionTokenHash,
  type BrowserSession,
} from './browser-session.js';
import type { BrowserSessionRepository } from './browser-session-repository.js';

export interface BrowserSessionDeps {
  readonly sessions: BrowserSessionRepository;
  readonly users: UserRepository;
  readonly clock: Clock;
}

/** The user a session belongs to, as the API shows it. */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
}

const sessionUser = (user: User): SessionUser => ({ id: user.id, email: user.email });

export interface StartedSession {
  /** The token itself: it goes into the cookie and nowhere else. */
  readonly token: string;
  readonly session: BrowserSession;
  readonly user: SessionUser;
}

/**
 * Sign-in: the same password check as login (an unknown e-mail and a wrong password alike), then a new session. One
 * instance per service, like `makeAuthenticate` (it keeps the decoy hash).
 */
export const makeStartSession = (deps: BrowserSessionDeps & { readonly hasher: PasswordHasher; readonly ids: IdGenerator }) => {
  const authenticate = makeAuthenticate(deps);
  return (credentials: { readonly email: string; readonly password: string }): ResultAsync<StartedSession, UserError> =>
    authenticate(credentials).andThen((user) => {
      const now = deps.clock.now();
      const token = newSessionToken();
      const session: BrowserSession = { id: deps.ids.next(), user_id: user.id, token_hash: sessionTokenHash(token), created_at: now, expires_at: sessionExpiry(now) };
      return deps.sessions.insert(session).map(() => ({ token, session, user: sessionUser(user) }));
    });
};

export type SessionCheck =
  /** `renewed`: its expiry was moved to 7 days from now by this check (the cookie should say so again). */
  | { readonly kind: 'valid'; readonly session: BrowserSession; readonly user: SessionUser; readonly renewed: boolean }
  /** Unknown, ended, expired, or its user no longer exists: the same to the caller. */
  | { readonly kind: 'none' };

const NONE: SessionCheck = { kind: 'none' };

/** The session a token names, if it may be used now; renews it when an hour has passed since its last renewal. */
export const resumeSession =
  (deps: BrowserSessionDeps) =>
  (token: string): ResultAsync<SessionCheck, StoreUnavailable> => {
    if (!SESSION_TOKEN_PATTERN.test(token)) return okAsync(NONE);
    return deps.sessions.findByHash(sessionTokenHash(token)).andThen((session): ResultAsync<SessionCheck, StoreUnavailable> => {
      const now = deps.clock.now();
      if (session === null || isSessionExpired(session, now)) return okAsync(NONE);
      return deps.users.findById(session.user_id).andThen((user): ResultAsync<SessionCheck, StoreUnavailable> => {
        // The user is gone: so are all their sessions.
        if (user === null) return deps.sessions.removeForUser(session.user_id).map(() => NONE);
        if (!isRenewalDue(session, now)) return okAsync({ kind: 'valid', session, user: sessionUser(user), renewed: false });
        const renewed = { ...session, expires_at: sessionExpiry(now) };
        return deps.sessions.extend(session.id, renewed.expires_at).map((): SessionCheck => ({ kind: 'valid', session: renewed, user: sessionUser(user), renewed: true }));
      });
    });
  };

/**
 * Sign-out: the session is removed from the store, so its token stops working everywhere. The session that was ended
 * and its user, or null when the token named none that could still be used (unknown, ended already, expired, or its
 * user gone).
 */
export const endSession =
  (deps: BrowserSessionDeps) =>
  (token: string): ResultAsync<{ readonly session: BrowserSession; readonly user: SessionUser } | null, StoreUnavailable> => {
    if (!SESSION_TOKEN_PATTERN.test(token)) return okAsync(null);
    return deps.sessions.removeByHash(sessionTokenHash(token)).andThen((removed) => {
      if (removed === null || isSessionExpired(removed, deps.clock.now())) return okAsync(null);
      return deps.users.findById(removed.user_id).map((user) => (user === null ? null : { session: removed, user: sessionUser(user) }));
    });
  };
