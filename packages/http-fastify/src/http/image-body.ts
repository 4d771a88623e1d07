/**
 * Request bodies that are images: read as bytes up to a limit, and no further. A declared `Content-Length` over the
 * limit is refused before a byte is read; a body that grows past it stops being read at once, so an upload never
 * holds more than the limit; either way the connection closes after the 413 (see `refuseTheRest`).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { HttpProblem, problem } from './problem.js';

const tooLarge = (limit: number) =>
  new HttpProblem(problem(413, 'payload_too_large', `An image may be up to ${limit} bytes (${limit / (1024 * 1024)} MiB).`));

export const IMAGE_CONTENT_TYPE = /^image\/[a-z0-9.+-]+$/i;

/** How long a connection refused for its body's size stays open after the 413, taking nothing more from the client. */
const LINGER_MS = 1000;

/**
 * Stops reading a body refused for its size, and makes the connection's close a lingering one. Fastify answers a
 * parser's error with `Connection: close`, and Node then destroys the socket as soon as the response is written: with
 * the client's unread bytes still arriving, that close is a reset, and a reset can make the client drop the 413 before
 * reading it. Here the socket stops reading (the client's writes stall on TCP's window, so the rest is never taken),
 * the response and a FIN go out, and the socket is destroyed a second later, once the client has read its answer.
 */
function refuseTheRest(payload: IncomingMessage): void {
  payload.pause();
  const socket = payload.socket as (Socket & { destroySoon?: () => void }) | null;
  // A request injected in a test (light-my-request) has a stand-in socket with none of this: nothing to linger on.
  if (socket === null || typeof socket.pause !== 'function' || typeof socket.destroySoon !== 'function') return;
  socket.pause();
  socket.destroySoon = () => {
    socket.end();
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  };
}

/** A Fastify content-type parser for `image/*` that gives the route a Buffer of at most `limit` bytes. */
export function imageBodyParser(limit: number) {
  return (request: FastifyRequest, payload: IncomingMessage, done: (error: Error | null, body?: Buffer) => void): void => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      refuseTheRest(payload);
      done(tooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
      done(error, body);
    };
    function onData(chunk: Buffer): void {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        refuseTheRest(payload);
        finish(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    }
    function onEnd(): void {
      finish(null, Buffer.concat(chunks, size));
    }
    function onError(error: Error): void {
      finish(error);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  };
}

export const NOT_AN_IMAGE_BODY = problem(
  415,
  'unsupported_media_type',
  'Send the image itself as the body, with Content-Type: image/jpeg, image/png, image/webp or image/avif.',
);
