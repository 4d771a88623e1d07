/**
 * `/api/products/{id}/document.pdf` and `.epub`: the file a customer downloads. The domain settles the options, the
 * file's key and its validator; a matching `If-None-Match` is answered before storage is touched. The file is read
 * from storage when it has been rendered before, and otherwise rendered off this thread (a worker pool), stored, and
 * sent, so that no request ever waits on a render that is not its own and nothing is rendered twice.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DOCUMENT_MEDIA_TYPES, documentFiles, type DocumentFileDeps, type DocumentFileError, type DocumentFormat, type ProductError } from '@larder/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentEtag, noneMatchHits } from '../http/document-etag.js';
import { sendDomainError } from '../http/reply.js';
import { IdParams } from '../schemas/common.js';
import { DocumentQuery, IfNoneMatchHeaders, NOT_MODIFIED, documentDownload } from '../schemas/document.js';
import { AUTHENTICATED_PROBLEMS, problems } from '../schemas/responses.js';

export type DocumentRouteDeps = DocumentFileDeps;

const tags = ['products'];

const FILE_PROBLEMS: Record<number, string> = {
  500: '`internal`: the render failed (logged with the product id); nothing was stored, and the next request tries again.',
  503:
    '`unavailable`: the database cannot be reached or answers too slowly; every renderer is busy and the queue is full; or the render ran past its time limit (60 s) and was stopped. ' +
    'Carries `Retry-After` (seconds).',
};

/** A failed render is logged here, with the product it was for; the error mapper says what the client is told. */
function sendFileError(request: FastifyRequest, reply: FastifyReply, productId: string, error: DocumentFileError | ProductError): FastifyReply {
  if (error.type === 'RenderFailed' || error.type === 'FileSourceFailed') {
    request.log.error({ product_id: productId, reason: error.message, timed_out: error.type === 'RenderFailed' && error.timedOut }, 'document rendering failed');
  }
  return sendDomainError(reply, error);
}

export const documentRoutes: FastifyPluginAsyncTypebox<DocumentRouteDeps> = async (app, deps) => {
  const files = documentFiles(deps);

  const route = (format: DocumentFormat, summary: string, description: string, what: string, problemNotes: Record<number, string>) =>
    app.get(`/products/:id/document.${format}`, {
      schema: {
        tags,
        operationId: format === 'pdf' ? 'downloadProductPdf' : 'downloadProductEpub',
        summary,
        description,
        params: IdParams,
        querystring: DocumentQuery,
        headers: IfNoneMatchHeaders,
        response: {
          200: documentDownload(DOCUMENT_MEDIA_TYPES[format], what),
          304: NOT_MODIFIED,
          ...problems([...AUTHENTICATED_PROBLEMS, 404, ...(format === 'epub' ? [422] : [])], problemNotes),
        },
      },
    }, async (request, reply) => {
      const located = await files.locate({ id: request.params.id, format, page_size: request.query.page_size, units: request.query.units, requester: request.userId });
      if (located.isErr()) return sendDomainError(reply, located.error, 'query');
      const etag = documentEtag(located.value.versionKey, deps.rendering.revision);
      reply.header('etag', etag);
      if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const opened = await files.open(located.value);
      if (opened.isErr()) return sendFileError(request, reply, request.params.id, opened.error);
      const file = opened.value;
      // Storing a rendered file goes on after it is sent; what fails there is logged when it is over.
      void file.stored.then((problem) => {
        if (problem !== null) request.log.warn({ product_id: request.params.id, reason: problem }, 'document storage');
      });
      return reply
        .type(located.value.mediaType)
        .header('content-length', file.size)
        .header('content-disposition', `${request.query.disposition ?? 'attachment'}; filename="${located.value.fileName}"`)
        .send(Readable.from(file.body, { objectMode: false }));
    });

  const layouts =
    'Ebooks and lead magnets: title page (a lead magnet names its source), contents with page numbers, one chapter per recipe in the product’s order. ' +
    'Meal plans: title page, the day-by-day table with servings, the shopping list by aisle with a tick box per item, then the recipes. ' +
    'Archived recipes the product kept are included; `image_url` is never fetched.';
  const storage =
    'Each version of a document is rendered once, off the request thread, and kept in the file store; later requests are served from there. ' +
    'When the renderers are all busy and their queue is full the answer is a 503 with `Retry-After`. ';
  route(
    'pdf',
    'Download a product as PDF',
    `${layouts} Recipe card packs: one card per page (6 × 4 in by default); a recipe that does not fit continues on the next page of its card, marked “continued”. ` +
      `Fonts are embedded (DejaVu). ${storage}` +
      '`If-None-Match` with the current ETag gives a 304 without reading or rendering anything.',
    'The PDF.',
    FILE_PROBLEMS,
  );
  route(
    'epub',
    'Download a product as EPUB 3',
    `${layouts} The contents are the book’s navigation document. Recipe card packs are printed cards and have no EPUB (422). ${storage}` +
      '`If-None-Match` with the current ETag gives a 304 without reading or rendering anything.',
    'The EPUB 3 book.',
    { ...FILE_PROBLEMS, 422: '`rule_violation`: a recipe card pack has no EPUB (it is available as PDF only).' },
  );
};
