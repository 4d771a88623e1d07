/**
 * An image body over 20 MiB on a real socket, chunked (no Content-Length to refuse it by): the answer is a 413 problem
 * as soon as the limit is passed, and the server stops taking the body (the client cannot send all of it).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, it } from 'node:test';
import { harness, type Harness } from '../support/harness.js';

const MIB = 1024 * 1024;
const OFFERED_MIB = 200;

let h: Harness;
let port = 0;
before(async () => {
  h = await harness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
after(() => h.app.close());

it('answers 413 past 20 MiB of a chunked image body and does not read the rest', async () => {
  const recipe = (await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Toast' } })).json<{ id: string }>();
  const result = await new Promise<{ status: number; type: string; body: string; written: number }>((resolve, reject) => {
    let written = 0;
    const headers = { 'content-type': 'image/jpeg', authorization: `Bearer ${h.token}`, 'transfer-encoding': 'chunked' };
    const req = request({ host: '127.0.0.1', port, method: 'PUT', path: `/api/recipes/${recipe.id}/photo`, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        response = { status: res.statusCode ?? 0, type: String(res.headers['content-type']), body };
      });
    });
    let response: { status: number; type: string; body: string } | undefined;
    // Settled when the request is over: all of it sent, or its connection closed by the server.
    req.on('close', () => (response === undefined ? reject(new Error(`no response (${written} MiB written)`)) : resolve({ ...response, written })));
    // The server may close the connection while the client still writes: that is the point, not a failure.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    const chunk = Buffer.alloc(MIB, 0xff);
    const pump = (): void => {
      while (written < OFFERED_MIB && !req.destroyed) {
        written += 1;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
  assert.equal(result.status, 413, result.body);
  assert.match(result.type, /^application\/problem\+json/);
  assert.equal((JSON.parse(result.body) as { code: string }).code, 'payload_too_large');
  assert.ok(result.written < OFFERED_MIB, `the client could write only ${result.written} of ${OFFERED_MIB} MiB`);
  assert.equal(h.files.puts, 0);
});
