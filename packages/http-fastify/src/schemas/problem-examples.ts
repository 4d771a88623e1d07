/**
 * The examples of each problem response in the OpenAPI document (what /docs shows): for each code a response can
 * carry, one plausible problem of that code and status. Which codes: those its description names (`not_scalable`),
 * else the codes the contract gives that status. Only OpenAPI reads these.
 */
import { clientErrorProblem } from '../http/client-errors.js';
import { PROBLEM_CODES, problem, type FieldError, type ProblemCode } from '../http/problem.js';

/** The codes each status may carry (the contract's error table). */
export const CODES_BY_STATUS: Readonly<Record<number, readonly ProblemCode[]>> = {
  400: ['validation_failed', 'invalid_json', 'malformed_request', 'oauth_failed'],
  401: ['unauthorized', 'invalid_credentials'],
  403: ['forbidden'],
  404: ['not_found'],
  408: ['request_timeout'],
  409: ['invalid_state'],
  410: ['link_expired'],
  412: ['precondition_failed'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  422: ['not_eligible', 'unknown_recipe', 'recipe_archived', 'not_scalable', 'rule_violation', 'connection_failed', 'no_recipe_found', 'fetch_failed'],
  429: ['rate_limited'],
  431: ['headers_too_large'],
  500: ['internal'],
  503: ['unavailable'],
};

const ID = '0193a1f2-7c4e-7b3d-9f21-5e8c2a7d4b10';

const DETAILS: Readonly<Record<ProblemCode, string>> = {
  validation_failed: 'The request has invalid fields; see errors.',
  invalid_json: 'The request body is not valid JSON.',
  malformed_request: 'The request has more than one Authorization header; send it once.',
  request_timeout: clientErrorProblem('ERR_HTTP_REQUEST_TIMEOUT', 30_000).problem.detail,
  headers_too_large: clientErrorProblem('HPE_HEADER_OVERFLOW', 30_000).problem.detail,
  unauthorized: 'The token has expired; log in again.',
  invalid_credentials: 'The e-mail address or the password is wrong.',
  forbidden: 'This API key may not do this: it needs the scope recipes:write (it has recipes:read).',
  not_found: `There is no recipe with id "${ID}".`,
  invalid_state: 'An archived product cannot be published; set it back to draft first.',
  precondition_failed: 'If-Match does not match the current version: the resource is now at ETag "4". Fetch it again before changing it.',
  payload_too_large: 'The request body is larger than 1048576 bytes (1 MiB).',
  unsupported_media_type: 'A request body must be JSON, sent with Content-Type: application/json.',
  not_eligible: 'Lead magnets come from ebooks and recipe card packs; this product is a meal plan.',
  unknown_recipe: `These recipe ids do not exist: "${ID}".`,
  recipe_archived: `These recipes are archived and cannot be added: "${ID}".`,
  not_scalable: `Recipe "${ID}" has no base servings, so it cannot be scaled.`,
  rule_violation: 'An ebook must cost more than 0.',
  link_expired: 'Download links work for 7 days; this one ended at 2026-11-29T08:00:00.000Z. Ask for the lead magnet again on its page for a new one.',
  no_recipe_found: 'The page has no schema.org Recipe (neither JSON-LD nor microdata).',
  fetch_failed: 'The page could not be fetched: timeout after 10 s.',
  connection_failed: 'Gumroad refused: The access token provided is expired, revoked, malformed or invalid.',
  oauth_failed: 'The state is unknown, expired or already used: start again from POST /api/connections/etsy/authorize.',
  rate_limited: 'Too many requests: 300 per 60 s. Retry in 12 s.',
  internal: 'An unexpected error occurred. It has been logged; quote the X-Request-Id response header when reporting it.',
  unavailable: 'The database cannot be reached right now; try again shortly.',
};

const ERRORS: readonly FieldError[] = [
  { in: 'body', pointer: '/title', message: 'must not be empty' },
  { in: 'query', pointer: '/per_page', message: 'must be <= 100' },
];

/** The codes a problem response documents: those named in its description, else all its status allows. */
function codesOf(status: number, description: string): readonly ProblemCode[] {
  const allowed = CODES_BY_STATUS[status] ?? [];
  const named = PROBLEM_CODES.filter((code) => allowed.includes(code) && description.includes(`\`${code}\``));
  return named.length > 0 ? named : allowed;
}

/** The OpenAPI `examples` of a problem response: one per code, keyed by the code. */
export function problemExamples(status: number, description: string): Record<string, { summary: string; value: unknown }> {
  return Object.fromEntries(
    codesOf(status, description).map((code) => {
      const example = problem(status, code, DETAILS[code], code === 'validation_failed' ? { errors: ERRORS } : {}).problem;
      return [code, { summary: `${status} ${code}`, value: example }];
    }),
  );
}
