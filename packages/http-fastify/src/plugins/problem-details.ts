/**
 * Every error leaves as an RFC 9457 problem: framework errors (validation, body parsing, size, media type, unknown
 * route unless the app names a page for it), problems thrown by hooks, and bugs. Bugs are logged with the request id
 * and answered with `internal` and nothing more.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, problem, sendProblem, type ProblemResponse } from '../http/problem.js';
import { logAnswered } from '../http/request-log-lines.js';
import { jsonBodyText, refusedKeysProblem } from '../http/json-body.js';
import { invalidUnicodeProblem } from '../http/unicode-text.js';
import { fieldErrors } from '../http/validation-errors.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

function frameworkProblem(error: FastifyError): ProblemResponse | undefined {
  if (error.validation !== undefined) {
    return problem(400, 'validation_failed', 'The request has invalid fields; see errors.', {
      errors: fieldErrors(error.validation, error.validationContext ?? 'body'),
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problem(400, 'invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem(413, 'payload_too_large', `The request body is larger than ${BODY_LIMIT_BYTES} bytes (1 MiB).`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem(415, 'unsupported_media_type', 'A request body must be JSON, sent with Content-Type: application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problem(400, 'invalid_json', 'The request body does not match its Content-Length.');
    case 'FST_ERR_BAD_URL':
      return problem(400, 'malformed_request', 'The request URL cannot be decoded: a % must start a percent-encoded UTF-8 byte.');
    default:
      // Any other client error the framework raises is a request it cannot read, said plainly.
      return error.statusCode === 400 ? problem(400, 'malformed_request', 'The HTTP request cannot be read.') : undefined;
  }
}

/** For Fastify's `frameworkErrors` option: errors raised before routing (an undecodable URL). */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  // Fastify's answer listeners are not set up on this path: the request's line is written here once it is answered.
  reply.raw.once('finish', () => logAnswered(request, reply));
  void sendProblem(reply, frameworkProblem(error) ?? problem(400, 'malformed_request', 'The HTTP request cannot be read.'));
}

const MAX_ECHOED_PATH = 200;

export interface ProblemDetailsOptions {
  /**
   * Asked first about a request that matches no route: its answer when it gives one (the studio's page for a
   * client-side route, routes/studio.ts), else the 404 problem. Here because an app has one not-found handler.
   */
  readonly notFoundPage?: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined) | undefined;
}

async function problemDetails(app: FastifyInstance, options: ProblemDetailsOptions): Promise<void> {
  // A body is JSON or nothing: without the text/plain parser, every other media type is a 415.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body counts as no body, so that optional bodies (lead-magnet) accept a bare Content-Type.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const text = jsonBodyText(request.headers['content-type'], typeof body === 'string' ? Buffer.from(body) : body); // parseAs: 'buffer' gives buffers
    if (text.isErr()) {
      done(new HttpProblem(text.error), undefined);
      return;
    }
    if (text.value.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text.value, (error, parsed) => {
      const refused = error === null ? invalidUnicodeProblem(text.value, parsed) : refusedKeysProblem(text.value);
      if (refused !== undefined) done(new HttpProblem(refused), undefined);
      else done(error, parsed);
    });
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error.response);
    const known = frameworkProblem(error);
    if (known !== undefined) return sendProblem(reply, known);
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, problem(500, 'internal', 'An unexpected error occurred. It has been logged; quote the X-Request-Id response header when reporting it.'));
  });

  const { notFoundPage } = options;
  app.setNotFoundHandler((request, reply) =>
    notFoundPage?.(request, reply) ??
    sendProblem(reply, problem(404, 'not_found', `There is no ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, MAX_ECHOED_PATH)} here.`)),
  );
}

export default fp(problemDetails, { name: 'larder-problem-details', fastify: '5.x' });
