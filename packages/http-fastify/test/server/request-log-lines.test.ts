/**
 * The request log writes one line a request, when it is answered: the request (method, URL with its secrets cut,
 * host, address), the status and the time taken; the arrival line only at `debug` and below. A request refused
 * before routing gets its line too, and one whose client leaves before the answer a line of its own.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { RecipeListQuery, RecipePage, StoreUnavailable } from '@larder/domain';
import { InMemoryRecipeRepository } from '@larder/domain/testing';
import { ResultAsync } from 'neverthrow';
import { urlForLog } from '../../src/http/request-log-lines.js';
import { harness } from '../support/harness.js';
import { exchange } from '../wire/raw-client.js';
import { eventually, linesOf } from '../wire/support.js';

async function linesAt(level: 'info' | 'debug', url: string): Promise<Record<string, unknown>[]> {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const h = await harness({ logger: { level, stream } });
  try {
    const response = await h.app.inject({ method: 'GET', url, headers: { 'x-request-id': `lines-${level}` } });
    assert.ok(response.statusCode < 500, response.body);
  } finally {
    await h.app.close();
  }
  return logs.filter((line) => line['reqId'] === `lines-${level}`);
}

describe('request log lines', () => {
  it('writes one line a request at info, when it is answered, with the request, its status and its time', async () => {
    const lines = await linesAt('info', '/public/confirm/a-secret-token?x=1');
    assert.equal(lines.length, 1, JSON.stringify(lines));
    const [line] = lines as [Record<string, unknown>];
    assert.equal(line['msg'], 'request completed');
    const req = line['req'] as Record<string, unknown>;
    assert.deepEqual([req['method'], req['url'], typeof req['remoteAddress']], ['GET', '/public/confirm/[redacted]?x=1', 'string']);
    assert.equal(typeof (line['res'] as Record<string, unknown>)['statusCode'], 'number');
    assert.equal(typeof line['responseTime'], 'number');
    assert.doesNotMatch(JSON.stringify(line), /a-secret-token/);
  });

  it('cuts the secrets of a URL in absolute form too (a request may name the scheme and host before the path)', () => {
    assert.deepEqual(
      ['http://larder.example/hooks/gumroad/s3cret?x=1', 'HTTPS://h:8080/public/unsubscribe/t0ken', 'http://h/api/connections/etsy/callback?code=c0de&state=st4te', '/hooks/etsy/s3cret'].map(urlForLog),
      ['http://larder.example/hooks/gumroad/[redacted]?x=1', 'HTTPS://h:8080/public/unsubscribe/[redacted]', 'http://h/api/connections/etsy/callback?[redacted]', '/hooks/etsy/[redacted]'],
    );
  });

  it('writes the line of a request refused before routing (a malformed URL) at its answer', async () => {
    const lines = await linesAt('info', '/api/recipes/%zz');
    assert.deepEqual(
      lines.map((line) => [line['msg'], (line['req'] as Record<string, unknown>)['url'], (line['res'] as Record<string, unknown>)['statusCode']]),
      [['request completed', '/api/recipes/%zz', 400]],
    );
  });

  it('writes a line for a request whose client goes away before its answer, and none but the refusal for one the server cut off', async () => {
    // A listing that takes 400 ms: the client leaves after 100.
    class SlowRecipes extends InMemoryRecipeRepository {
      override list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable> {
        return ResultAsync.fromSafePromise(new Promise((resolve) => setTimeout(resolve, 400))).andThen(() => super.list(query));
      }
    }
    const logs: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    const h = await harness({ recipes: new SlowRecipes(), logger: { level: 'info', stream } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    try {
      const get = `GET /api/recipes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.token}\r\nX-Request-Id: gone-early\r\n\r\n`;
      await exchange(port, (socket) => socket.write(get, () => setTimeout(() => socket.destroy(), 100)), 5000);
      await eventually(() => linesOf(logs, 'gone-early').length > 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(
        linesOf(logs, 'gone-early').map((line) => [line['msg'], (line['req'] as Record<string, unknown>)['method'], (line['req'] as Record<string, unknown>)['url']]),
        [['request aborted by the client before its answer', 'GET', '/api/recipes']],
      );
      // A body that stops arriving: the parser's refusal (its method and URL on it) is the request's only line, also
      // once the connection has closed under it.
      const post = `POST /api/recipes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Request-Id: cut-short\r\n\r\n{"title":`;
      await exchange(port, (socket) => socket.write(post, () => setTimeout(() => socket.end(), 100)), 5000);
      await eventually(() => linesOf(logs, 'cut-short').length > 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(
        linesOf(logs, 'cut-short').map((line) => [line['msg'], line['method'], line['url']]),
        [['request refused before it was fully read', 'POST', '/api/recipes']],
      );
    } finally {
      await h.app.close();
    }
  });

  it('writes the arrival line too at debug, before the answer', async () => {
    const lines = await linesAt('debug', '/healthz');
    assert.deepEqual(
      lines.map((line) => [line['msg'], (line['req'] as Record<string, unknown> | undefined)?.['url']]),
      [
        ['incoming request', '/healthz'],
        ['request completed', '/healthz'],
      ],
    );
  });
});
