/** Small helpers every resource route uses: versioned sends, domain errors, If-Match. */
import type { DomainError, Page } from '@larder/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemForDomainError } from './error-mapper.js';
import { etagOf, parseIfMatch } from './etag.js';
import { linkHeader, listEnvelope } from './pagination.js';
import { HttpProblem, problem, sendProblem, type ProblemLocation } from './problem.js';

/** A single resource with its `ETag`; `location` for a 201. */
export function sendVersioned(reply: FastifyReply, resource: { readonly version: number }, created?: { location: string }): FastifyReply {
  reply.header('etag', etagOf(resource.version));
  if (created !== undefined) reply.code(201).header('location', created.location);
  return reply.send(resource);
}

/** Fastify's own content type for the JSON it serialises. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A single resource's body already serialised by the route's response serializer (`reply.serialize`), with its
 * `ETag`: the same headers and bytes as `sendVersioned`, without serialising again.
 */
export function sendVersionedJson(reply: FastifyReply, version: number, body: Buffer): FastifyReply {
  reply.header('etag', etagOf(version));
  reply.header('content-type', JSON_CONTENT_TYPE);
  return reply.send(body);
}

/** A page as `{ data, pagination }` with its `Link` header. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page<unknown>): FastifyReply {
  reply.header('link', linkHeader(request.url, page));
  return reply.send(listEnvelope(page));
}

/**
 * A store that failed, logged with its cause (the driver error's class and code, an S3 error's reason, or which call
 * passed its deadline), which the client is never told: without it, an operator would see a 503 and nothing more.
 */
export function logStoreFailure(reply: FastifyReply, error: DomainError): void {
  if (error.type === 'StoreUnavailable') reply.request.log.warn({ reason: error.message, slow: error.slow === true }, 'store unavailable');
}

export function sendDomainError(reply: FastifyReply, error: DomainError, validationIn?: ProblemLocation): FastifyReply {
  logStoreFailure(reply, error);
  return sendProblem(reply, problemForDomainError(error, validationIn));
}

/** The version the request's `If-Match` pins; a malformed header is a 400 naming the header. */
export function ifMatchOf(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  const parsed = parseIfMatch(Array.isArray(header) ? header.join(', ') : header);
  if (parsed.isOk()) return parsed.value;
  throw new HttpProblem(
    problem(400, 'validation_failed', 'The If-Match header is not valid; see errors.', {
      errors: [{ in: 'header', pointer: '/if-match', message: parsed.error }],
    }),
  );
}
