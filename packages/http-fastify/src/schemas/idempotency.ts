/**
 * How idempotent creates appear in the OpenAPI document. The plugin (plugins/idempotency.ts) adds these to every
 * route that opts in, so the documentation follows the behaviour rather than being copied onto each route.
 */
import { IDEMPOTENCY_KEY_PATTERN } from '@larder/domain';
import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { problems } from './responses.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

const KEY_DESCRIPTION =
  'Makes this create safe to retry: 1 to 255 visible ASCII characters (a UUID is a good choice), unique per request ' +
  'you mean to make, scoped to your user. The same key with the same request (method, path, and body compared as ' +
  'JSON) within 24 hours creates nothing new and answers again with the first response — same status, body, ' +
  '`Location` and `ETag` — marked `Idempotent-Replayed: true`. The same key with a different request is a 422 ' +
  '`rule_violation`; while the first request is still running, a 409 `invalid_state`. Successes and client errors ' +
  'are replayed; 409, 412, 429 and server errors are not (a retry with the key runs again). A malformed key is a 400 ' +
  '`validation_failed` with `in: "header"`. Without the header, every request runs.';

const KeyProperty = Type.Optional(
  Type.String({ minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source, description: KEY_DESCRIPTION }),
);

const REPLAYED = {
  'Idempotent-Replayed': { type: 'string', enum: ['true'], description: 'Present when this is the stored response to an earlier request with the same Idempotency-Key.' },
};

export const IDEMPOTENCY_PROBLEMS = {
  400: '`validation_failed` with `in: "header"`: the Idempotency-Key is malformed.',
  409: '`invalid_state`: a request with the same Idempotency-Key is still running; retry once it has finished.',
  422: '`rule_violation`: the Idempotency-Key was used for a different request in the last 24 hours.',
} as const;

type Responses = Record<string, { description?: string; headers?: Record<string, unknown> } & Record<string, unknown>>;

function withKeyHeader(headers: unknown): unknown {
  if (headers === undefined) return Type.Object({ [IDEMPOTENCY_KEY_HEADER]: KeyProperty });
  const object = headers as { properties?: Record<string, unknown> };
  return { ...object, properties: { ...object.properties, [IDEMPOTENCY_KEY_HEADER]: KeyProperty } };
}

function withProblem(responses: Responses, status: keyof typeof IDEMPOTENCY_PROBLEMS): Responses {
  const existing = responses[status];
  const added = IDEMPOTENCY_PROBLEMS[status];
  if (existing === undefined) return { ...responses, [status]: (problems([status], { [status]: added }) as Responses)[status] ?? {} };
  return { ...responses, [status]: { ...existing, description: `${existing.description ?? ''} Or ${added}`.trim() } };
}

/** The route's schema with the `Idempotency-Key` header, the replay marker on successes, and the 400, 409 and 422 it adds. */
export function documentIdempotency(schema: FastifySchema = {}): FastifySchema {
  const responses = Object.fromEntries(
    Object.entries((schema.response ?? {}) as Responses).map(([status, response]) =>
      /^2\d\d$/.test(status) ? [status, { ...response, headers: { ...response.headers, ...REPLAYED } }] : [status, response],
    ),
  );
  return { ...schema, headers: withKeyHeader(schema.headers), response: withProblem(withProblem(withProblem(responses, 400), 409), 422) };
}
