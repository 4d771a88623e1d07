/**
 * `/openapi.json` (the generated OpenAPI 3.1 document) and `/docs` (Swagger UI, served from the package's own assets:
 * no CDN, works offline). `/` is the studio's (routes/studio.ts), or sends a visitor here when it is not built.
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * Swagger UI loads its scripts and styles from /docs/static and the document from /docs/json; it sets inline styles.
 * No `upgrade-insecure-requests`, for the reason given in plugins/security.ts.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return reply.type('application/json').send(app.swagger());
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: true, persistAuthorization: false, displayRequestDuration: true },
  });
}
