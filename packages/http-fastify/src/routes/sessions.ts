/**
 * Browser sessions for the studio: `POST /api/auth/session` signs in (the token goes into an HttpOnly cookie, never
 * into the body), `GET` answers who is signed in, `DELETE` signs out by removing the session from the store, so that
 * the cookie stops working everywhere. Scripts keep bearer tokens and API keys.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endSession, makeStartSession, type BrowserSessionRepository, type Clock, type IdGenerator, type PasswordHasher, type UserRepository } from '@larder/domain';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpProblem, sendProblem, unauthorized } from '../http/problem.js';
import { sendDomainError } from '../http/reply.js';
import { comesFrom, sessionTokenOf } from '../http/session-cookie.js';
import { ENDED, foreignOrigin, NO_SESSION } from '../plugins/session-auth.js';
import { LoginBody, SessionSchema } from '../schemas/auth.js';
import { problems, success } from '../schemas/responses.js';

export interface SessionRouteDeps {
  readonly sessions: BrowserSessionRepository;
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

const COOKIE_SECURITY = [{ sessionCookie: [] }];

const SET_COOKIE = (description: string) => ({ 'Set-Cookie': { type: 'string', description } });
const NO_STORE = { 'Cache-Control': { type: 'string', description: '`no-store`.' } };
const LOGIN_LIMIT_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Sign-in attempts allowed per window (per e-mail and per client address, shared with login).' },
  'RateLimit-Remaining': { type: 'integer', description: 'Attempts left for this e-mail in the window.' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the window resets.' },
};
const COOKIE_ATTRIBUTES = '`HttpOnly; SameSite=Strict; Path=/`, and `Secure` when `PUBLIC_URL` is https';

export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRouteDeps> = async (app, deps) => {
  // One instance: it hashes its decoy password once, on the first sign-in for an unknown e-mail.
  const startSession = makeStartSession(deps);
  const end = endSession(deps);
  const { sessions } = app.auth;

  /** A browser may sign in from the service's own pages only; a client that sends no Origin (curl) is not a browser page. */
  const ownOriginIfAny = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    done(request.headers.origin === undefined || comesFrom(request, sessions.origin) ? undefined : foreignOrigin(sessions.origin));
  };

  app.post('/auth/session', {
    onRequest: [ownOriginIfAny, app.limiters.loginPerAddress],
    preHandler: [app.limiters.loginPerEmail],
    schema: {
      tags: ['auth'],
      operationId: 'signIn',
      summary: 'Sign in to a browser session',
      description:
        `For the studio and other pages of this service: the session token is set as the cookie \`larder_session\` (${COOKIE_ATTRIBUTES}; 7 days) ` +
        'and never appears in a body, so no script can read it. A request from a browser page of another origin (its `Origin` header) is refused; ' +
        'one without `Origin` (curl) is not. The same answers and the same limits (per e-mail and per client address, shared) as `POST /api/auth/login`.',
      security: [],
      body: LoginBody,
      response: {
        200: success(SessionSchema, 'Signed in: the user, and when the session ends unless used.', { ...SET_COOKIE(`\`larder_session=<token>; Max-Age=604800\`, ${COOKIE_ATTRIBUTES}.`), ...NO_STORE, ...LOGIN_LIMIT_HEADERS }),
        ...problems([400, 401, 403, 413, 415, 429, 500, 503], {
          401: '`invalid_credentials`: an unknown e-mail or a wrong password (one answer for both).',
          403: '`forbidden`: the request came from a page of another origin (its `Origin` is not `PUBLIC_URL`’s).',
          429: '`rate_limited`: too many attempts for this e-mail or from this address (counted with login). Carries `Retry-After` (seconds).',
        }),
      },
    },
  }, async (request, reply) => {
    const result = await startSession(request.body);
    if (result.isErr()) return sendDomainError(reply, result.error);
    reply.header('set-cookie', sessions.cookies.set(result.value.token));
    reply.header('cache-control', 'no-store');
    return reply.send({ user: result.value.user, expires_at: result.value.session.expires_at.toISOString() });
  });

  app.get('/auth/session', {
    onRequest: [sessions.requireSession, app.limiters.perUser],
    schema: {
      tags: ['auth'],
      operationId: 'getSession',
      summary: 'Who is signed in',
      description: 'The browser session of the `larder_session` cookie (a bearer token is not a session). Using the session renews it, at most once an hour.',
      security: COOKIE_SECURITY,
      response: {
        200: success(SessionSchema, 'The signed-in user.', { ...SET_COOKIE('The renewed cookie (`Max-Age=604800`), when this request renewed the session.'), ...NO_STORE }),
        ...problems([400, 401, 429, 500, 503], {
          401: '`unauthorized`: no session cookie, or its session has ended or expired (the cookie is then cleared).',
        }),
      },
    },
  }, async (request, reply) => {
    const current = request.browserSession;
    if (current === null) throw new HttpProblem(unauthorized(NO_SESSION, false));
    return reply.send({ user: current.user, expires_at: current.expiresAt.toISOString() });
  });

  app.delete('/auth/session', {
    schema: {
      tags: ['auth'],
      operationId: 'signOut',
      summary: 'Sign out of the browser session',
      description:
        'Ends the session on the server: its cookie stops working everywhere, a copy of it included (on every instance within a second). ' +
        'Clears the cookie, also when there was no session to end. Like every change made with the cookie, it must come from the service’s own origin.',
      security: COOKIE_SECURITY,
      response: {
        200: success(SessionSchema, 'The session that was ended.', { ...SET_COOKIE('`larder_session=; Max-Age=0`: the cookie removed.'), ...NO_STORE }),
        ...problems([400, 401, 403, 500, 503], {
          401: '`unauthorized`: there was no session to end (no cookie, or its session ended or expired already). The cookie is cleared all the same.',
          403: '`forbidden`: the request came with the session cookie but not from the service’s own origin (`Origin`); the session goes on.',
          503: '`unavailable`: the database cannot be reached, so the session was not ended (the cookie is kept: try again). Carries `Retry-After` (seconds).',
        }),
      },
    },
  }, async (request, reply) => {
    const token = sessionTokenOf(request.headers.cookie);
    reply.header('cache-control', 'no-store');
    if (token === undefined) return sendProblem(reply.header('set-cookie', sessions.cookies.clear), unauthorized(NO_SESSION, false));
    if (!comesFrom(request, sessions.origin)) return sendProblem(reply, foreignOrigin(sessions.origin).response);
    const ended = await end(token);
    if (ended.isErr()) return sendDomainError(reply, ended.error);
    sessions.forget(token);
    reply.header('set-cookie', sessions.cookies.clear);
    if (ended.value === null) return sendProblem(reply, unauthorized(ENDED, false));
    return reply.send({ user: ended.value.user, expires_at: ended.value.session.expires_at.toISOString() });
  });
};
