/**
 * Bearer authentication with HS256 JWTs (@fastify/jwt), and the sliding refresh.
 *
 * - The algorithm is pinned on verification: `alg: none`, RS256 and anything but HS256 are refused.
 * - A token must carry `iat`, not be issued in the future, and live at most 7 days (`exp - iat`).
 * - Token times come from the injected clock, and so does the expiry check (the library's own is switched off), so
 *   that tests and the service agree on "now".
 * - A token whose user no longer exists is refused. Existence is cached for the current second of the clock: a
 *   removed user's tokens stop working within a second, and a busy user costs one lookup per second, not per request.
 * - Signing is the expensive part of a request, so the refreshed token is cached per user for the current second
 *   (JWT times are whole seconds: a token signed again within the second would be byte-for-byte the same anyway).
 *   Likewise a token whose signature checked out is not checked again within the same second (its expiry is).
 * - A bearer token starting `lk_` is an API key: looked up by its digest, refused once expired or revoked, and
 *   limited to its scopes (see `api-key-scopes.ts`). A request with a key gets no refreshed token.
 * - A request without an Authorization header may come with the browser session's cookie (see `session-auth.ts`):
 *   full rights like a login token, no refreshed token, and changes only from the service's own origin. A request
 *   with both is judged by its Authorization header alone.
 */
import jwt from '@fastify/jwt';
import { API_KEY_PREFIX, checkApiKey, sharedWhileRunning, type ApiKeyRepository, type ApiKeyScope, type BrowserSessionRepository, type Clock, type UserRepository } from '@larder/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { PerSecondCache } from '../http/per-second-cache.js';
import { HttpProblem, unauthorized, unavailable } from '../http/problem.js';
import { sessionTokenOf } from '../http/session-cookie.js';
import { sessionAuth, type SessionAuth } from './session-auth.js';

export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * No token lives longer than this (`exp - iat`), whoever signed it: a leaked signing path cannot mint tokens that
 * outlive a rotation of the secret by years. Tokens carry `iat`, and one issued in the future (beyond clock skew) is
 * refused too, since it would stretch the same bound.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const CLOCK_SKEW_SECONDS = 60;

export interface IssuedToken {
  readonly token: string;
  readonly expiresAt: string;
}

export interface Auth {
  /**
   * onRequest hook: sets `request.userId` and the refresh headers, or answers 401. Callback style: a request whose
   * user is known this second is decided at once, without a promise (only a lookup of the user waits).
   */
  readonly authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  readonly issue: (userId: string) => IssuedToken;
  /** The browser session's cookie: its own routes' hook, its cookies, and forgetting a session that was ended. */
  readonly sessions: SessionAuth;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The verified token's `sub`; empty on unauthenticated routes. */
    userId: string;
    /** The API key the request came with; null for a login token (or no authentication). */
    apiKey: { readonly id: string; readonly scopes: readonly ApiKeyScope[] } | null;
  }
}

export interface AuthOptions {
  readonly secret: string;
  readonly ttlSeconds: number;
  readonly clock: Clock;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly sessions: BrowserSessionRepository;
  /** `PUBLIC_URL`: the origin cookie-authenticated changes must come from. */
  readonly publicUrl: string;
}

interface Claims {
  readonly sub?: unknown;
  readonly iat?: unknown;
  readonly exp?: unknown;
}

interface VerifiedClaims {
  readonly sub: string;
  readonly exp: number;
}

const BEARER = /^Bearer +([^\s]+) *$/i;

