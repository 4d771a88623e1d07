/**
 * The fakes' own control routes under `/__fake/`, for a person trying the demo by hand (`pnpm fakes`): no platform
 * has them, they need no token, they never misbehave, and they answer loopback callers only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CONTROL_PREFIX = '/__fake/';

export const isControl = (request: FastifyRequest): boolean => request.url.startsWith(CONTROL_PREFIX);

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Refuses (403) a caller that is not on this machine; true when it may go on. */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (LOOPBACK.test(request.socket.remoteAddress ?? '')) return true;
  await reply.code(403).send({ error: 'the fake control routes answer loopback callers only' });
  return false;
}

/** A field of the control request, from its JSON or form body or its query string. */
export function controlField(request: FastifyRequest, name: string): string | null {
  const body = request.body;
  const fromBody =
    body instanceof URLSearchParams ? body.get(name)
    : typeof body === 'string' ? new URLSearchParams(body).get(name)
    : typeof body === 'object' && body !== null && !(body instanceof Uint8Array) ? (body as Record<string, unknown>)[name]
    : undefined;
  if (typeof fromBody === 'string') return fromBody;
  if (typeof fromBody === 'number') return String(fromBody);
  return new URL(request.url, 'http://fake.invalid').searchParams.get(name);
}

/** A whole number given as a control field, undefined when absent, NaN when it is not one. */
export function controlInteger(request: FastifyRequest, name: string): number | undefined {
  const value = controlField(request, name);
  if (value === null || value === '') return undefined;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}
