/**
 * The misbehaviour both platform fakes can be told to show, so that tests prove the service survives what real
 * platforms do: 429 with `Retry-After`, 5xx, slow answers, connections dropped after the platform has acted, and
 * access tokens that expire. Each switch is "every Nth request" (0: off), so a test knows what will happen: 1 and 2
 * are exact; from 3 on the gaps vary between N-1 and N+1 (in a fixed order), because a strict period meets a client
 * whose every attempt makes N requests on the same request of each attempt, forever, which real platforms never do.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface FakeFaults {
  /** Every Nth API request is answered 429 with `Retry-After: retryAfterSeconds`, without acting. */
  tooManyEvery: number;
  retryAfterSeconds: number;
  /** Every Nth API request is answered 500 (alternately 503), without acting. */
  serverErrorEvery: number;
  /** Every Nth API request is answered 503 with `Retry-After: unavailableRetryAfterSeconds`, without acting (maintenance). */
  unavailableEvery: number;
  unavailableRetryAfterSeconds: number;
  /** Every Nth write (POST, PUT, PATCH, DELETE) is carried out, then its connection is destroyed unanswered. */
  dropAfterActingEvery: number;
  /** Every Nth API request waits `slowMs` before it is handled. */
  slowEvery: number;
  slowMs: number;
  /** After every N authenticated requests the current access token expires (the fake answers 401 until refreshed). */
  expireTokenEvery: number;
}

export const noFaults = (): FakeFaults => ({
  tooManyEvery: 0,
  retryAfterSeconds: 1,
  serverErrorEvery: 0,
  unavailableEvery: 0,
  unavailableRetryAfterSeconds: 6,
  dropAfterActingEvery: 0,
  slowEvery: 0,
  slowMs: 0,
  expireTokenEvery: 0,
});

/**
 * Every fault at once, each hitting a publish (a few dozen requests) at least once: what the fault tests switch on.
 * About one request in five fails, which a job with 8 attempts survives; a denser mix tests only the attempt limit.
 */
export const everyFault = (): FakeFaults => ({
  tooManyEvery: 17,
  retryAfterSeconds: 1,
  serverErrorEvery: 13,
  unavailableEvery: 0,
  unavailableRetryAfterSeconds: 6,
  dropAfterActingEvery: 7,
  slowEvery: 9,
  slowMs: 300,
  expireTokenEvery: 11,
});

/** How often each fault was shown, for tests that want to know the faults really happened. */
export interface FaultCounts {
  requests: number;
  writes: number;
  tooMany: number;
  serverErrors: number;
  unavailable: number;
  /** Requests refused because the fake's request budget was spent (not a fault: the budget). */
  overBudget: number;
  dropped: number;
  slow: number;
  expiredTokens: number;
}

export const zeroCounts = (): FaultCounts => ({ requests: 0, writes: 0, tooMany: 0, serverErrors: 0, unavailable: 0, overBudget: 0, dropped: 0, slow: 0, expiredTokens: 0 });

const DROP = Symbol('drop after acting');

/** When a fault of period `every` fires next: exact for 1 and 2, else gaps of every-1, every+1, every, in turn. */
function cadence(): (every: number, count: number) => boolean {
  let period = 0;
  let next = 0;
  let turn = 0;
  return (every, count) => {
    if (every <= 0) return false;
    if (every !== period) {
      period = every;
      next = count - (count % every) + every;
      if (count % every === 0) next = count;
      turn = 0;
    }
    if (count < next) return false;
    const gap = every < 3 ? every : every + [-1, 1, 0][turn % 3]!;
    turn += 1;
    next = count + gap;
    return true;
  };
}

export interface FaultHooks {
  /** Requests that never misbehave (the fake's own control routes, OAuth consent pages). */
  readonly exempt: (request: FastifyRequest) => boolean;
  /** The platform's error body for a status, in its own shape. */
  readonly errorBody: (status: number, message: string) => unknown;
}

/** Adds the fault hooks to a fake's app. `faults` is read on every request, so a test may change it at any time. */
export function installFaults(app: FastifyInstance, faults: FakeFaults, counts: FaultCounts, hooks: FaultHooks): void {
  const slowNow = cadence();
  const tooManyNow = cadence();
  const serverErrorNow = cadence();
  const unavailableNow = cadence();
  const dropNow = cadence();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (hooks.exempt(request)) return;
    counts.requests += 1;
    const n = counts.requests;
    if (slowNow(faults.slowEvery, n)) {
      counts.slow += 1;
      await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    }
    if (tooManyNow(faults.tooManyEvery, n)) {
      counts.tooMany += 1;
      return reply
        .code(429)
        .header('retry-after', String(faults.retryAfterSeconds))
        .send(hooks.errorBody(429, 'You have exceeded your rate limit. Please try again later.'));
    }
    if (serverErrorNow(faults.serverErrorEvery, n)) {
      counts.serverErrors += 1;
      const status = counts.serverErrors % 2 === 1 ? 500 : 503;
      return reply.code(status).send(hooks.errorBody(status, 'Internal server error'));
    }
    if (unavailableNow(faults.unavailableEvery, n)) {
      counts.unavailable += 1;
      return reply
        .code(503)
        .header('retry-after', String(faults.unavailableRetryAfterSeconds))
        .send(hooks.errorBody(503, 'Service temporarily unavailable for maintenance'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      counts.writes += 1;
      if (dropNow(faults.dropAfterActingEvery, counts.writes)) {
        (request as unknown as Record<symbol, boolean>)[DROP] = true;
      }
    }
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request as unknown as Record<symbol, boolean>)[DROP] === true && reply.statusCode < 400) {
      counts.dropped += 1;
      request.raw.socket.destroy();
    }
    return payload;
  });
}

/** Whether the Nth authenticated request should find its token expired; the caller then invalidates the token. */
export function tokenExpiresNow(faults: FakeFaults, counts: FaultCounts, authenticatedRequests: number): boolean {
  if (faults.expireTokenEvery <= 0 || authenticatedRequests % faults.expireTokenEvery !== 0) return false;
  counts.expiredTokens += 1;
  return true;
}