async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  if (options.ttlSeconds > MAX_TOKEN_LIFETIME_SECONDS) throw new Error(`tokenTtlSeconds must be at most ${MAX_TOKEN_LIFETIME_SECONDS}`);
  await app.register(jwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], ignoreExpiration: true, requiredClaims: ['sub', 'iat', 'exp'] },
  });
  app.decorateRequest('userId', '');
  app.decorateRequest('apiKey', null);
  app.decorateRequest('browserSession', null);
  const sessions = sessionAuth({ sessions: options.sessions, users: options.users, clock: options.clock, publicUrl: options.publicUrl });
  const checkKey = checkApiKey({ apiKeys: options.apiKeys, clock: options.clock });

  const tokens = new PerSecondCache<IssuedToken>();
  const knownUsers = new PerSecondCache<true>();
  /**
   * The user lookup under way for each token subject: the requests that miss `knownUsers` together (at each new
   * second, every request of a busy client at once) share one read of the user store instead of one each.
   */
  const userLookups = sharedWhileRunning<Awaited<ReturnType<AuthOptions['users']['findById']>>>();
  const lookUpUser = (userId: string) => userLookups(userId, () => options.users.findById(userId));
  const verifiedTokens = new PerSecondCache<VerifiedClaims>();

  const verify = (token: string, second: number): VerifiedClaims => {
    const cached = verifiedTokens.get(token, second);
    if (cached !== undefined) return cached;
    let claims: Claims;
    try {
      claims = app.jwt.verify<Claims>(token);
    } catch {
      throw new HttpProblem(unauthorized('The token is malformed or was not signed by this service.', true));
    }
    if (typeof claims.sub !== 'string' || claims.sub === '' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') {
      throw new HttpProblem(unauthorized('The token does not name a user, an issue time and an expiry.', true));
    }
    if (claims.exp - claims.iat > MAX_TOKEN_LIFETIME_SECONDS || claims.iat > second + CLOCK_SKEW_SECONDS) {
      throw new HttpProblem(unauthorized('The token lives longer than 7 days or was issued in the future; log in again.', true));
    }
    const verified = { sub: claims.sub, exp: claims.exp };
    verifiedTokens.set(token, verified);
    return verified;
  };

  const issueAt = (userId: string, nowMs: number): IssuedToken => {
    const iat = Math.floor(nowMs / 1000);
    const cached = tokens.get(userId, iat);
    if (cached !== undefined) return cached;
    const exp = iat + options.ttlSeconds;
    const issued = { token: app.jwt.sign({ sub: userId, iat, exp }), expiresAt: new Date(exp * 1000).toISOString() };
    tokens.set(userId, issued);
    return issued;
  };

  /** The verified claims of the request's bearer token, still valid at `nowMs`; else a 401 is thrown. */
  const claimsOf = (request: FastifyRequest, nowMs: number): VerifiedClaims => {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
      throw new HttpProblem(unauthorized('This endpoint needs an Authorization: Bearer <token> header (or a browser session); POST /api/auth/login issues tokens.', false));
    }
    const token = BEARER.exec(header)?.[1];
    if (token === undefined) throw new HttpProblem(unauthorized('The Authorization header must be "Bearer <token>".', true));
    const claims = verify(token, Math.floor(nowMs / 1000));
    if (claims.exp * 1000 <= nowMs) throw new HttpProblem(unauthorized('The token has expired; log in again.', true));
    return claims;
  };

  const accept = (request: FastifyRequest, reply: FastifyReply, userId: string, nowMs: number): void => {
    request.userId = userId;
    const refreshed = issueAt(userId, nowMs);
    // The response carries a fresh token: no cache, private or shared, may keep it.
    reply.header('cache-control', 'no-store');
    reply.header('x-refreshed-token', refreshed.token);
    reply.header('x-refreshed-token-expires-at', refreshed.expiresAt);
  };

  /** A request that came with an API key: its user and scopes, or 401 (503 when the store cannot be asked). */
  const authenticateKey = (request: FastifyRequest, reply: FastifyReply, key: string, done: HookHandlerDoneFunction): void => {
    checkKey(key).then(
      (checked) => {
        if (checked.isErr()) {
          request.log.warn({ reason: checked.error.message }, 'key store unavailable during authentication');
          done(new HttpProblem(unavailable()));
        } else if (checked.value.kind === 'unknown') {
          done(new HttpProblem(unauthorized('The API key is unknown or was revoked.', true)));
        } else if (checked.value.kind === 'expired') {
          done(new HttpProblem(unauthorized('The API key has expired; make a new one.', true)));
        } else {
          request.userId = checked.value.key.user_id;
          request.apiKey = { id: checked.value.key.id, scopes: checked.value.key.scopes };
          reply.header('cache-control', 'no-store');
          done();
        }
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };

  const authenticate = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
      const session = sessionTokenOf(request.headers.cookie);
      if (session !== undefined) {
        sessions.authenticate(request, reply, session, done);
        return;
      }
    }
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (presented?.startsWith(API_KEY_PREFIX) === true) {
      authenticateKey(request, reply, presented, done);
      return;
    }
    const nowMs = options.clock.now().getTime();
    const second = Math.floor(nowMs / 1000);
    let claims: VerifiedClaims;
    try {
      claims = claimsOf(request, nowMs);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (knownUsers.get(claims.sub, second) === true) {
      accept(request, reply, claims.sub, nowMs);
      done();
      return;
    }
    lookUpUser(claims.sub).then(
      (found) => {
        if (found.isErr()) {
          request.log.warn({ reason: found.error.message }, 'user store unavailable during authentication');
          done(new HttpProblem(unavailable()));
        } else if (found.value === null) {
          done(new HttpProblem(unauthorized('The user of this token no longer exists.', true)));
        } else {
          knownUsers.set(claims.sub, true);
          accept(request, reply, claims.sub, nowMs);
          done();
        }
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };

  app.decorate('auth', { authenticate, issue: (userId: string) => issueAt(userId, options.clock.now().getTime()), sessions });
}

export default fp(authPlugin, { name: 'larder-auth', fastify: '5.x' });
