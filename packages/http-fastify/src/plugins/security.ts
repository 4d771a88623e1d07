/**
 * Security headers (helmet), CORS, and the request id on every response.
 *
 * Helmet's headers do not depend on the request, so they are computed once at start-up and set with one call per
 * response. (@fastify/helmet builds the whole helmet middleware again on every request; measured, that alone cost a
 * third of the throughput of a simple GET.)
 *
 * The API answers JSON only, so its Content-Security-Policy forbids everything (`default-src 'none'`); the `/docs`
 * page sets its own, looser one (see routes/docs.ts). `upgrade-insecure-requests` is left out: over plain HTTP
 * (development, or TLS ended at a proxy on another host) it would make browsers fetch the docs' assets over HTTPS.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';

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
];

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
};

/** The headers helmet would set, recorded once from its middleware. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return headers;
}

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const headers = securityHeaders();
  // First, so that answers given by later hooks (CORS preflights, 401s) carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
  const allowed = options.corsOrigins === '*' ? undefined : new Set(options.corsOrigins);
  await app.register(cors, {
    // CORS headers go only to requests that carry an Origin (browsers); other clients do not read them. `Vary: Origin`
    // is sent either way, so caches keep the two apart.
    origin: (origin: string | undefined, callback: (error: Error | null, allow: string | boolean) => void) => {
      if (origin === undefined) callback(null, false);
      else if (allowed === undefined) callback(null, '*');
      else callback(null, allowed.has(origin) ? origin : false);
    },
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'X-Request-Id', 'Idempotency-Key'],
    exposedHeaders: EXPOSED_HEADERS.join(', '), // joined once rather than on every request
    maxAge: 600,
  });
}

export default fp(security, { name: 'larder-security', fastify: '5.x' });
