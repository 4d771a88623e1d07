/**
 * Headers that must appear once, sent twice over a raw socket (Node would keep the first and drop the second without
 * a word): a 400 `malformed_request`, nothing done, the connection closed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exchange, send } from './raw-client.js';
import { assertRawProblem, listening, type Listening } from './support.js';

describe('repeated headers', () => {
  let server: Listening;
  before(async () => {
    server = await listening();
  });
  after(() => server.close());

  const post = (headers: string, body = '{"title":"Twice"}') =>
    `POST /api/recipes HTTP/1.1\r\nHost: x\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

  it('two Authorization headers (a valid one first, a bogus one second), in any spelling, are a 400', async () => {
    const token = server.h.token;
    const recipes = server.h.recipes.all().length;
    for (const [first, second] of [['Authorization', 'Authorization'], ['authorization', 'AUTHORIZATION']]) {
      const raw = post(`Content-Type: application/json\r\n${first}: Bearer ${token}\r\n${second}: Bearer bogus\r\n`);
      const result = await exchange(server.port, send(raw), 3000);
      const { body } = assertRawProblem(result, 400, 'malformed_request', `${first} + ${second}`);
      assert.match(body.detail, /more than one authorization header/i);
      assert.ok(result.closedByServer, 'connection closed');
    }
    assert.equal(server.h.recipes.all().length, recipes, 'nothing was created');
  });

  it('two Content-Type headers are a 400, even when they agree', async () => {
    const token = server.h.token;
    for (const types of [['application/json', 'text/plain'], ['application/json', 'application/json']]) {
      const raw = post(`Authorization: Bearer ${token}\r\n${types.map((type) => `Content-Type: ${type}\r\n`).join('')}`);
      assertRawProblem(await exchange(server.port, send(raw), 3000), 400, 'malformed_request', types.join(' + '));
    }
  });

  it('two Host headers are a 400', async () => {
    const result = await exchange(server.port, send('GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'), 3000);
    assertRawProblem(result, 400, 'malformed_request', 'two Host');
  });

  it('other headers may repeat, and one of each is served as usual', async () => {
    const raw = post(`Content-Type: application/json\r\nAuthorization: Bearer ${server.h.token}\r\nAccept: application/json\r\nAccept: */*\r\nConnection: close\r\n`);
    const result = await exchange(server.port, send(raw), 3000);
    assert.equal(result.response?.status, 201, result.received.slice(0, 300));
  });
});
