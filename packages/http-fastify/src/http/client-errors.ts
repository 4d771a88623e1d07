/**
 * Errors Node's HTTP parser raises before a request reaches Fastify (a bad request line, raw non-ASCII bytes in the
 * URL, broken chunked framing, conflicting Content-Length, an unknown method, headers over the limit, a request that
 * did not arrive in time) answered as problem details like every other error: written to the socket as a complete
 * HTTP/1.1 response with a request id, logged once, and the connection closed (what follows on it cannot be trusted).
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { problem, type ProblemResponse } from './problem.js';
import { urlForLog } from './request-log-lines.js';

const MALFORMED_DETAILS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: 'The request method is not an HTTP method.',
  HPE_INVALID_URL: 'The request target cannot be read; percent-encode any byte that is not printable ASCII.',
  HPE_INVALID_CONSTANT:
    'The request line cannot be read: it must be METHOD /target HTTP/1.1, with spaces and bytes that are not printable ASCII percent-encoded.',
  HPE_INVALID_VERSION: 'The request line cannot be read: it must end with HTTP/1.1 (or HTTP/1.0) and CRLF.',
  HPE_INVALID_CHUNK_SIZE: 'The chunked body framing is broken: a chunk size is not hexadecimal.',
  HPE_STRICT: 'The chunked body framing is broken.',
  HPE_INVALID_EOF_STATE: 'The connection ended in the middle of the request.',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'The request has more than one Content-Length header; send it once.',
  HPE_INVALID_CONTENT_LENGTH: 'The request has a Content-Length that is not a number.',
  HPE_INVALID_TRANSFER_ENCODING:
    'The request framing is ambiguous: send Content-Length or Transfer-Encoding: chunked (the only transfer coding accepted), not both.',
  HPE_INVALID_HEADER_TOKEN: 'A request header cannot be read: its name or value holds a character HTTP forbids.',
  HPE_LF_EXPECTED: 'The request cannot be read: lines must end with CRLF.',
  HPE_CR_EXPECTED: 'The request cannot be read: lines must end with CRLF.',
};

const GENERIC_MALFORMED = 'The HTTP request cannot be read.';

/** The problem for a parser or connection error, by Node's error code. */
export function clientErrorProblem(code: string | undefined, requestTimeoutMs: number): ProblemResponse {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return problem(408, 'request_timeout', `The request (headers and body) did not arrive within ${requestTimeoutMs / 1000} s.`);
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return problem(431, 'headers_too_large', 'The request headers are larger than this server accepts (16 KiB in all).');
  }
  return problem(400, 'malformed_request', (code === undefined ? undefined : MALFORMED_DETAILS[code]) ?? GENERIC_MALFORMED);
}

/** `response` as the bytes of a complete HTTP/1.1 response that closes the connection. */
export function rawProblemResponse(response: ProblemResponse, requestId: string, extraHeaders: Readonly<Record<string, string>>): string {
  const body = JSON.stringify(response.problem);
  const headers: Record<string, string> = {
    ...extraHeaders,
    ...response.headers,
    date: new Date().toUTCString(),
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-request-id': requestId,
    connection: 'close',
  };
  const status = response.problem.status;
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`;
}

/** Socket internals Node sets: the response in progress on this connection, and the request being parsed. */
interface HttpSocket extends Socket {
  readonly _httpMessage?: { readonly headersSent?: boolean } | null;
  readonly parser?: { readonly incoming?: IncomingMessage | null } | null;
}

/** The request id, kept on the raw request itself (a property costs less per request than a WeakMap entry). */
const REQUEST_ID = Symbol('larder.requestId');
type WithRequestId = IncomingMessage & { [REQUEST_ID]?: string };

/** Called by the app's request-id generator: the id of a request Fastify has begun to handle. */
export function rememberRequestId(request: IncomingMessage, id: string): void {
  (request as WithRequestId)[REQUEST_ID] = id;
}

/**
 * The id of the request in progress on `socket` (its body was still arriving), else a new one; with its method and URL
 * (its secrets cut) for the refusal's log line, the request's only line when no answer logged it.
 */
function requestOn(socket: HttpSocket): { reqId: string; method?: string; url?: string } {
  const incoming: WithRequestId | null | undefined = socket.parser?.incoming;
  const reqId = incoming?.[REQUEST_ID] ?? randomUUID();
  return incoming?.method === undefined || incoming.url === undefined ? { reqId } : { reqId, method: incoming.method, url: urlForLog(incoming.url) };
}

/**
 * How long a refused connection stays open after its response, reading (and ignoring) what the client still sends.
 * Closing at once, with unread bytes from the client, would reset the connection, and a reset can make the client
 * drop the response before reading it (the "lingering close" of HTTP servers).
 */
const LINGER_MS = 1000;

/** Connections already answered: a second parser error on one of them is not answered (or logged) again. */
const answered = new WeakSet<Socket>();
/** Connections whose refusal was logged (with the request's id, method and URL, when one was in progress). */
const refusedInLog = new WeakSet<Socket>();

/**
 * Whether a refusal was logged for this connection: the request in progress on it, which the refusal cut off, then
 * needs no line of its own when the connection closes under it (`logAborted` would say its client left).
 */
export const refusalLogged = (socket: Socket): boolean => refusedInLog.has(socket);

/**
 * For Fastify's `clientErrorHandler` option (`this` is the Fastify instance). Nothing is written when the client
 * already went away, or when a response on this connection has already begun (bytes after it would corrupt it).
 */
export function clientErrorHandler(requestTimeoutMs: number, headers: Readonly<Record<string, string>>) {
  return function handle(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || socket.destroyed || !socket.writable) {
      socket.destroy();
      return;
    }
    const response = clientErrorProblem(error.code, requestTimeoutMs);
    const request = requestOn(socket);
    this.log.info(
      { ...request, res: { statusCode: response.problem.status }, code: response.problem.code, reason: error.code, remoteAddress: socket.remoteAddress },
      'request refused before it was fully read',
    );
    refusedInLog.add(socket);
    if ((socket as HttpSocket)._httpMessage?.headersSent === true) {
      socket.destroy();
      return;
    }
    socket.end(rawProblemResponse(response, request.reqId, headers));
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  };
}
