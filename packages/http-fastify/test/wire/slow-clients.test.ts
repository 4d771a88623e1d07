// run-tests: alone — it asserts when the server cuts a slow client off, to a few hundred milliseconds.
/**
 * Slow clients, over a raw socket to a listening server with a short REQUEST_TIMEOUT_MS: a request (headers and
 * body) that has not fully arrived in time is a 408 `request_timeout` problem and its connection is closed, token or
 * no token; an idle keep-alive connection is closed after a few seconds.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../src/app.js';
import { exchange, send, trickle } from './raw-client.js';
import { assertRawProblem, eventually, linesOf, listening, refusalsOf, type Listening } from './support.js';

const TIMEOUT_MS = 1000;
/** Node checks for late requests every tenth of the limit: the 408 comes between the limit and this. */
const LATEST_MS = TIMEOUT_MS * 1.1 + 600;

// The tests run side by side (each on its own connection, none changes what another asserts): the keep-alive one
// waits over 5 s, the others about a second each.
describe('slow clients', { concurrency: true }, () => {
  let server: Listening;
  before(async () => {
    server = await listening({ requestTimeoutMs: TIMEOUT_MS });
  });
  after(() => server.close());

  const TRICKLED = 'A recipe sent one byte at a time';
  const bodyTitled = (title: string) => JSON.stringify({ title, notes: 'x'.repeat(40) });
  const body = bodyTitled(TRICKLED);
  const postHead = (token: string | null, sent = body) =>
    'POST /api/recipes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
    `${token === null ? '' : `Authorization: Bearer ${token}\r\n`}Content-Length: ${Buffer.byteLength(sent)}\r\n\r\n`;

  it('an authenticated client trickling its body gets 408 request_timeout once the limit passes, and is cut off', async () => {
    const result = await exchange(server.port, trickle(postHead(server.h.token), body, 50), 10_000);
    const { body: problem, requestId } = assertRawProblem(result, 408, 'request_timeout', 'trickled body');
    assert.match(problem.detail, /1 s/);
    assert.ok(result.closedByServer, 'the server closed the connection');
    assert.ok(result.elapsedMs >= TIMEOUT_MS - 50 && result.elapsedMs < LATEST_MS, `closed after ${Math.round(result.elapsedMs)} ms`);
    assert.deepEqual(server.h.recipes.all().filter((recipe) => recipe.title === TRICKLED), [], 'nothing was created');
    await eventually(() => refusalsOf(server.logs, requestId).length > 0);
    assert.equal(refusalsOf(server.logs, requestId).length, 1, 'one log line for the refusal');
    // The request's only line (it got no answer of its own to log), under its id, naming what was asked; also once
    // its connection has closed under it (the server cut it off: no line says its client left).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [line, ...more] = linesOf(server.logs, requestId);
    assert.deepEqual([line?.['msg'], line?.['method'], line?.['url'], more.length], ['request refused before it was fully read', 'POST', '/api/recipes', 0]);
  });

  it('a client without a token gets its 401 at once, and the connection is closed rather than read on', async () => {
    const anonymous = await exchange(server.port, trickle(postHead(null), body, 50), 10_000);
    assert.equal(anonymous.response?.status, 401, anonymous.received.slice(0, 300));
    assert.equal(anonymous.response?.headers['connection'], 'close');
    assert.ok(anonymous.closedByServer);
    assert.ok(anonymous.elapsedMs < TIMEOUT_MS / 2, `closed after ${Math.round(anonymous.elapsedMs)} ms`);
    assert.doesNotMatch(anonymous.received, /request_timeout/, 'no second response');
  });

  it('a client that trickles its headers gets 408 request_timeout', async () => {
    const headers = await exchange(server.port, trickle('GET /healthz HTTP/1.1\r\n', 'Host: x\r\nX-Slow: 1234567890abcdefghijklmnopqrstuvwxyz\r\n\r\n', 50), 10_000);
    assertRawProblem(headers, 408, 'request_timeout', 'trickled headers');
    assert.ok(headers.elapsedMs < LATEST_MS, `closed after ${Math.round(headers.elapsedMs)} ms`);
  });

  it('a connection that never sends a request is closed with a 408 too', async () => {
    const silent = await exchange(server.port, () => undefined, 10_000);
    assertRawProblem(silent, 408, 'request_timeout', 'silent connection');
    assert.ok(silent.elapsedMs < LATEST_MS, `closed after ${Math.round(silent.elapsedMs)} ms`);
  });

  it('a slow request that arrives within the limit is served', async () => {
    const inTime = bodyTitled('A recipe sent slowly, but in time');
    const result = await exchange(server.port, trickle(postHead(server.h.token, inTime).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'), inTime, 5), 10_000);
    assert.equal(result.response?.status, 201, result.received.slice(0, 300));
  });

  it(`an idle keep-alive connection is closed after ${KEEP_ALIVE_TIMEOUT_MS / 1000} s, as its Keep-Alive header says`, async () => {
    const result = await exchange(server.port, send('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'), KEEP_ALIVE_TIMEOUT_MS + 5000);
    assert.equal(result.response?.status, 200);
    assert.equal(result.response?.headers['keep-alive'], `timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    assert.ok(result.closedByServer, 'closed by the server');
    assert.ok(result.elapsedMs < KEEP_ALIVE_TIMEOUT_MS + 1500, `closed after ${Math.round(result.elapsedMs)} ms`);
  });
});
