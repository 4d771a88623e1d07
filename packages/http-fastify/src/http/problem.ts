/**
 * RFC 9457 problem details: the one shape of every error response. Problems are sent as pre-serialised strings so
 * that no route's response schema can reshape (or strip) them, and so that nothing but these fields ever leaves.
 */
import type { FastifyReply } from 'fastify';

export const PROBLEM_CODES = [
  'validation_failed',
  'invalid_json',
  'malformed_request',
  'request_timeout',
  'headers_too_large',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'invalid_state',
  'precondition_failed',
  'payload_too_large',
  'unsupported_media_type',
  'not_eligible',
  'unknown_recipe',
  'recipe_archived',
  'not_scalable',
  'rule_violation',
  'link_expired',
  'connection_failed',
  'no_recipe_found',
  'fetch_failed',
  'oauth_failed',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export type ProblemLocation = 'body' | 'query' | 'path' | 'header';

export interface FieldError {
  readonly in: ProblemLocation;
  readonly pointer: string;
  readonly message: string;
}

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ProblemCode;
  readonly errors?: readonly FieldError[];
}

const TITLES: Record<ProblemCode, string> = {
  validation_failed: 'Validation failed',
  invalid_json: 'Invalid JSON',
  malformed_request: 'Malformed request',
  request_timeout: 'Request timeout',
  headers_too_large: 'Request headers too large',
  unauthorized: 'Unauthorized',
  invalid_credentials: 'Invalid credentials',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  invalid_state: 'Invalid state',
  precondition_failed: 'Precondition failed',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  not_eligible: 'Not eligible',
  unknown_recipe: 'Unknown recipe',
  recipe_archived: 'Recipe archived',
  not_scalable: 'Not scalable',
  rule_violation: 'Rule violation',
  link_expired: 'Link expired',
  connection_failed: 'Connection failed',
  no_recipe_found: 'No recipe found',
  fetch_failed: 'Fetch failed',
  oauth_failed: 'Authorization failed',
  rate_limited: 'Too many requests',
  internal: 'Internal error',
  unavailable: 'Service unavailable',
};

/** Problem types are URNs: stable identifiers that nobody is tempted to dereference. */
export const problemType = (code: ProblemCode): string => `urn:larder:problem:${code}`;

/** Seconds a client should wait before retrying when the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** A problem with the response headers it needs (`WWW-Authenticate`, `Retry-After`). */
export interface ProblemResponse {
  readonly problem: Problem;
  readonly headers?: Readonly<Record<string, string>>;
}

export function problem(
  status: number,
  code: ProblemCode,
  detail: string,
  extra: { errors?: readonly FieldError[]; headers?: Record<string, string> } = {},
): ProblemResponse {
  const body: Problem = {
    type: problemType(code),
    title: TITLES[code],
    status,
    detail,
    code,
    ...(extra.errors === undefined ? {} : { errors: extra.errors }),
  };
  return extra.headers === undefined ? { problem: body } : { problem: body, headers: extra.headers };
}

/** Thrown from hooks (authentication, rate limits) where Fastify expects an error; the error handler sends it. */
export class HttpProblem extends Error {
  constructor(readonly response: ProblemResponse) {
    super(response.problem.detail);
    this.name = 'HttpProblem';
  }
}

export function sendProblem(reply: FastifyReply, response: ProblemResponse): FastifyReply {
  if (response.headers !== undefined) reply.headers(response.headers);
  return reply
    .code(response.problem.status)
    .type('application/problem+json')
    .send(JSON.stringify(response.problem));
}

export const unauthorized = (detail: string, tokenWasSent: boolean): ProblemResponse =>
  problem(401, 'unauthorized', detail, {
    headers: {
      // RFC 6750 §3: error="invalid_token" only when a token was presented.
      'www-authenticate': tokenWasSent ? 'Bearer realm="larder", error="invalid_token"' : 'Bearer realm="larder"',
    },
  });

export const unavailable = (detail = 'The database cannot be reached right now; try again shortly.'): ProblemResponse =>
  problem(503, 'unavailable', detail, { headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } });
