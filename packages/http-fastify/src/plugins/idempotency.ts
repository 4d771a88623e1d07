/**
 * `Idempotency-Key` on the routes that opt in with `config: { idempotent: true }` (the creates). Per request:
 * the key is checked (preValidation), claimed for the verified user once the body is valid (preHandler), and the
 * answer is kept for replays or the claim released (onSend). Only opted-in routes get these hooks, so every other
 * request pays nothing for them.
 *
 * The claim is taken after validation: a request its schema refuses never runs, so there is nothing to remember.
 * A key that cannot be claimed because the store is down is a 503 rather than a request run without protection:
 * the client asked for at-most-once, and a retry later keeps that promise.
 */
import {
  isReplayableStatus,
  isValidIdempotencyKey,
  type Clock,
  type IdempotencyScope,
  type IdempotencyStore,
  type StoredResponse,
} from '@larder/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, problem, unavailable } from '../http/problem.js';
import { requestFingerprint } from '../http/request-fingerprint.js';
import { documentIdempotency, IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from '../schemas/idempotency.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour `Idempotency-Key` (authenticated creates only: the key is scoped to the verified user). */
    idempotent?: boolean;
  }
}

export interface IdempotencyOptions {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
}

interface HeldClaim {
  readonly scope: IdempotencyScope;
  readonly token: string;
}

const malformedKey = () =>
  new HttpProblem(
    problem(400, 'validation_failed', 'The Idempotency-Key header is not valid; see errors.', {
      errors: [{ in: 'header', pointer: `/${IDEMPOTENCY_KEY_HEADER}`, message: 'must be 1 to 255 visible ASCII characters (no spaces or control characters)' }],
    }),
  );

const stillRunning = () =>
  new HttpProblem(
    problem(409, 'invalid_state', 'A request with this Idempotency-Key is still being processed. Retry once it has finished to get its response.'),
  );

const usedForAnotherRequest = () =>
  new HttpProblem(
    problem(
      422,
      'rule_violation',
      'This Idempotency-Key was already used for a different request (another method, path or body) in the last 24 hours. Use a new key for a new request.',
    ),
  );

const headerText = (value: number | string | string[] | undefined): string | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);

function storedResponse(reply: FastifyReply, body: string): StoredResponse {
  const location = headerText(reply.getHeader('location'));
  const etag = headerText(reply.getHeader('etag'));
  return {
    status: reply.statusCode,
    headers: {
      ...(location === undefined ? {} : { location }),
      ...(etag === undefined ? {} : { etag }),
      'content-type': headerText(reply.getHeader('content-type')) ?? 'application/json; charset=utf-8',
    },
    body,
  };
}

/** The first answer again. Headers that belong to this request (refreshed token, rate limits, request id) stay fresh. */
function replay(reply: FastifyReply, response: StoredResponse): FastifyReply {
  const { location, etag, 'content-type': contentType } = response.headers;
  if (location !== undefined) reply.header('location', location);
  if (etag !== undefined) reply.header('etag', etag);
  reply.header(REPLAYED_HEADER, 'true').header('content-type', contentType).code(response.status);
  // A string with a JSON content type is sent as it is: the stored bytes, not a new serialisation.
  return reply.send(response.body);
}

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

async function idempotency(app: FastifyInstance, options: IdempotencyOptions): Promise<void> {
  const { store, clock } = options;
  const claims = new WeakMap<FastifyRequest, HeldClaim>();

  const checkKey = async (request: FastifyRequest): Promise<void> => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    // Node joins a repeated header with ", ", which no valid key contains.
    if (key !== undefined && (typeof key !== 'string' || !isValidIdempotencyKey(key))) throw malformedKey();
  };

  const claim = (route: string) => async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string' || request.userId === '') return undefined;
    const scope = { userId: request.userId, key };
    const fingerprint = requestFingerprint({ method: request.method, route, params: request.params, body: request.body });
    const claimed = await store.claim(scope, fingerprint, clock.now());
    if (claimed.isErr()) {
      request.log.warn({ reason: claimed.error.message }, 'idempotency store unavailable');
      throw new HttpProblem(unavailable());
    }
    const outcome = claimed.value;
    switch (outcome.kind) {
      case 'new':
        claims.set(request, { scope, token: outcome.token });
        return undefined;
      case 'replay':
        return replay(reply, outcome.response);
      case 'in_progress':
        throw stillRunning();
      case 'mismatch':
        throw usedForAnotherRequest();
    }
  };

  const settle = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const held = claims.get(request);
    if (held === undefined) return payload;
    claims.delete(request);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (body !== undefined && isReplayableStatus(reply.statusCode)) {
      const completed = await store.complete(held.scope, held.token, storedResponse(reply, body));
      // Not fatal to this response; retries meet "in progress" until the claim counts as abandoned.
      if (completed.isErr()) request.log.warn({ reason: completed.error.message }, 'idempotent response not stored');
      else if (!completed.value) request.log.warn('idempotency claim was taken over before the response was stored');
    } else {
      // 5xx, 409, 412, 429: a retry with the same key should run again.
      const released = await store.release(held.scope, held.token);
      if (released.isErr()) request.log.warn({ reason: released.error.message }, 'idempotency claim not released');
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.idempotent !== true) return;
    route.schema = documentIdempotency(route.schema);
    route.preValidation = [...asArray(route.preValidation), checkKey];
    route.preHandler = [...asArray(route.preHandler), claim(route.url)];
    route.onSend = [...asArray(route.onSend), settle];
  });
}

export default fp(idempotency, { name: 'larder-idempotency', fastify: '5.x' });
