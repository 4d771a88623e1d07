/**
 * Headers that must appear once: `Host` (RFC 9112 §3.2), and `Authorization`, `Content-Type` and `Content-Length`,
 * which say who is asking and what the body is. Node keeps the first of two `Authorization` or `Content-Type` headers
 * and drops the second without a word, so a request that carries two would be judged on a value the client may not
 * have meant; it is a 400 `malformed_request` instead. So is an HTTP/1.1 request without `Host` (Node's own check
 * answers an empty 400 outside Fastify, so the server's is switched off in favour of this one; see app.ts).
 *
 * A response given before the request's body has arrived (a 401 to a client that is still sending) closes the
 * connection: otherwise Node would keep reading, and discarding, whatever the client trickles until the request
 * timeout.
 *
 * The check reads `rawHeaders`, which keeps every header line; it compares lengths before names, so a request with
 * the usual dozen headers costs a dozen integer comparisons and four lower-casings.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, problem } from '../http/problem.js';

const HOST = 1;
const AUTHORIZATION = 2;
const CONTENT_TYPE = 4;
const CONTENT_LENGTH = 8;

function bitOf(name: string): number {
  switch (name.length) {
    case 4:
      return name.toLowerCase() === 'host' ? HOST : 0;
    case 13:
      return name.toLowerCase() === 'authorization' ? AUTHORIZATION : 0;
    case 12:
      return name.toLowerCase() === 'content-type' ? CONTENT_TYPE : 0;
    case 14:
      return name.toLowerCase() === 'content-length' ? CONTENT_LENGTH : 0;
    default:
      return 0;
  }
}

/** The problem with the request's header lines, if any. */
export function framingProblem(rawHeaders: readonly string[], httpVersion: string): string | undefined {
  let seen = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] ?? '';
    const bit = bitOf(name);
    if (bit === 0) continue;
    if ((seen & bit) !== 0) return `The request has more than one ${name} header; send it once.`;
    seen |= bit;
  }
  if ((seen & HOST) === 0 && httpVersion === '1.1') return 'An HTTP/1.1 request must carry a Host header.';
  return undefined;
}

/**
 * Whether a body may still be on its way: the request announced one. A request without a body is complete once its
 * headers are read, though Node marks it so only after the hooks that run on those headers (a CORS preflight, or a
 * 401 answered at once, would otherwise close a keep-alive connection for nothing).
 */
function mayHaveBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

async function requestFraming(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    const detail = framingProblem(request.raw.rawHeaders, request.raw.httpVersion);
    if (detail === undefined) {
      done();
      return;
    }
    // What else the client sends on this connection was framed by the same confused sender: it is not read.
    reply.header('connection', 'close');
    done(new HttpProblem(problem(400, 'malformed_request', detail)));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete && mayHaveBody(request.raw.headers)) reply.header('connection', 'close');
    done(null, payload);
  });
}

export default fp(requestFraming, { name: 'larder-request-framing', fastify: '5.x' });
