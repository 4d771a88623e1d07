/**
 * `/api/products/{id}/document.pdf` and `.epub`: the file a customer downloads. The domain settles the options and
 * builds the model; a matching `If-None-Match` is answered before anything is rendered; otherwise the headers go out
 * at once and the bytes follow as the renderer writes them.
 */
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DOCUMENT_MEDIA_TYPES,
  prepareProductDocument,
  type DocumentDeps,
  type DocumentFormat,
  type DocumentRenderer,
  type PreparedDocument,
} from '@larder/domain';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { documentEtag, noneMatchHits } from '../http/document-etag.js';
import { sendDomainError } from '../http/reply.js';
import { IdParams } from '../schemas/common.js';
import { DocumentQuery, IfNoneMatchHeaders, NOT_MODIFIED, documentDownload } from '../schemas/document.js';
import { AUTHENTICATED_PROBLEMS, problems } from '../schemas/responses.js';

export interface DocumentRouteDeps extends DocumentDeps {
  readonly renderer: DocumentRenderer;
}

const tags = ['products'];

/** Renders into `body` once the headers have gone out; a failure here is a bug, which ends the download early. */
async function streamDocument(renderer: DocumentRenderer, prepared: PreparedDocument, body: PassThrough, reply: FastifyReply, log: FastifyBaseLogger) {
  // Fastify pipes a stream into the response after its onSend hooks, with the headers set but not written: they
  // would wait for the first byte of the body, which a large PDF gives only after its title page and contents are
  // laid out. Flushing them as soon as the pipe is in place lets the client (and any proxy timing the response) see
  // the 200 at once. The renderer then writes section by section, giving the event loop a turn between sections;
  // the pipeline pulls from it only as fast as the client reads, and a client that goes away ends the rendering.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1000);
    reply.raw.once('pipe', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (!reply.raw.headersSent && !reply.raw.destroyed) reply.raw.flushHeaders();
  try {
    const bytes = await renderer.render(prepared.document, { format: prepared.options.format, pageSize: prepared.options.page_size });
    await pipeline(Readable.from(bytes), body);
  } catch (error) {
    log.error({ err: error }, 'document rendering failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

export const documentRoutes: FastifyPluginAsyncTypebox<DocumentRouteDeps> = async (app, deps) => {
  const prepare = prepareProductDocument(deps);

  const route = (format: DocumentFormat, summary: string, description: string, what: string, problemNotes: Record<number, string>) =>
    app.get(`/products/:id/document.${format}`, {
      schema: {
        tags,
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
      const prepared = await prepare({ id: request.params.id, format, page_size: request.query.page_size, units: request.query.units });
      if (prepared.isErr()) return sendDomainError(reply, prepared.error, 'query');
      const etag = documentEtag(prepared.value.versionKey, deps.renderer.revision);
      reply.header('etag', etag);
      if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const body = new PassThrough();
      void streamDocument(deps.renderer, prepared.value, body, reply, request.log);
      return reply
        .type(DOCUMENT_MEDIA_TYPES[format])
        .header('content-disposition', `attachment; filename="${prepared.value.document.file_stem}.${format}"`)
        .send(body);
    });

  const layouts =
    'Ebooks and lead magnets: title page (a lead magnet names its source), contents with page numbers, one chapter per recipe in the product’s order. ' +
    'Meal plans: title page, the day-by-day table with servings, the shopping list by aisle with a tick box per item, then the recipes. ' +
    'Archived recipes the product kept are included; `image_url` is never fetched.';
  route(
    'pdf',
    'Download a product as PDF',
    `${layouts} Recipe card packs: one card per page (6 × 4 in by default); a recipe that does not fit continues on the next page of its card, marked “continued”. ` +
      'Fonts are embedded (DejaVu). `If-None-Match` with the current ETag gives a 304 without rendering.',
    'The PDF.',
    {},
  );
  route(
    'epub',
    'Download a product as EPUB 3',
    `${layouts} The contents are the book’s navigation document. Recipe card packs are printed cards and have no EPUB (422). ` +
      '`If-None-Match` with the current ETag gives a 304 without rendering.',
    'The EPUB 3 book.',
    { 422: '`rule_violation`: a recipe card pack has no EPUB (it is available as PDF only).' },
  );
};
