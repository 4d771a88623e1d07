/**
 * The headers every response carries (the security headers, `Vary: Origin`, `X-Request-Id`) and CORS, in one hook
 * that runs first, so that answers given by later hooks (CORS preflights, 401s) carry them too.
 *
 * The security headers are helmet 8's defaults with the service's Content-Security-Policy, written out as constants
 * (test/security/response-headers.test.ts pins every name and value): they do not depend on the request, so each
 * response starts from a copy of one precomputed set instead of setting them one by one. The API answers JSON only,
 * so its CSP forbids everything (`default-src 'none'`); the `/docs` page sets its own, looser one (see
 * routes/docs.ts). `upgrade-insecure-requests` is left out: over plain HTTP (development, or TLS ended at a proxy on
 * another host) it would make browsers fetch the docs' assets over HTTPS.
 *
 * CORS follows what @fastify/cors 11 did with the service's options, at no cost for the requests without `Origin`
 * (every client but a browser script): those get `Vary: Origin` only, from the constant set, so that a cache keeps
 * apart the answers with and without the CORS headers. A request from an allowed origin gets
 * `Access-Control-Allow-Origin` (the origin, or `*` when every origin is allowed) and `Access-Control-Expose-Headers`;
 * a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin is answered 204 here, before
 * authentication, with the methods, headers and max age; an `OPTIONS` from an allowed origin without that header is a
 * 400, and one from an origin that is not allowed, or without `Origin`, a 404 like any unknown route.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, problem } from '../http/problem.js';

export interface SecurityOptions {
  readonly corsOrigins: readonly string[] | '*';
}

/** Response headers a browser script may read. */
export const EXPOSED_HEADERS = [
  'X-Refreshed-Token',
  'X-Refreshed-Token-Expires-At',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'ETag',
  'Location',
  'Link',
  'Search-Fuzzy',
  'Search-Fuzzy-Matches',
  'X-Request-Id',
  'WWW-Authenticate',
  'Idempotent-Replayed',
  'Content-Disposition',
];

const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-Match, If-None-Match, X-Request-Id, Idempotency-Key';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * A reply's headers, before any hook has set one: the security headers, `Vary` and the request id. An object
 * literal, so that V8 makes each copy from one template (the same shape every time), rather than a loop of
 * `reply.header` calls that lower-case each name and grow the object one key at a time.
 */
const responseHeaders = (requestId: string): Record<string, string> => ({
  'content-security-policy': "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'x-request-id': requestId,
  vary: 'Origin',
});

/**
 * The headers helmet 8 sets by default, with the service's Content-Security-Policy, in helmet's order: the constant
 * part of `responseHeaders`. Every response carries them, including the ones written to the socket before Fastify
 * sees the request (http/client-errors.ts).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(responseHeaders('')).filter(([name]) => name !== 'x-request-id' && name !== 'vary')),
);

/**
 * Where Fastify 5 keeps a reply's headers until it writes them (`reply.header` lower-cases the name and stores it
 * there). When a later Fastify moves it, the hook falls back to `reply.headers` (slower, same headers).
 */
const REPLY_HEADERS: unknown = (createRequire(import.meta.url)('fastify/lib/symbols.js') as { kReplyHeaders?: unknown }).kReplyHeaders;

function startHeaders(reply: FastifyReply, requestId: string): void {
  const holder = reply as unknown as Record<symbol, Record<string, unknown> | undefined>;
  const existing = typeof REPLY_HEADERS === 'symbol' ? holder[REPLY_HEADERS] : undefined;
  if (existing === undefined) {
    reply.headers(responseHeaders(requestId));
    return;
  }
  const headers: Record<string, unknown> = responseHeaders(requestId);
  // Nothing has set a header before the first hook; should something ever, it is kept.
  for (const name in existing) headers[name] = existing[name];
  holder[REPLY_HEADERS as symbol] = headers;
}

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const allowed = options.corsOrigins === '*' ? undefined : new Set(options.corsOrigins);
  const exposed = EXPOSED_HEADERS.join(', ');

  app.addHook('onRequest', (request, reply, done) => {
    startHeaders(reply, request.id);
    const origin = request.headers.origin;
    if (origin === undefined) {
      done();
      return;
    }
    if (allowed !== undefined && !allowed.has(origin)) {
      done();
      return;
    }
    reply.header('access-control-allow-origin', allowed === undefined ? '*' : origin);
    reply.header('access-control-expose-headers', exposed);
    if (request.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    if (request.headers['access-control-request-method'] === undefined) {
      done(new HttpProblem(problem(400, 'malformed_request', 'A CORS preflight (OPTIONS with Origin) needs an Access-Control-Request-Method header.')));
      return;
    }
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    reply.header('access-control-allow-headers', ALLOWED_HEADERS);
    reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
    // Safari waits for a body on a 204 without Content-Length: 0.
    reply.code(204).header('content-length', '0').send();
  });

  // Lets OPTIONS requests reach the hook above on every path; any the hook did not answer is an unknown route.
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}

export default fp(security, { name: 'larder-security', fastify: '5.x' });
