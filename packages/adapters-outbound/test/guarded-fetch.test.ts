import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { guardedFetch, outboundGuard, type FetchExpectation, type Resolver } from '../src/index.js';

/**
 * Everything here stays on loopback. `recipes.example` resolves to a public-looking address (the guard's policy sees
 * a public host) and the fetcher's `dial` seam sends the socket for that address to the test server instead.
 */
const PUBLIC_LOOKING = '93.184.216.34';
const names: Record<string, string> = { 'recipes.example': PUBLIC_LOOKING, 'intranet.example': '192.168.1.20' };
const resolver: Resolver = async (hostname) => {
  const found = names[hostname];
  if (found === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address: found, family: 4 }];
};
const dial = (address: string, family: 4 | 6) => (address === PUBLIC_LOOKING ? { address: '127.0.0.1', family: 4 as const } : { address, family });

const HTML: FetchExpectation = { maxBytes: 5 * 1024 * 1024, accept: ['text/html', 'application/xhtml+xml'], acceptName: 'HTML' };

let server: Server;
let port = 0;
const slowResponses = new Set<ServerResponse>();

before(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>Soup</body></html>');
    } else if (path.startsWith('/hop/')) {
      const left = Number(path.slice(5));
      response.writeHead(302, { location: left === 0 ? '/page' : `/hop/${left - 1}` }).end();
    } else if (path === '/to-private') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/page` }).end();
    } else if (path === '/to-intranet') {
      response.writeHead(301, { location: `http://intranet.example:${port}/page` }).end();
    } else if (path === '/text') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('not a page');
    } else if (path === '/huge') {
      // No Content-Length: the cap must hold while reading, not only on the header.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.byteLength;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('error', () => undefined);
      pump();
    } else if (path === '/slow') {
      slowResponses.add(response);
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html>');
    } else if (path === '/gzipped') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<html>Stew</html>'));
    } else if (path === '/bomb') {
      // 16 KiB on the wire, 8 MiB unpacked.
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024, ' ')));
    } else if (path === '/gone') {
      response.writeHead(404, { 'content-type': 'text/html' }).end('gone');
    } else response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(async () => {
  for (const response of slowResponses) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const strictFetch = () => guardedFetch({ guard: outboundGuard({ allowPrivate: false, resolve: resolver }), dial, timeoutMs: 2000 });
const openFetch = () => guardedFetch({ guard: outboundGuard({ allowPrivate: true, resolve: resolver }), timeoutMs: 2000 });

const reasonOf = async (fetch: ReturnType<typeof strictFetch>, url: string): Promise<string> => {
  const outcome = await fetch(url, HTML);
  assert.equal(outcome.ok, false, `${url} should fail`);
  return outcome.ok ? '' : outcome.reason;
};

describe('the guarded fetch', () => {
  it('fetches a page from a public host, following redirects, and says where it ended', async () => {
    const outcome = await strictFetch()(`http://recipes.example:${port}/hop/2`, HTML);
    assert.equal(outcome.ok, true);
    if (!outcome.ok) return;
    assert.equal(outcome.url, `http://recipes.example:${port}/page`);
    assert.equal(outcome.contentType, 'text/html');
    assert.equal(outcome.charset, 'utf-8');
    assert.match(outcome.body.toString(), /Soup/);
  });

  it('dials a public IP literal through the same seam (so that tests never leave the machine)', async () => {
    const outcome = await strictFetch()(`http://${PUBLIC_LOOKING}:${port}/page`, HTML);
    assert.equal(outcome.ok, true);
  });

  it('refuses loopback, private networks, IPv6 loopback, IPv4-mapped IPv6 and the decimal form of 127.0.0.1', async () => {
    const fetch = strictFetch();
    for (const url of [
      `http://127.0.0.1:${port}/page`,
      `http://localhost:${port}/page`,
      `http://10.1.2.3:${port}/page`,
      `http://192.168.0.10:${port}/page`,
      `http://[::1]:${port}/page`,
      `http://[::ffff:127.0.0.1]:${port}/page`,
      `http://2130706433:${port}/page`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://intranet.example:${port}/page`,
    ]) {
      assert.match(await reasonOf(fetch, url), /^refused: /, url);
    }
  });

  it('refuses a redirect from a public host to a private one, by literal or by name', async () => {
    assert.match(await reasonOf(strictFetch(), `http://recipes.example:${port}/to-private`), /^refused: .*loopback/);
    assert.match(await reasonOf(strictFetch(), `http://recipes.example:${port}/to-intranet`), /^refused: .*private network/);
  });

  it('gives up after 5 redirects', async () => {
    assert.equal((await strictFetch()(`http://recipes.example:${port}/hop/4`, HTML)).ok, true);
    assert.equal(await reasonOf(strictFetch(), `http://recipes.example:${port}/hop/5`), 'too many redirects (more than 5)');
  });

  it('refuses a content type it was not asked for, an error status, a body over the cap, and a server too slow', async () => {
    const fetch = strictFetch();
    assert.equal(await reasonOf(fetch, `http://recipes.example:${port}/text`), 'not HTML (the content type is text/plain)');
    assert.equal(await reasonOf(fetch, `http://recipes.example:${port}/gone`), 'the server answered HTTP status 404');
    assert.equal(await reasonOf(fetch, `http://recipes.example:${port}/huge`), 'the answer is over 5 MiB');
    const quick = guardedFetch({ guard: outboundGuard({ allowPrivate: false, resolve: resolver }), dial, timeoutMs: 300 });
    assert.equal(await reasonOf(quick, `http://recipes.example:${port}/slow`), 'timeout after 0.3 s');
  });

  it('reads a gzipped answer, counting the cap in unpacked bytes', async () => {
    const outcome = await strictFetch()(`http://recipes.example:${port}/gzipped`, HTML);
    assert.equal(outcome.ok && outcome.body.toString(), '<html>Stew</html>');
    assert.equal(await reasonOf(strictFetch(), `http://recipes.example:${port}/bomb`), 'the answer is over 5 MiB');
  });

  it('refuses other schemes, and names that do not resolve', async () => {
    assert.match(await reasonOf(strictFetch(), 'file:///etc/passwd'), /only http and https/);
    assert.match(await reasonOf(strictFetch(), `http://nowhere.example:${port}/`), /^refused: .*does not resolve/);
  });

  it('reaches loopback when private addresses are allowed (OUTBOUND_ALLOW_PRIVATE=true)', async () => {
    assert.equal((await openFetch()(`http://127.0.0.1:${port}/page`, HTML)).ok, true);
  });
});
