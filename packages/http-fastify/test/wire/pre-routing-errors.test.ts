/**
 * Requests Node's HTTP parser refuses before routing, sent over a raw socket to a listening server: each is answered
 * with a problem (the contract's code, `application/problem+json`, an `X-Request-Id`), logged on one line under that
 * id, and its connection closed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exchange, send } from './raw-client.js';
import { assertRawProblem, eventually, linesOf, listening, refusalsOf, type Listening } from './support.js';

const MALFORMED: [label: string, raw: string | Buffer][] = [
  ['raw UTF-8 bytes in the URL', Buffer.concat([Buffer.from('GET /api/recipes?q='), Buffer.from('Brûlée', 'utf8'), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')])],
  ['a space in the target', 'GET /api/recipes?q=a b HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['not a request line', 'GARBAGE\r\n\r\n'],
  ['an unknown method', 'BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['an unknown HTTP version', 'GET / HTTP/2.5\r\nHost: x\r\n\r\n'],
  ['a chunk size that is not hexadecimal', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'],
  ['chunk data longer than its size', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n2\r\n{}XX\r\n0\r\n\r\n'],
  ['a repeated Content-Length', 'POST /api/recipes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}'],
  ['conflicting Content-Length', 'POST /api/recipes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
  ['Content-Length with Transfer-Encoding', 'POST /api/recipes HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n'],
  ['a Content-Length that is not a number', 'POST /api/recipes HTTP/1.1\r\nHost: x\r\nContent-Length: 2x\r\n\r\n{}'],
  ['a header name with a space', 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
];

describe('errors raised before routing, over a raw socket', () => {
  let server: Listening;
  before(async () => {
    server = await listening();
  });
  after(() => server.close());

  it('a request the parser cannot read is 400 malformed_request, logged once under its X-Request-Id', async () => {
    for (const [label, raw] of MALFORMED) {
      const result = await exchange(server.port, send(raw), 3000);
      const { requestId } = assertRawProblem(result, 400, 'malformed_request', label);
      assert.ok(result.closedByServer, `${label}: connection closed`);
      await eventually(() => refusalsOf(server.logs, requestId).length > 0);
      const lines = refusalsOf(server.logs, requestId);
      assert.equal(lines.length, 1, `${label}: one log line`);
      assert.equal(lines[0]?.['code'], 'malformed_request', label);
    }
  });

  it('headers over the limit (64 KB) are 431 headers_too_large', async () => {
    const raw = `GET /api/recipes HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(64 * 1024)}\r\n\r\n`;
    const result = await exchange(server.port, send(raw), 3000);
    const { requestId } = assertRawProblem(result, 431, 'headers_too_large', '64 KB header');
    assert.ok(result.closedByServer);
    await eventually(() => refusalsOf(server.logs, requestId).length > 0);
    assert.equal(refusalsOf(server.logs, requestId).length, 1);
  });

  it('an HTTP/1.1 request without Host is 400 malformed_request (HTTP/1.0 needs none)', async () => {
    const result = await exchange(server.port, send('GET /healthz HTTP/1.1\r\n\r\n'), 3000);
    const { body, requestId } = assertRawProblem(result, 400, 'malformed_request', 'no Host');
    assert.match(body.detail, /Host/);
    await eventually(() => linesOf(server.logs, requestId).length > 0);
    assert.ok(linesOf(server.logs, requestId).length > 0, 'logged');
    const old = await exchange(server.port, send('GET /healthz HTTP/1.0\r\n\r\n'), 3000);
    assert.equal(old.response?.status, 200);
  });

  it('an undecodable percent-escape in the path is 400 malformed_request', async () => {
    const result = await exchange(server.port, send('GET /api/recipes/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 3000);
    assertRawProblem(result, 400, 'malformed_request', 'bad percent-escape');
  });

  it('a body over 1 MiB announced by Content-Length is 413 payload_too_large', async () => {
    const raw = 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n{';
    assertRawProblem(await exchange(server.port, send(raw), 3000), 413, 'payload_too_large', 'huge body');
  });

  it('a well-formed request on the same server is answered as usual', async () => {
    const result = await exchange(server.port, send('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 3000);
    assert.equal(result.response?.status, 200);
  });
});
