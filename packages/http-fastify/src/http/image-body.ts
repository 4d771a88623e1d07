/**
 * Request bodies that are images: read as bytes up to a limit, and no further. A declared `Content-Length` over the
 * limit is refused before a byte is read; a body that grows past it stops being kept at once (the rest is drained
 * by Node without being stored, within the request's time limit), so an upload never holds more than the limit.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { HttpProblem, problem } from './problem.js';

const tooLarge = (limit: number) =>
  new HttpProblem(problem(413, 'payload_too_large', `An image may be up to ${limit} bytes (${limit / (1024 * 1024)} MiB).`));

export const IMAGE_CONTENT_TYPE = /^image\/[a-z0-9.+-]+$/i;

/** A Fastify content-type parser for `image/*` that gives the route a Buffer of at most `limit` bytes. */
export function imageBodyParser(limit: number) {
  return (request: FastifyRequest, payload: IncomingMessage, done: (error: Error | null, body?: Buffer) => void): void => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
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
