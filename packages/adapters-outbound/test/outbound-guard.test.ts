import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { endpointUrlPolicy, httpWebhookSender, outboundGuard, OutboundRefused, type Resolver } from '../src/index.js';

/** A resolver that knows a few names, as DNS would answer them (one of them moves between a check and a use). */
const names: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'mixed.example': ['93.184.216.34', '10.0.0.5'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'loopback.example': ['127.0.0.1'],
};
const resolver: Resolver = async (hostname) => {
  const found = names[hostname];
  if (found === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('the outbound guard', () => {
  const strict = outboundGuard({ allowPrivate: false, resolve: resolver });
  const open = outboundGuard({ allowPrivate: true, resolve: resolver });

  it('resolves a public name to its address', async () => {
    assert.deepEqual(await strict.resolveHost('public.example'), { address: '93.184.216.34', family: 4, allPrivate: false });
  });

  it('refuses a name with any private address, a private literal in any form, localhost, and a name that does not resolve', async () => {
    for (const host of ['mixed.example', 'metadata.example', 'mapped.example', 'loopback.example', 'localhost', 'LOCALHOST.', 'a.localhost', '127.0.0.1', '2130706433', '[::ffff:127.0.0.1]', '[::1]', '0x7f.1', '[fd00::1]', 'nowhere.example']) {
      await assert.rejects(strict.resolveHost(host), OutboundRefused, host);
    }
  });

  it('allows private addresses when told to, and says they are private', async () => {
    assert.deepEqual(await open.resolveHost('2130706433'), { address: '127.0.0.1', family: 4, allPrivate: true });
    assert.deepEqual(await open.resolveHost('[::ffff:127.0.0.1]'), { address: '0:0:0:0:0:ffff:7f00:1', family: 6, allPrivate: true });
    assert.equal((await open.resolveHost('mixed.example')).allPrivate, false);
  });

  it('gives net a lookup that answers only checked addresses', async () => {
    const answer = (guard: typeof strict, host: string) =>
      new Promise<unknown>((resolve) => guard.lookup(host, { all: true }, (error, addresses) => resolve(error ?? addresses)));
    assert.deepEqual(await answer(strict, 'public.example'), [{ address: '93.184.216.34', family: 4 }]);
    assert.ok((await answer(strict, 'metadata.example')) instanceof OutboundRefused);
  });
});

describe('where an endpoint may point', () => {
  const check = (allowPrivate: boolean, url: string) => endpointUrlPolicy(outboundGuard({ allowPrivate, resolve: resolver })).refusal(new URL(url));

  it('https to a public address, always', async () => {
    assert.equal(await check(false, 'https://public.example/hooks'), null);
    assert.equal(await check(true, 'https://public.example/hooks'), null);
  });

  it('plain http to a public address, never', async () => {
    assert.match((await check(false, 'http://public.example/hooks')) ?? '', /https/);
    assert.match((await check(true, 'http://public.example/hooks')) ?? '', /https/);
  });

  it('a private address only with OUTBOUND_ALLOW_PRIVATE, over http or https', async () => {
    for (const url of ['http://127.0.0.1:8080/', 'https://localhost/', 'http://2130706433/', 'http://[::ffff:127.0.0.1]/', 'https://metadata.example/', 'https://mixed.example/']) {
      assert.match((await check(false, url)) ?? '', /private address/, url);
    }
    assert.equal(await check(true, 'http://127.0.0.1:8080/'), null);
    assert.equal(await check(true, 'http://2130706433/'), null);
  });
});

describe('the webhook sender', () => {
  let server: Server;
  let port = 0;
  const seen: { url: string; headers: Record<string, unknown>; body: string }[] = [];
  before(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', headers: request.headers, body });
        if (request.url === '/redirect') response.writeHead(302, { location: '/ok' }).end();
        else if (request.url === '/slow') setTimeout(() => response.writeHead(200).end(), 2000);
        else if (request.url === '/huge') {
          response.writeHead(200);
          const chunk = Buffer.alloc(64 * 1024, 'x');
          const pump = () => {
            while (response.write(chunk)) if (response.writableLength > 1 << 22) break;
          };
          pump();
          response.on('drain', pump);
        } else response.writeHead(request.url === '/fail' ? 503 : 204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const request = (path: string, host = '127.0.0.1', timeoutMs = 5000) => ({
    url: `http://${host}:${port}${path}`,
    headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
    body: '{"type":"x"}',
    timeoutMs,
  });

  it('POSTs the body with the headers and reports the status (no redirect followed)', async () => {
    const sender = httpWebhookSender({ guard: outboundGuard({ allowPrivate: true }) });
    assert.deepEqual({ ...(await sender.send(request('/ok'))), durationMs: 0 }, { kind: 'answered', status: 204, durationMs: 0 });
    assert.equal((await sender.send(request('/fail'))).kind === 'answered' ? 503 : 0, 503);
    const before = seen.length;
    const redirected = await sender.send(request('/redirect'));
    assert.equal(redirected.kind === 'answered' ? redirected.status : 0, 302);
    assert.equal(seen.length, before + 1, 'the redirect was not followed');
    assert.equal(seen[0]?.body, '{"type":"x"}');
    assert.equal(seen[0]?.headers['webhook-id'], 'msg_1');
    sender.close();
  });

  it('gives up after the timeout, and reads no more of an answer than its cap', async () => {
    const sender = httpWebhookSender({ guard: outboundGuard({ allowPrivate: true }), maxResponseBytes: 1024 });
    const slow = await sender.send(request('/slow', '127.0.0.1', 200));
    assert.deepEqual([slow.kind, slow.kind === 'failed' ? slow.error : ''], ['failed', 'no answer within 0.2 s']);
    assert.ok(slow.durationMs < 1500);
    const huge = await sender.send(request('/huge'));
    assert.equal(huge.kind === 'answered' ? huge.status : 0, 200);
    sender.close();
  });

  it('refuses a private address without the flag, in any spelling, before connecting', async () => {
    const sender = httpWebhookSender({ guard: outboundGuard({ allowPrivate: false }) });
    const before = seen.length;
    for (const host of ['127.0.0.1', '2130706433', '[::ffff:127.0.0.1]', 'localhost', '0x7f.1']) {
      const result = await sender.send(request('/ok', host));
      assert.equal(result.kind, 'failed', host);
      assert.match(result.kind === 'failed' ? result.error : '', /^refused: /);
    }
    assert.equal(seen.length, before, 'nothing reached the receiver');
    sender.close();
  });

  it('says so when nothing listens', async () => {
    const sender = httpWebhookSender({ guard: outboundGuard({ allowPrivate: true }) });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await sender.send({ ...request('/ok'), url: `http://127.0.0.1:${free}/` });
    assert.deepEqual(result.kind === 'failed' ? result.error : '', 'the connection was refused');
    sender.close();
  });
});
