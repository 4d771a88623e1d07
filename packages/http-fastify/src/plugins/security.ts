/**
 * Security headers (helmet), CORS, and the request id on every response.
 *
 * The API answers JSON only, so its Content-Security-Policy forbids everything (`default-src 'none'`); the `/docs`
 * page sets its own, looser one (see routes/docs.ts). `upgrade-insecure-requests` is left out: over plain HTTP
 * (development, or TLS ended at a proxy on another host) it would make browsers fetch the docs' assets over HTTPS.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
  'X-Request-Id',
  'WWW-Authenticate',
];

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // First, so that answers given by later hooks (CORS preflights, 401s) carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
  });
  await app.register(cors, {
    origin: options.corsOrigins === '*' ? '*' : [...options.corsOrigins],
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'X-Request-Id'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}

export default fp(security, { name: 'larder-security', fastify: '5.x' });
