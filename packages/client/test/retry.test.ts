/** Retries on 429 and 503: after `Retry-After` (seconds or an HTTP date, capped), for requests safe to send again. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLarderClient, retryDelayMs } from '../src/index.js';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly at: number;
  readonly body: string;
  readonly headers: Headers;
}

/** A fetch that answers from `answers` in turn (the last one again once they run out) and notes each request. */
function scripted(answers: readonly (() => Response)[]) {
  const seen: Seen[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push({ method: request.method, url: request.url, at: performance.now(), body: await request.text(), headers: request.headers });
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)];
    if (answer === undefined) throw new Error('no answer scripted');
    return answer();
  };
  return { fetch, seen };
}

const problem = (status: number, code: string, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify({ type: `urn:larder:problem:${code}`, title: code, status, detail: 'try later', code }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
const recipes = () => () =>
  new Response(JSON.stringify({ data: [], pagination: { page: 1, per_page: 20, total: 0, total_pages: 0 } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const created = () => () =>
  new Response(JSON.stringify({ id: 'r1', title: 'Soup' }), { status: 201, headers: { 'content-type': 'application/json', location: '/api/recipes/r1' } });

describe('retries', () => {
  it('waits the Retry-After seconds of a 429, then returns the 200', async () => {
    const { fetch, seen } = scripted([problem(429, 'rate_limited', { 'retry-after': '1' }), recipes()]);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    const { data, error, response } = await client.GET('/api/recipes', { params: { query: { per_page: 20 } } });
    assert.equal(error, undefined);
    assert.equal(response.status, 200);
    assert.deepEqual(data?.data, []);
    assert.equal(seen.length, 2);
    const waited = (seen[1]?.at ?? 0) - (seen[0]?.at ?? 0);
    assert.ok(waited >= 950, `waited ${waited.toFixed(0)} ms`);
    assert.ok(waited < 3000, `waited ${waited.toFixed(0)} ms`);
    assert.equal(seen[1]?.url, 'http://larder.test/api/recipes?per_page=20');
    assert.equal(seen[1]?.headers.get('authorization'), 'Bearer lk_test', 'the retry carries the key too');
  });

  it('reads Retry-After as an HTTP date, and retries a 503', async () => {
    const { fetch, seen } = scripted([() => problem(503, 'unavailable', { 'retry-after': new Date(Date.now() + 1500).toUTCString() })(), recipes()]);
    const client = createLarderClient({ baseUrl: 'http://larder.test', token: 'a.jwt.token', fetch });
    const { response } = await client.GET('/api/recipes');
    assert.equal(response.status, 200);
    const waited = (seen[1]?.at ?? 0) - (seen[0]?.at ?? 0);
    // An HTTP date has whole seconds: between 0.5 and 1.5 s from now.
    assert.ok(waited >= 400 && waited < 3000, `waited ${waited.toFixed(0)} ms`);
  });

  it('gives up after `retries` retries and returns the last problem', async () => {
    const { fetch, seen } = scripted([problem(429, 'rate_limited', { 'retry-after': '0' })]);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch, retries: 3 });
    const { error, response } = await client.GET('/api/recipes');
    assert.equal(response.status, 429);
    assert.equal(error?.code, 'rate_limited');
    assert.equal(seen.length, 4, 'the first attempt and three retries');
  });

  it('caps the wait: a Retry-After of an hour waits maxRetryDelayMs', async () => {
    const { fetch, seen } = scripted([problem(429, 'rate_limited', { 'retry-after': '3600' }), recipes()]);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch, maxRetryDelayMs: 200 });
    const started = performance.now();
    const { response } = await client.GET('/api/recipes');
    assert.equal(response.status, 200);
    assert.equal(seen.length, 2);
    assert.ok(performance.now() - started < 2000);
  });

  it('never sends a POST again without an Idempotency-Key', async () => {
    const { fetch, seen } = scripted([problem(503, 'unavailable', { 'retry-after': '0' }), created()]);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    const { response } = await client.POST('/api/recipes', { body: { title: 'Soup' } });
    assert.equal(response.status, 503);
    assert.equal(seen.length, 1);
  });

  it('sends a POST with an Idempotency-Key again, with the same body and key', async () => {
    const { fetch, seen } = scripted([problem(429, 'rate_limited', { 'retry-after': '0' }), created()]);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    const { data, response } = await client.POST('/api/recipes', { body: { title: 'Soup' }, params: { header: { 'idempotency-key': 'soup-1' } } });
    assert.equal(response.status, 201);
    assert.equal(data?.id, 'r1');
    assert.equal(seen.length, 2);
    assert.equal(seen[1]?.body, JSON.stringify({ title: 'Soup' }));
    assert.equal(seen[1]?.headers.get('idempotency-key'), 'soup-1');
  });

  it('does not retry other failures (a 409, a 500)', async () => {
    for (const [status, code] of [[409, 'invalid_state'], [500, 'internal']] as const) {
      const { fetch, seen } = scripted([problem(status, code, { 'retry-after': '0' }), recipes()]);
      const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
      const { response } = await client.GET('/api/recipes');
      assert.equal(response.status, status);
      assert.equal(seen.length, 1, code);
    }
  });
});

describe('retryDelayMs', () => {
  const now = Date.parse('2026-11-26T10:00:00.000Z');
  it('reads seconds and HTTP dates, caps them, and backs off without the header', () => {
    assert.equal(retryDelayMs('3', 0, { now, maxMs: 30_000 }), 3000);
    assert.equal(retryDelayMs('Thu, 26 Nov 2026 10:00:05 GMT', 0, { now, maxMs: 30_000 }), 5000);
    assert.equal(retryDelayMs('Thu, 26 Nov 2026 09:59:00 GMT', 0, { now, maxMs: 30_000 }), 0, 'a date past is now');
    assert.equal(retryDelayMs('120', 0, { now, maxMs: 30_000 }), 30_000);
    assert.equal(retryDelayMs(null, 0, { now, maxMs: 30_000 }), 500);
    assert.equal(retryDelayMs(null, 2, { now, maxMs: 30_000 }), 2000);
    assert.equal(retryDelayMs('soon', 1, { now, maxMs: 30_000 }), 1000, 'unreadable: as without the header');
    assert.equal(retryDelayMs('-4', 1, { now, maxMs: 30_000 }), 1000);
  });
});
