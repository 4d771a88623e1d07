/**
 * A folder of built files (the studio's `dist/`) held in memory and sent with content negotiation: read once when
 * the app is built, so that a rebuild while the service runs never mixes one build's page with another's scripts;
 * compressed on first request (brotli or gzip, whichever the client prefers) and kept compressed, so the cost is paid
 * once per file and never by a service that is not asked for them (most services the tests start).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

export interface StaticFile {
  readonly bytes: Buffer;
  readonly type: string;
  /** Weak: the same tag stands for the file whichever content coding carries it. */
  readonly etag: string;
  readonly compressible: boolean;
  /** The compressed bytes, made on first request; `undefined` when compressing does not make the file smaller. */
  readonly encoded: Map<Encoding, Promise<Buffer | undefined>>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** Text formats shrink; images, fonts (woff2 is already brotli) and the rest are sent as they are. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg', '.ico', '.ttf', '.otf', '.wasm']);

/** Names a route may carry as they are: no dot files (the build's stamp), nothing a router or a shell would read. */
const SERVABLE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export const staticFile = (name: string, bytes: Buffer): StaticFile => {
  const extension = extname(name).toLowerCase();
  return {
    bytes,
    type: TYPES[extension] ?? 'application/octet-stream',
    etag: `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    compressible: COMPRESSIBLE.has(extension),
    encoded: new Map(),
  };
};

/**
 * The files of `dir` by their path relative to it (`favicon.svg`, `assets/index-1pAJkngq.js`), going `depth` folders
 * down. Only names that match `SERVABLE_NAME` at every level are read: the map is the whole of what can be served,
 * so a request can only ever name one of these keys (no path is built from a request).
 */
export async function readFolder(dir: string, depth: number, prefix = ''): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!SERVABLE_NAME.test(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isFile()) files.set(prefix + entry.name, staticFile(entry.name, await readFile(path)));
    else if (entry.isDirectory() && depth > 0) for (const [name, file] of await readFolder(path, depth - 1, `${prefix}${entry.name}/`)) files.set(name, file);
  }
  return files;
}

const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  // Quality 6: within 10 % of brotli's best for a script bundle, in milliseconds where 11 takes half a second.
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

function encodedBytes(file: StaticFile, encoding: Encoding): Promise<Buffer | undefined> {
  let made = file.encoded.get(encoding);
  if (made === undefined) {
    made = compressors[encoding](file.bytes).then((bytes) => (bytes.length < file.bytes.length ? bytes : undefined));
    file.encoded.set(encoding, made);
  }
  return made;
}

/**
 * The weight (`q`) a header such as `Accept` or `Accept-Encoding` gives `value`, else the one it gives `wildcard`
 * (when there is one); 0 when it names neither.
 */
export function qualityOf(header: string | undefined, value: string, wildcard?: string): number {
  if (header === undefined) return 0;
  let found: number | undefined;
  let fallback = 0;
  for (const item of header.split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const usable = Number.isFinite(weight) ? weight : 0;
    if (name === value) found = Math.max(found ?? 0, usable);
    else if (wildcard !== undefined && name === wildcard) fallback = usable;
  }
  return found ?? fallback;
}

/** The coding to send: brotli over gzip at equal weight (smaller), none when the client accepts neither. */
function chosenEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const br = qualityOf(acceptEncoding, 'br', '*');
  const gz = qualityOf(acceptEncoding, 'gzip', '*');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

const matchesTag = (ifNoneMatch: string, etag: string): boolean =>
  ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/** Sends `file` with `cacheControl`: 304 when `If-None-Match` holds its tag, compressed when the client accepts it. */
export async function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, cacheControl: string): Promise<FastifyReply> {
  reply.header('cache-control', cacheControl).header('etag', file.etag);
  if (file.compressible) reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesTag(ifNoneMatch, file.etag)) return reply.code(304).send();
  reply.type(file.type);
  const encoding = file.compressible ? chosenEncoding(request.headers['accept-encoding']) : undefined;
  const encoded = encoding === undefined ? undefined : await encodedBytes(file, encoding);
  if (encoding === undefined || encoded === undefined) return reply.send(file.bytes);
  return reply.header('content-encoding', encoding).send(encoded);
}

/** `Vary` with `name` added once (the security hook starts every response with `Vary: Origin`). */
export function appendVary(current: unknown, name: string): string {
  const names = typeof current === 'string' && current !== '' ? current.split(',').map((item) => item.trim()) : [];
  return names.some((item) => item.toLowerCase() === name.toLowerCase()) ? names.join(', ') : [...names, name].join(', ');
}
