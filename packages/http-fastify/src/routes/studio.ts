/**
 * The studio (packages/web, built by Vite into its `dist/`): its page at `/` and at every client-side route (a `GET`
 * that asks for `text/html` and matches no route of the service), its fingerprinted files under `/assets/`, and the
 * other files at the top of `dist/` (the favicon). Without a built studio, `/` sends a visitor to the API reference.
 *
 * Caching: the page is `no-cache` with an ETag (a new build shows at the next load; a 304 otherwise), the files under
 * `/assets/` carry their content's hash in their names and are cached for a year as immutable, the top-level files
 * (whose names stay) for an hour. The page carries its own Content-Security-Policy (the API's forbids everything).
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, sendProblem } from '../http/problem.js';
import { appendVary, qualityOf, readFolder, sendStaticFile, staticFile, type StaticFile } from '../http/static-files.js';
import { IfNoneMatchHeaders, NOT_MODIFIED } from '../schemas/document.js';
import { otherProblems, UNREADABLE_REQUEST } from '../schemas/responses.js';

export interface Studio {
  readonly page: StaticFile;
  /** Under `/assets/`, by their path below it. */
  readonly assets: ReadonlyMap<string, StaticFile>;
  /** The other files at the top of `dist/`, by name. */
  readonly files: ReadonlyMap<string, StaticFile>;
}

/** How deep `/assets/` is read: Vite writes it flat; a few levels leave room for a plugin's sub-folders. */
const ASSET_DEPTH = 3;

export const studioIsBuilt = (dir: string): boolean => existsSync(join(dir, 'index.html'));

const missing = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** The studio built into `dir`, read into memory; `undefined` when `dir` holds no `index.html`. */
export async function loadStudio(dir: string): Promise<Studio | undefined> {
  let page: Buffer;
  try {
    page = await readFile(join(dir, 'index.html'));
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
  const files = await readFolder(dir, 0);
  files.delete('index.html');
  const assets = await readFolder(join(dir, 'assets'), ASSET_DEPTH).catch((error: unknown) => {
    if (missing(error)) return new Map<string, StaticFile>();
    throw error;
  });
  return { page: staticFile('index.html', page), assets, files };
}

/**
 * The page's policy: its scripts and styles from the service only (no inline script, no `eval`), the API on the same
 * origin, pictures from it and from `data:`/`blob:` URLs (an upload's preview), a PDF it fetched shown in a `blob:`
 * frame, and nobody may frame the page. No `upgrade-insecure-requests`, for the reason given in plugins/security.ts.
 */
export const STUDIO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_CACHE = 'no-cache';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const FILE_CACHE = 'public, max-age=3600';

/** The service's own paths (and their sub-paths): their unknown addresses stay 404 problems, never the studio's page. */
export const RESERVED_PATHS = ['/api', '/l', '/public', '/media', '/hooks', '/docs', '/openapi.json', '/healthz', '/readyz', '/assets'] as const;

/** Compared decoded and in lower case: the router decodes too, and a near miss of an API path is not a page either. */
export function isReservedPath(url: string): boolean {
  const raw = url.split('?', 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(raw).toLowerCase();
  } catch {
    path = raw.toLowerCase();
  }
  return RESERVED_PATHS.some((reserved) => path === reserved || path.startsWith(`${reserved}/`));
}

const NO_SUCH_FILE = problem(404, 'not_found', 'There is no such file of the studio.');

function sendPage(request: FastifyRequest, reply: FastifyReply, studio: Studio): Promise<FastifyReply> {
  reply.header('content-security-policy', STUDIO_CSP);
  return sendStaticFile(request, reply, studio.page, PAGE_CACHE);
}

const ROOT_SCHEMA = {
  tags: ['operations'],
  operationId: 'getStudio',
  summary: 'The studio, the creators’ web app (or a redirect to the API reference)',
  description:
    'The studio’s page, which loads its scripts from `/assets/` and works through this API. Any other `GET` that accepts `text/html` and matches no ' +
    'route of the service (a client-side route such as `/recipes/{id}`) answers the same page; unknown paths under `/api`, `/l/`, `/public/`, ' +
    '`/media/`, `/hooks/`, `/docs`, `/assets/`, `/openapi.json`, `/healthz` and `/readyz` stay 404 problems. When the studio is not built, a 302 to `/docs`.',
  security: [],
  headers: IfNoneMatchHeaders,
  response: {
    200: {
      description: 'The studio’s page: `Cache-Control: no-cache`, an ETag, and its own Content-Security-Policy.',
      headers: { ETag: { type: 'string', description: 'Weak tag of the page’s content.' } },
      content: { 'text/html': { schema: { type: 'string' } } },
    },
    302: { description: 'To `/docs`, when the studio is not built.', headers: { Location: { type: 'string', description: '`/docs`' } } },
    304: NOT_MODIFIED,
    ...UNREADABLE_REQUEST,
    ...otherProblems(),
  },
};

export async function studioRoutes(app: FastifyInstance, options: { studio: Studio | undefined }): Promise<void> {
  const { studio } = options;
  app.get('/', { schema: ROOT_SCHEMA }, async (request, reply) => (studio === undefined ? reply.redirect('/docs', 302) : sendPage(request, reply, studio)));
  if (studio === undefined) return;
  // Like the reference's own files (/docs/static), not operations of the API.
  app.get('/assets/*', { schema: { hide: true } }, async (request, reply) => {
    const file = studio.assets.get((request.params as { '*': string })['*']);
    return file === undefined ? sendProblem(reply, NO_SUCH_FILE) : sendStaticFile(request, reply, file, ASSET_CACHE);
  });
  for (const [name, file] of studio.files) {
    if (isReservedPath(`/${name}`)) continue;
    app.get(`/${name}`, { schema: { hide: true } }, async (request, reply) => sendStaticFile(request, reply, file, FILE_CACHE));
  }
}

/**
 * For the not-found handler (plugins/problem-details.ts): the studio's page for a `GET` or `HEAD` that accepts
 * `text/html` outside the reserved paths; `undefined` (a 404 problem) otherwise. Either answer there depends on
 * `Accept`, and says so in `Vary`.
 */
export const studioPageFallback = (studio: Studio) => (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined => {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || isReservedPath(request.url)) return undefined;
  reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept'));
  return qualityOf(request.headers.accept, 'text/html') > 0 ? sendPage(request, reply, studio) : undefined;
};
