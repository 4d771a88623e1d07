/**
 * Every header of the responses the service gives most, name by name and value by value, read off the wire (a
 * listening server and node:http, so that Node's own Date, Connection and Keep-Alive are in the set too): an
 * authenticated read, an unauthenticated error, and CORS with and without an Origin, and its preflights.
 *
 * The set is the contract's (ETag, the sliding refresh, the rate-limit headers, X-Request-Id, WWW-Authenticate, CORS)
 * plus the security headers helmet 8 gives with the service's Content-Security-Policy. The way the headers are set
 * can change for speed; the headers cannot: a header added, dropped or changed fails here.
 */
import assert from 'node:assert/strict';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { AppConfig } from '../../src/index.js';
import { harness, type Harness } from '../support/harness.js';

const ALLOWED_ORIGIN = 'https://app.example.com';

/** Helmet's headers with the service's CSP: on every response except the `/docs` page, which sets its own CSP. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const EXPOSED =
  'X-Refreshed-Token, X-Refreshed-Token-Expires-At, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, ETag, ' +
  'Location, Link, Search-Fuzzy, Search-Fuzzy-Matches, X-Request-Id, WWW-Authenticate, Idempotent-Replayed, Content-Disposition';

/** Headers whose value changes from response to response: checked by their form. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;
const DIGITS = /^\d+$/;

type Expected = Readonly<Record<string, string | RegExp>>;

/** Node's own: every keep-alive response on the wire. */
const WIRE: Expected = { date: HTTP_DATE, connection: 'keep-alive', 'keep-alive': 'timeout=5' };

interface WireResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** Header names as sent, in order, each once (a repeated header would show twice). */
  readonly names: readonly string[];
  readonly body: string;
}

/** Keep-alive connections, as browsers and the bench use. */
const agent = new Agent({ keepAlive: true });
after(() => agent.destroy());

function send(url: string, method: string, headers: Record<string, string>): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          names: response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
          body,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Exactly these headers, each once, with these values (a string is the exact value, a pattern its form). */
function assertHeaders(response: WireResponse, expected: Expected): void {
  assert.deepEqual([...response.names].sort(), Object.keys(expected).sort(), 'the set of header names');
  for (const [name, value] of Object.entries(expected)) {
    const actual = response.headers[name];
    if (typeof value === 'string') assert.equal(actual, value, name);
    else assert.match(String(actual), value, name);
  }
}

interface Served {
  readonly h: Harness;
  readonly url: string;
  readonly recipeId: string;
}

async function serve(config: Partial<AppConfig>): Promise<Served> {
  const h = await harness({ config });
  const created = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Toast', servings: 2, ingredients: ['2 slices bread'] } });
  assert.equal(created.statusCode, 201);
  const url = await h.app.listen({ host: '127.0.0.1', port: 0 });
  return { h, url, recipeId: created.json<{ id: string }>().id };
}

/** The authenticated read's own headers, besides security, CORS and Node's. */
const readHeaders = (remaining: RegExp | string): Expected => ({
  'x-request-id': UUID,
  vary: 'Origin',
  'cache-control': 'no-store',
  'x-refreshed-token': JWT,
  'x-refreshed-token-expires-at': ISO_SECONDS,
  'ratelimit-limit': '1000',
  'ratelimit-remaining': remaining,
  'ratelimit-reset': DIGITS,
  etag: '"1"',
  'content-type': 'application/json; charset=utf-8',
  'content-length': DIGITS,
});

/** A 401 for a request without a token. */
const UNAUTHENTICATED: Expected = {
  'x-request-id': UUID,
  vary: 'Origin',
  'www-authenticate': 'Bearer realm="larder"',
  'content-type': 'application/problem+json; charset=utf-8',
  'content-length': DIGITS,
};

const CORS_ANSWER: Expected = { 'access-control-allow-origin': ALLOWED_ORIGIN, 'access-control-expose-headers': EXPOSED };

const PREFLIGHT: Expected = {
  ...SECURITY_HEADERS,
  'x-request-id': UUID,
  vary: 'Origin',
  ...CORS_ANSWER,
  'access-control-allow-methods': 'GET, HEAD, POST, PATCH, DELETE',
  'access-control-allow-headers': 'Authorization, Content-Type, If-Match, If-None-Match, X-Request-Id, Idempotency-Key',
  'access-control-max-age': '600',
  'content-length': '0',
  ...WIRE,
};

/** Unknown route (and a preflight CORS refuses): a 404 problem. */
const NOT_FOUND: Expected = {
  ...SECURITY_HEADERS,
  'x-request-id': UUID,
  vary: 'Origin',
  'content-type': 'application/problem+json; charset=utf-8',
  'content-length': DIGITS,
  ...WIRE,
};

