/**
 * Rate limits on @fastify/rate-limit's counters (in memory, or in Redis so that several instances share them).
 * The plugin's own hooks key on one thing per request; here each limiter is a hook of its own, keyed on what it
 * guards: the verified user (every authenticated `/api` request), and for login the e-mail and the client address.
 *
 * A limiter that cannot reach its store lets the request through and logs it: an outage of Redis should not take
 * the API down with it.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { HttpProblem, problem } from '../http/problem.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Limiters {
  /** Keyed on `request.userId`: run it after authentication. */
  readonly perUser: Limiter;
  readonly loginPerAddress: Limiter;
  /** Keyed on the body's e-mail: run it once the body is parsed (preHandler). */
  readonly loginPerEmail: Limiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
  }
}

export interface RateLimitOptions {
  readonly perUser: Limit;
  readonly login: Limit;
  readonly redis?: Redis;
}

export const DEFAULT_LOGIN_LIMIT: Limit = { max: 10, windowMs: 60_000 };
/** A Redis round trip slower than this lets the request through rather than stall it. */
const STORE_TIMEOUT_MS = 250;

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

async function rateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis === undefined ? { store: MemoryRateLimitStore } : { redis: options.redis, nameSpace: 'larder:rate-limit:' }),
  });

  const limiter = (name: string, limit: Limit, keyOf: (request: FastifyRequest) => string): Limiter => {
    const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${name}:${keyOf(request)}` });
    const withTimeout = options.redis === undefined ? check : (request: FastifyRequest) => raceTimeout(check(request), STORE_TIMEOUT_MS);
    return async (request, reply) => {
      let result: Awaited<ReturnType<typeof check>>;
      try {
        result = await withTimeout(request);
      } catch (error) {
        request.log.warn({ err: error, limiter: name }, 'rate-limit store unavailable; request let through');
        return;
      }
      if (result.isAllowed) return;
      reply.header('ratelimit-limit', result.max);
      reply.header('ratelimit-remaining', result.remaining);
      reply.header('ratelimit-reset', result.ttlInSeconds);
      if (!result.isExceeded) return;
      const seconds = String(Math.max(1, result.ttlInSeconds));
      throw new HttpProblem(
        problem(429, 'rate_limited', `Too many requests: ${result.max} per ${limit.windowMs / 1000} s. Retry in ${seconds} s.`, {
          headers: { 'retry-after': seconds },
        }),
      );
    };
  };

  app.decorate('limiters', {
    perUser: limiter('user', options.perUser, (request) => request.userId),
    loginPerAddress: limiter('login-address', options.login, (request) => request.ip),
    loginPerEmail: limiter('login-email', options.login, emailOf),
  });
}

function raceTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default fp(rateLimits, { name: 'larder-rate-limit', fastify: '5.x' });
