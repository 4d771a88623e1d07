/**
 * Authentication by the browser session's cookie (the auth plugin turns to it when a request has no Authorization
 * header), for the studio: the token lives in an HttpOnly cookie and never reaches JavaScript, so a request it
 * authenticates gets no refreshed token.
 *
 * - A request that changes something (anything but GET, HEAD, OPTIONS) must come from the service's own origin
 *   (`Origin` equal to `PUBLIC_URL`'s), else 403 `forbidden`, before the session is even looked up. With
 *   SameSite=Strict that is two locks on cross-site request forgery.
 * - A session checked out is cached for the current second of the clock, as tokens and users are (one lookup per
 *   session per second, not per request); a sign-out in this process forgets it at once, another instance's cache
 *   within the second.
 * - The session is renewed to 7 days from now when an hour has passed since its last renewal (the domain's rule: one
 *   write an hour, not one per request); the response then carries the cookie again with its full Max-Age.
 */
import { resumeSession, type BrowserSessionRepository, type Clock, type SessionUser, type UserRepository } from '@larder/domain';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { PerSecondCache } from '../http/per-second-cache.js';
import { HttpProblem, problem, unauthorized, unavailable } from '../http/problem.js';
import { changesSomething, comesFrom, sessionCookies, sessionTokenOf, type SessionCookies } from '../http/session-cookie.js';

export interface SessionAuthOptions {
  readonly sessions: BrowserSessionRepository;
  readonly users: UserRepository;
  readonly clock: Clock;
  /** `PUBLIC_URL`: its origin is the only one cookie-authenticated changes may come from; https makes the cookie Secure. */
  readonly publicUrl: string;
}

/** The session a request was authenticated by. */
export interface CurrentSession {
  readonly user: SessionUser;
  readonly expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser session that authenticated the request; null for a bearer token (or no authentication). */
    browserSession: CurrentSession | null;
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

export interface SessionAuth {
  /** Authenticates the request by the session `token` of its cookie: sets `request.userId` and `request.browserSession`, or fails. */
  readonly authenticate: (request: FastifyRequest, reply: FastifyReply, token: string, done: HookHandlerDoneFunction) => void;
  /** onRequest hook of the session's own routes: the cookie and nothing else (401 without a usable one, the cookie then cleared). */
  readonly requireSession: Hook;
  /** Forgets a session this process has cached (it was just ended). */
  readonly forget: (token: string) => void;
  readonly cookies: SessionCookies;
  /** `PUBLIC_URL`'s origin. */
  readonly origin: string;
}

export const NO_SESSION = 'No browser session: sign in with POST /api/auth/session.';
export const ENDED = 'The browser session has ended or expired; sign in again.';

/** 403 for a cookie-authenticated change (or a sign-in) from a page of another origin. */
export const foreignOrigin = (origin: string): HttpProblem =>
  new HttpProblem(problem(403, 'forbidden', `A change made with the session cookie must come from this service's own pages: its Origin header must be ${origin}.`));

export function sessionAuth(options: SessionAuthOptions): SessionAuth {
  const origin = new URL(options.publicUrl).origin;
  const cookies = sessionCookies(options.publicUrl);
  const resume = resumeSession(options);
  const known = new PerSecondCache<CurrentSession>();

  const accept = (request: FastifyRequest, reply: FastifyReply, session: CurrentSession): void => {
    request.userId = session.user.id;
    request.browserSession = session;
    reply.header('cache-control', 'no-store');
  };

  const authenticate = (request: FastifyRequest, reply: FastifyReply, token: string, done: HookHandlerDoneFunction): void => {
    if (changesSomething(request) && !comesFrom(request, origin)) {
      done(foreignOrigin(origin));
      return;
    }
    const nowMs = options.clock.now().getTime();
    const cached = known.get(token, Math.floor(nowMs / 1000));
    if (cached !== undefined && cached.expiresAt.getTime() > nowMs) {
      accept(request, reply, cached);
      done();
      return;
    }
    resume(token).then(
      (checked) => {
        if (checked.isErr()) {
          request.log.warn({ reason: checked.error.message }, 'session store unavailable during authentication');
          done(new HttpProblem(unavailable()));
        } else if (checked.value.kind === 'none') {
          done(new HttpProblem(unauthorized(ENDED, false)));
        } else {
          const session = { user: checked.value.user, expiresAt: checked.value.session.expires_at };
          known.set(token, session);
          if (checked.value.renewed) reply.header('set-cookie', cookies.set(token));
          accept(request, reply, session);
          done();
        }
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };

  const requireSession: Hook = (request, reply, done) => {
    const token = sessionTokenOf(request.headers.cookie);
    if (token === undefined) {
      done(new HttpProblem(unauthorized(NO_SESSION, false)));
      return;
    }
    authenticate(request, reply, token, (error) => {
      if (error instanceof HttpProblem && error.response.problem.status === 401) reply.header('set-cookie', cookies.clear);
      done(error);
    });
  };

  return { authenticate, requireSession, forget: (token) => known.delete(token), cookies, origin };
}
