/**
 * The browser session's cookie, and the origin rule for the requests it authenticates. The cookie is HttpOnly (no
 * script reads it), SameSite=Strict (no other site's page sends it), for the whole service (`Path=/`), and Secure when
 * the service is reached over https (`PUBLIC_URL`).
 */
import { SESSION_TTL_MS } from '@larder/domain';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'larder_session';
export const SESSION_COOKIE_MAX_AGE_SECONDS = SESSION_TTL_MS / 1000;

/** The session token in a `Cookie` header: the first `larder_session` with a value; undefined when there is none. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined || !cookieHeader.includes(SESSION_COOKIE)) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    if (value !== '') return value;
  }
  return undefined;
}

export interface SessionCookies {
  /** `Set-Cookie` that keeps `token` for 7 days from now. */
  readonly set: (token: string) => string;
  /** `Set-Cookie` that removes the cookie from the browser. */
  readonly clear: string;
}

export function sessionCookies(publicUrl: string): SessionCookies {
  const attributes = `Path=/; HttpOnly; SameSite=Strict${new URL(publicUrl).protocol === 'https:' ? '; Secure' : ''}`;
  return {
    set: (token) => `${SESSION_COOKIE}=${token}; Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}; ${attributes}`,
    clear: `${SESSION_COOKIE}=; Max-Age=0; ${attributes}`,
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request changes something (what a cookie-authenticated request may do from the service's own origin only). */
export const changesSomething = (request: FastifyRequest): boolean => !SAFE_METHODS.has(request.method);

/** Whether the request's `Origin` is `origin` (a missing `Origin` is not). */
export const comesFrom = (request: FastifyRequest, origin: string): boolean => request.headers.origin === origin;
