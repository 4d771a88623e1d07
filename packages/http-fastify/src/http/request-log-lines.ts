/**
 * The request log's lines: one a request, written when it is answered, with the request (method, URL with its
 * secrets cut, host, address), the status and the time taken. Fastify's own controller writes two, one when a request
 * arrives and one when it is answered; under 20 readers the arrival line was two thirds of the log's cost on the
 * request thread (its request serialised, its redaction, its JSON), and the log with the request's child logger about
 * half a read's CPU (bench/http.ts: 67–83 µs a read with fastify's two lines, 31–39 µs without a logger). The arrival line is still written
 * at `LOG_LEVEL=debug` (or `trace`), for following a request that never gets its answer; without it, a request cut off
 * before any answer is logged by its refusal's line (a body that stops arriving), under the same request id and with
 * its method and URL, or by an abort line when its client goes away first (`logAborted`); a request fastify refuses
 * before routing (a malformed URL, a parameter too long) by its answer's line (`logAnswered`, from the app's handler
 * of those errors, which fastify's own lines skip).
 *
 * `bench/http.ts --log` (`GET /api/recipes/{id}`, the log at `info` in batches to /dev/null): see the commit and
 * docs/benchmarks.md for the figures.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// Each pattern allows the scheme and host before the path that a request in absolute form (`GET http://host/path`)
// carries: HTTP lets a client send one, and its path's secret must be cut as well.
/** The consent page's way back carries a one-time code and state in its query: logged without them. */
const OAUTH_CALLBACK_QUERY = /^((?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)?\/api\/connections\/[^/?#]+\/callback)\?.*$/s;
/** A sale notice's address carries the connection's secret: logged without it. */
const SALE_NOTICE_SECRET = /^((?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)?\/hooks\/[^/?#]+\/)[^?#]*/s;
/** A subscriber's link carries its secret: logged without it. */
const SUBSCRIBER_LINK_TOKEN = /^((?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)?\/public\/(?:confirm|downloads|unsubscribe)\/)[^?#]*/s;

/** A request's URL as the log shows it: an OAuth callback cut before its query, the secret of a sale notice's or a subscriber's link cut. */
export const urlForLog = (url: string): string =>
  url.replace(OAUTH_CALLBACK_QUERY, '$1?[redacted]').replace(SALE_NOTICE_SECRET, '$1[redacted]').replace(SUBSCRIBER_LINK_TOKEN, '$1[redacted]');

/** A request's line at its answer (see the file's comment); also for the answers fastify's own path leaves unlogged. */
export function logAnswered(request: FastifyRequest, reply: FastifyReply): void {
  reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
}

/**
 * A request whose client went away before its answer was sent (fastify's `onRequestAbort` hook): its only line at
 * `info`, since no answer logs it.
 */
export function logAborted(request: FastifyRequest): void {
  request.log.info({ req: request }, 'request aborted by the client before its answer');
}

export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, _reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // Nothing is serialised below `debug`: pino's method is then a no-op.
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else logAnswered(request, reply);
  }
}
