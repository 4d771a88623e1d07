/**
 * Rate limits: counters in this instance's memory (MemoryRateLimitStore, asked directly), or in Redis through
 * @fastify/rate-limit so that several instances share them.
 * The plugin's own hooks key on one thing per request; here each limiter is a hook of its own, keyed on what it
 * guards: the verified user (every authenticated `/api` request), and for login the e-mail and the client address.
 *
 * A limiter that cannot reach its store lets the request through and logs it: an outage of Redis should not take
 * the API down with it.
 */
import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { HttpProblem, problem } from '../http/problem.js';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * A hook (onRequest or preHandler), callback style: in memory the count is decided at once, without a promise; only a
 * count in Redis waits.
 */
export type Limiter = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

export interface Limiters {
  /** Keyed on `request.userId`: run it after authentication. */
  readonly perUser: Limiter;
  readonly loginPerAddress: Limiter;
  /** Keyed on the body's e-mail: run it once the body is parsed (preHandler). */
  readonly loginPerEmail: Limiter;
  /** Keyed on the client address: the public routes that write or read a reader's link (not the page and its pictures). */
  readonly publicPerAddress: Limiter;
  /** Keyed on the body's e-mail: asking for a free sample (preHandler). */
  readonly signupPerEmail: Limiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
  }
}

export interface RateLimitOptions {
  readonly perUser: Limit;
  readonly login: Limit;
  /** The public routes, per client address; `DEFAULT_PUBLIC_LIMIT` when absent. */
  readonly publicAddress?: Limit;
  /** Asking for a free sample, per e-mail address; `DEFAULT_SIGNUP_EMAIL_LIMIT` when absent. */
  readonly signupEmail?: Limit;
  readonly redis?: Redis;
  /** How long a Redis count may take before the request is let through; default `STORE_TIMEOUT_MS`. */
  readonly storeTimeoutMs?: number;
}

export const DEFAULT_LOGIN_LIMIT: Limit = { max: 10, windowMs: 60_000 };
/**
 * Per client address, the public routes that do something (asking, confirming, downloading, unsubscribing): 60 a
 * minute leaves room for a shared address. Page views are not counted (a school or a carrier puts thousands of
 * readers behind one address); they are served from memory.
 */
export const DEFAULT_PUBLIC_LIMIT: Limit = { max: 60, windowMs: 60_000 };
/** Asking for a free sample, per e-mail address: a reader asks once or twice; the mail budget sends at most 3 a day. */
export const DEFAULT_SIGNUP_EMAIL_LIMIT: Limit = { max: 10, windowMs: 3_600_000 };
/** A Redis round trip slower than this lets the request through rather than stall it. */
const STORE_TIMEOUT_MS = 250;

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

async function rateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  // The plugin counts in Redis only; in memory the limiters count in a MemoryRateLimitStore of their own.
  if (options.redis !== undefined) await app.register(rateLimit, { global: false, store: namedRedisStore(options.redis) });

  /** The headers, and past the limit the 429, for a counter that stands at `current` with `ttlMs` left in its window. */
  const decide = (reply: FastifyReply, limit: Limit, max: string, current: number, ttlMs: number): HttpProblem | undefined => {
    const ttlInSeconds = Math.ceil(ttlMs / 1000);
    reply.header('ratelimit-limit', max);
    reply.header('ratelimit-remaining', String(Math.max(0, limit.max - current)));
    reply.header('ratelimit-reset', String(ttlInSeconds));
    if (current <= limit.max) return undefined;
    const seconds = String(Math.max(1, ttlInSeconds));
    return new HttpProblem(
      problem(429, 'rate_limited', `Too many requests: ${limit.max} per ${limit.windowMs / 1000} s. Retry in ${seconds} s.`, {
        headers: { 'retry-after': seconds },
      }),
    );
  };

  const limiter = (name: string, limit: Limit, keyOf: (request: FastifyRequest) => string): Limiter => {
    const max = String(limit.max);
    if (options.redis === undefined) {
      // In memory the counter answers at once: the limiter asks it directly. Through the plugin's createRateLimit a
      // count cost three awaits and a promise per request, more than the count itself. Each limiter has a store of
      // its own, so the key is the user, address or e-mail alone.
      const store = new MemoryRateLimitStore();
      return (request, reply, done) => {
        const counted = store.count(keyOf(request), limit.windowMs);
        done(decide(reply, limit, max, counted.current, counted.ttl));
      };
    }
    const check = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${name}:${keyOf(request)}` });
    return (request, reply, done) => {
      raceTimeout(check(request), options.storeTimeoutMs ?? STORE_TIMEOUT_MS).then(
        (result) => {
          // The plugin's answer, back to the counter it read: `remaining` is clamped at 0, `isExceeded` says it went past.
          if (result.isAllowed) done();
          else done(decide(reply, limit, max, result.isExceeded ? limit.max + 1 : limit.max - result.remaining, result.ttl));
        },
        (error: unknown) => {
          request.log.warn({ err: error, limiter: name }, 'rate-limit store unavailable; request let through');
          done();
        },
      );
    };
  };

  app.decorate('limiters', {
    // An API key has its own count: a runaway script does not spend its user's interactive budget.
    perUser: limiter('user', options.perUser, (request) => (request.apiKey === null ? request.userId : `key:${request.apiKey.id}`)),
    loginPerAddress: limiter('login-address', options.login, (request) => request.ip),
    loginPerEmail: limiter('login-email', options.login, emailOf),
    publicPerAddress: limiter('public-address', options.publicAddress ?? DEFAULT_PUBLIC_LIMIT, (request) => request.ip),
    signupPerEmail: limiter('signup-email', options.signupEmail ?? DEFAULT_SIGNUP_EMAIL_LIMIT, emailOf),
  });
}

type RedisStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => FastifyRateLimitStore;
/** The plugin's own Redis store (its counting script), which the package does not export by name. */
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;

/**
 * The plugin's Redis store under `larder:rate-limit:`, the same for every limiter: each key names its limiter
 * (`user:…`, `login-address:…`). The plugin's own store gives each `createRateLimit` a child named after a route,
 * which such a limiter does not have, so every key read `larder:rate-limit:undefinedundefined-…`.
 */
function namedRedisStore(redis: Redis): FastifyRateLimitStoreCtor {
  return class NamedRedisStore implements FastifyRateLimitStore {
    readonly #store: FastifyRateLimitStore;
    constructor(options: FastifyRateLimitOptions & { readonly continueExceeding?: boolean; readonly exponentialBackoff?: boolean }) {
      this.#store = new RedisStore(options.continueExceeding === true, options.exponentialBackoff === true, redis, 'larder:rate-limit:');
    }
    incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      this.#store.incr(...args);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

function raceTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default fp(rateLimits, { name: 'larder-rate-limit', fastify: '5.x' });