describe('response headers, on the wire (CORS limited to one origin)', () => {
  let served: Served;
  let bearer: Record<string, string>;
  before(async () => {
    served = await serve({ corsOrigins: [ALLOWED_ORIGIN] });
    bearer = { authorization: `Bearer ${served.h.token}` };
  });
  after(() => served.h.app.close());

  const recipeUrl = () => `${served.url}/api/recipes/${served.recipeId}`;

  it('an authenticated read without Origin: security headers, the refresh, the limits, the ETag, and no CORS answer', async () => {
    const response = await send(recipeUrl(), 'GET', bearer);
    assert.equal(response.status, 200);
    assertHeaders(response, { ...SECURITY_HEADERS, ...readHeaders(DIGITS), ...WIRE });
    assert.equal(response.headers['content-length'], String(Buffer.byteLength(response.body)));
    const expiresAt = String(response.headers['x-refreshed-token-expires-at']);
    assert.equal(expiresAt, new Date(Date.parse(expiresAt)).toISOString());
  });

  it('an authenticated read from an allowed Origin: the same, plus the CORS answer', async () => {
    const response = await send(recipeUrl(), 'GET', { ...bearer, origin: ALLOWED_ORIGIN });
    assert.equal(response.status, 200);
    assertHeaders(response, { ...SECURITY_HEADERS, ...readHeaders(DIGITS), ...CORS_ANSWER, ...WIRE });
  });

  it('an authenticated read from another Origin: answered, without any CORS header but Vary', async () => {
    const response = await send(recipeUrl(), 'GET', { ...bearer, origin: 'https://elsewhere.example.com' });
    assert.equal(response.status, 200);
    assertHeaders(response, { ...SECURITY_HEADERS, ...readHeaders(DIGITS), ...WIRE });
  });

  it('a request the caller gave an id keeps it; an unsafe one is replaced', async () => {
    const kept = await send(recipeUrl(), 'GET', { ...bearer, 'x-request-id': 'caller-id.42:a_b' });
    assert.equal(kept.headers['x-request-id'], 'caller-id.42:a_b');
    const replaced = await send(recipeUrl(), 'GET', { ...bearer, 'x-request-id': 'two words' });
    assert.match(String(replaced.headers['x-request-id']), UUID);
  });

  it('an unauthenticated read: a 401 problem with WWW-Authenticate and the security headers, no refresh or limit headers', async () => {
    const response = await send(recipeUrl(), 'GET', {});
    assert.equal(response.status, 401);
    assertHeaders(response, { ...SECURITY_HEADERS, ...UNAUTHENTICATED, ...WIRE });
    assert.equal((JSON.parse(response.body) as { code: string }).code, 'unauthorized');
  });

  it('an unauthenticated read from an allowed Origin: the 401 carries the CORS answer, so that the page can read it', async () => {
    const response = await send(recipeUrl(), 'GET', { origin: ALLOWED_ORIGIN });
    assert.equal(response.status, 401);
    assertHeaders(response, { ...SECURITY_HEADERS, ...UNAUTHENTICATED, ...CORS_ANSWER, ...WIRE });
  });

  it('a bad token: a 401 saying invalid_token', async () => {
    const response = await send(recipeUrl(), 'GET', { authorization: 'Bearer not.a.token' });
    assert.equal(response.status, 401);
    assertHeaders(response, { ...SECURITY_HEADERS, ...UNAUTHENTICATED, 'www-authenticate': 'Bearer realm="larder", error="invalid_token"', ...WIRE });
  });

  it('a preflight from an allowed Origin: 204 with the methods, headers and max age, before authentication', async () => {
    const response = await send(recipeUrl(), 'OPTIONS', { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'PATCH' });
    assert.equal(response.status, 204);
    assertHeaders(response, PREFLIGHT);
    assert.equal(response.body, '');
  });

  it('a preflight from another Origin, or an OPTIONS without Origin: 404, no CORS answer', async () => {
    const refused: Record<string, string>[] = [{ origin: 'https://elsewhere.example.com', 'access-control-request-method': 'PATCH' }, {}];
    for (const headers of refused) {
      const response = await send(recipeUrl(), 'OPTIONS', headers);
      assert.equal(response.status, 404);
      assertHeaders(response, NOT_FOUND);
    }
  });

  it('an OPTIONS from an allowed Origin without Access-Control-Request-Method: a 400 problem, with the CORS answer', async () => {
    const response = await send(recipeUrl(), 'OPTIONS', { origin: ALLOWED_ORIGIN });
    assert.equal(response.status, 400);
    assertHeaders(response, { ...NOT_FOUND, ...CORS_ANSWER });
    assert.equal((JSON.parse(response.body) as { code: string }).code, 'malformed_request');
  });

  it('unauthenticated routes carry the security headers and Vary too', async () => {
    const health = await send(`${served.url}/healthz`, 'GET', {});
    assert.equal(health.status, 200);
    assertHeaders(health, { ...SECURITY_HEADERS, 'x-request-id': UUID, vary: 'Origin', 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', 'content-length': '15', ...WIRE });
    const missing = await send(`${served.url}/nowhere`, 'GET', { origin: ALLOWED_ORIGIN });
    assert.equal(missing.status, 404);
    assertHeaders(missing, { ...NOT_FOUND, ...CORS_ANSWER });
  });
});

describe('response headers, on the wire (CORS open to every origin)', () => {
  let served: Served;
  before(async () => {
    served = await serve({ corsOrigins: '*' });
  });
  after(() => served.h.app.close());

  it('a read without Origin has no CORS answer; with any Origin, Access-Control-Allow-Origin: *', async () => {
    const url = `${served.url}/api/recipes/${served.recipeId}`;
    const bearer = { authorization: `Bearer ${served.h.token}` };
    const plain = await send(url, 'GET', bearer);
    assertHeaders(plain, { ...SECURITY_HEADERS, ...readHeaders(DIGITS), ...WIRE });
    for (const origin of [ALLOWED_ORIGIN, 'https://elsewhere.example.com']) {
      const response = await send(url, 'GET', { ...bearer, origin });
      assert.equal(response.status, 200);
      assertHeaders(response, { ...SECURITY_HEADERS, ...readHeaders(DIGITS), 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED, ...WIRE });
    }
    const preflight = await send(url, 'OPTIONS', { origin: 'https://elsewhere.example.com', 'access-control-request-method': 'DELETE' });
    assert.equal(preflight.status, 204);
    assertHeaders(preflight, { ...PREFLIGHT, 'access-control-allow-origin': '*' });
  });
});
