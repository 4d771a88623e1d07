/** Signing in to a browser session, resuming it on each request (with its hourly renewal), signing out, changing the password. */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { StoreUnavailable, UserError } from '../shared/errors.js';
import type { Clock, IdGenerator, PasswordHasher } from '../shared/ports.js';
import { parseNewPassword, type User } from '../user/user.js';
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

export interface PasswordChanged {
  readonly user: SessionUser;
  /** Browser sessions ended (every one of the user's). */
  readonly endedSessions: number;
  /** A new session for the browser that made the change, when it made it with a session. */
  readonly session: { readonly token: string; readonly session: BrowserSession } | null;
}

/**
 * A signed-in user changes their password: the current one checked first (a wrong one is `InvalidCredentials`, as at
 * sign-in), the new one held to the same rules as any (8 to 1024 characters), then every browser session of the user
 * ended, so that a browser someone else signed in on is signed out; the browser that made the change (`keepBrowser`)
 * gets a new session at once. Bearer tokens already issued run to their own expiry (at most 7 days): they are not
 * kept, so they cannot be ended.
 */
export const changePassword =
  (deps: BrowserSessionDeps & { readonly hasher: PasswordHasher; readonly ids: IdGenerator }) =>
  (command: { readonly userId: string; readonly currentPassword: string; readonly newPassword: unknown; readonly keepBrowser: boolean }): ResultAsync<PasswordChanged, UserError> =>
    parseNewPassword(command.newPassword, '/new_password').asyncAndThen((newPassword) =>
      deps.users.findById(command.userId).andThen((user) => {
        if (user === null) return errAsync({ type: 'InvalidCredentials' as const });
        return ResultAsync.fromSafePromise(deps.hasher.verify(command.currentPassword, user.password_hash)).andThen((matches) => {
          if (!matches) return errAsync({ type: 'InvalidCredentials' as const });
          return ResultAsync.fromSafePromise(deps.hasher.hash(newPassword)).andThen((passwordHash) => {
            const now = deps.clock.now();
            return deps.users
              .setPasswordHash(user.id, passwordHash, now)
              .andThen(() => deps.sessions.removeForUser(user.id))
              .andThen((endedSessions) => {
                if (!command.keepBrowser) return okAsync({ user: sessionUser(user), endedSessions, session: null });
                const token = newSessionToken();
                const session: BrowserSession = { id: deps.ids.next(), user_id: user.id, token_hash: sessionTokenHash(token), created_at: now, expires_at: sessionExpiry(now) };
                return deps.sessions.insert(session).map(() => ({ user: sessionUser(user), endedSessions, session: { token, session } }));
              });
          });
        });
      }),
    );
