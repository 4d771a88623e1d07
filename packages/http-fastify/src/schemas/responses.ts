/**
 * Response documentation: success bodies with their headers, and the problem responses each route can give.
 * Only OpenAPI reads the problem entries; problems are sent pre-serialised (see http/problem.ts).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { PROBLEM_CODES } from '../http/problem.js';
import { StringEnum } from './common.js';
import { problemExamples } from './problem-examples.js';

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'A URN naming the problem type: `urn:larder:problem:<code>`.' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String({ description: 'What went wrong, for people.' }),
    code: StringEnum(PROBLEM_CODES, { description: 'Stable, for programs.' }),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          in: StringEnum(['body', 'query', 'path', 'header'] as const),
          pointer: Type.String({ description: 'RFC 6901 JSON pointer into the body, or `/name` of the parameter.' }),
          message: Type.String(),
        }),
        { description: 'Validation problems only: one entry per invalid field.' },
      ),
    ),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details.' },
);

/** Problem responses point at the shared `Problem` schema (added with `app.addSchema`): one component in OpenAPI. */
const PROBLEM_REF = { $ref: 'Problem#' };

const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({ ...schema, description });

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': header('Requests allowed per window (per user; per e-mail or client address on login).', { type: 'integer' }),
  'RateLimit-Remaining': header('Requests left in the current window.', { type: 'integer' }),
  'RateLimit-Reset': header('Seconds until the window resets.', { type: 'integer' }),
};

const REFRESH_HEADERS = {
  'X-Refreshed-Token': header('A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session.'),
  'X-Refreshed-Token-Expires-At': header('When X-Refreshed-Token expires (ISO 8601).', { type: 'string', format: 'date-time' }),
};

const NO_STORE = { 'Cache-Control': header('`no-store`: the response carries a fresh token.') };

const REQUEST_ID = { 'X-Request-Id': header('The id this request is logged under (the client’s own when it sent a safe one).') };

/** Headers of every response to an authenticated request. */
export const AUTHENTICATED_HEADERS = { ...RATE_LIMIT_HEADERS, ...REFRESH_HEADERS, ...NO_STORE, ...REQUEST_ID };

export const ETAG = { ETag: header('The resource version, quoted: `"3"`. Send it back in If-Match to change this version only.') };
export const LOCATION = { Location: header('Where the new resource lives: `/api/recipes/{id}` or `/api/products/{id}`.') };
export const LINK = {
  Link: header('RFC 8288 links to the `first`, `last`, and where they exist `prev` and `next` pages (relative references).'),
};

export const SEARCH_FUZZY = {
  'Search-Fuzzy': header(
    'With `q` only. `true` when the results include fuzzy matches: recipes found only because a query word of five ' +
      'letters or more was taken within one typo (a letter added, dropped, changed, or two neighbours swapped) of a ' +
      'word of the recipe; `false` when every result matches exactly.',
    { type: 'string', enum: ['true', 'false'] },
  ),
  'Search-Fuzzy-Matches': header(
    'With `q` only. How many of `pagination.total` are fuzzy matches. In relevance order they come last, so the first ' +
      '`total − Search-Fuzzy-Matches` results are the exact ones.',
    { type: 'integer' },
  ),
};

/** A success response: its body schema (or a `refTo` one), what it is, and its headers (for OpenAPI). */
export const success = <T extends TSchema>(schema: T, description: string, headers: Record<string, unknown>) =>
  Type.Unsafe<Static<T>>({ ...schema, description, headers });

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: '`validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read).',
  401: '`unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`.',
  403: '`forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own.',
  404: '`not_found`: no resource with this id.',
  409: '`invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again).',
  410: '`link_expired`: a link that was good once: a download link past its 7 days, a confirmation link used already or older than 7 days.',
  412: '`precondition_failed`: If-Match does not match the current version; nothing changed.',
  413: '`payload_too_large`: the body is over 1 MiB.',
  415: '`unsupported_media_type`: a body sent without `Content-Type: application/json`.',
  422: 'A business rule refused the request: see `code` and `detail`.',
  429: '`rate_limited`: too many requests in the window. Carries `Retry-After` (seconds).',
  500: '`internal`: a bug. Logged with the request id; the body says nothing more.',
  503: '`unavailable`: the database cannot be reached. Carries `Retry-After` (seconds).',
};

const PROBLEM_HEADERS: Record<number, Record<string, unknown>> = {
  401: { 'WWW-Authenticate': header('`Bearer realm="larder"`, with `error="invalid_token"` when a token was sent.') },
  429: { 'Retry-After': header('Seconds to wait.', { type: 'integer' }), ...RATE_LIMIT_HEADERS },
  503: { 'Retry-After': header('Seconds to wait.', { type: 'integer' }) },
};

/** Problem responses for `statuses`; a route names its own 422 codes (and may say more about any status). */
export function problems(statuses: readonly number[], descriptions: Readonly<Record<number, string>> = {}): Record<number, unknown> {
  const entries = statuses.map((status) => {
    const description = descriptions[status] ?? PROBLEM_DESCRIPTIONS[status] ?? 'A problem.';
    const media = { schema: PROBLEM_REF, examples: problemExamples(status, description) };
    return [status, { description, headers: PROBLEM_HEADERS[status], content: { 'application/problem+json': media } }] as const;
  });
  return Object.fromEntries(entries);
}

/** Problems every authenticated `/api` route can give. */
export const AUTHENTICATED_PROBLEMS = [400, 401, 403, 429, 500, 503] as const;

/** What any route may answer before it is reached: the HTTP layer's own 400 (for routes that document no other). */
export const UNREADABLE_REQUEST = problems([400], {
  400: '`malformed_request`: the HTTP request itself cannot be read (a bad request line, broken framing, a repeated `Host`). Any route answers so, before it is reached.',
});

/**
 * `default`: the problems the HTTP layer may give on any route (408, 431, 500), for a route whose own answer is not a
 * 2xx (`/` redirects), so that a client reading the document knows what else can come back.
 */
export function otherProblems(): { default: unknown } {
  const description = 'Any other answer is a problem: 408 `request_timeout`, 431 `headers_too_large` or 500 `internal`.';
  const examples = Object.assign({}, ...[408, 431, 500].map((status) => problemExamples(status, description))) as Record<string, unknown>;
  return { default: { description, content: { 'application/problem+json': { schema: PROBLEM_REF, examples } } } };
}
