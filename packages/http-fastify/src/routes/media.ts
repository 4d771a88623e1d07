/**
 * `GET /media/{file}`: the renditions of photos and covers, public. A file's name is the SHA-256 of its bytes and
 * owner, so it cannot be guessed and never changes meaning: cached for a year as immutable. Only names the service
 * could have made are looked up; anything else is a 404 without touching storage.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isMediaFileName, mediaKeyOfFile, type FileStore } from '@larder/domain';
import { problem, sendProblem } from '../http/problem.js';
import { sendDomainError } from '../http/reply.js';
import { NOT_MODIFIED } from '../schemas/document.js';
import { MediaParams, mediaDownload } from '../schemas/photo.js';
import { problems } from '../schemas/responses.js';

export interface MediaRouteDeps {
  readonly files: FileStore;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_SUCH_FILE = problem(404, 'not_found', 'There is no such media file.');

export const mediaRoutes: FastifyPluginAsyncTypebox<MediaRouteDeps> = async (app, deps) => {
  app.get('/media/:file', {
    schema: {
      tags: ['media'],
      operationId: 'getMedia',
      summary: 'Download a photo or cover rendition',
      description: 'No authentication: the addresses come from `photo` and `cover` objects and cannot be guessed. Cached as immutable for a year.',
      security: [],
      params: MediaParams,
      response: { 200: mediaDownload, 304: NOT_MODIFIED, ...problems([404, 500, 503]) },
    },
  }, async (request, reply) => {
    const { file } = request.params;
    if (!isMediaFileName(file)) return sendProblem(reply, NO_SUCH_FILE);
    const etag = `"${file}"`;
    const key = mediaKeyOfFile(file);
    // Images are shown by other sites (a storefront, the app's own origin): the service's same-origin default would block them.
    const headers = { 'cross-origin-resource-policy': 'cross-origin', 'cache-control': IMMUTABLE, etag, 'x-content-type-options': 'nosniff' };
    if (request.headers['if-none-match'] === etag) {
      const known = await deps.files.head(key);
      if (known.isErr()) return sendDomainError(reply, known.error);
      if (known.value === null) return sendProblem(reply, NO_SUCH_FILE);
      reply.headers(headers);
      return reply.code(304).send();
    }
    const found = await deps.files.get(key);
    if (found.isErr()) return sendDomainError(reply, found.error);
    if (found.value === null) return sendProblem(reply, NO_SUCH_FILE);
    reply.headers(headers);
    return reply
      .type(found.value.file.contentType)
      .header('content-length', found.value.file.size)
      .send(Readable.from(found.value.body, { objectMode: false }));
  });
};
