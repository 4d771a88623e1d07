/**
 * A store that cannot be reached is reported as StoreUnavailable in seconds (one attempt, short timeouts), never as
 * "no such file" and never after minutes. Both servers here are on loopback: one port refuses, one server is silent.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createServer, type Server, type Socket } from 'node:net';
import { patternBytes } from '@larder/domain/testing';
import { createS3Client, S3FileStore } from '../src/index.js';

const credentials = { accessKeyId: 'LARDERUNREACHABLE', secretAccessKey: 'not-a-real-secret-0123456789' };

function listening(onConnection: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer(onConnection).listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

describe('an unreachable S3 endpoint', () => {
  it('that refuses connections answers StoreUnavailable at once, for every operation', { timeout: 5_000 }, async () => {
    // A port that was free a moment ago: nothing listens on it, so the connection is refused.
    const { server, port } = await listening(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const store = new S3FileStore({ client: createS3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials }), bucket: 'larder' });
    const results = [
      await store.put('a/b.pdf', patternBytes(100), { contentType: 'application/pdf' }),
      await store.head('a/b.pdf'),
      await store.get('a/b.pdf'),
      await store.delete('a/b.pdf'),
      await store.list('a/'),
    ];
    for (const result of results) {
      assert.equal(result._unsafeUnwrapErr().type, 'StoreUnavailable');
      assert.match(result._unsafeUnwrapErr().message, /^S3 \w+ "a\/(b\.pdf)?" in bucket larder: it could not be reached \(ECONNREFUSED\)$/);
    }
  });

  it('that accepts connections and never answers is given up on once the request timeout passes', { timeout: 5_000 }, async () => {
    const sockets = new Set<Socket>();
    const { server, port } = await listening((socket) => sockets.add(socket));
    after(() => {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    });
    const client = createS3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials }, { connectMs: 500, requestMs: 500, idleMs: 500 });
    const head = await new S3FileStore({ client, bucket: 'larder' }).head('a/b.pdf');
    assert.equal(head._unsafeUnwrapErr().message, 'S3 head "a/b.pdf" in bucket larder: it did not answer within the client timeouts');
  });
});
