import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { connectionSecretContext } from '@larder/domain';
import { etsyPlatform } from '@larder/adapters-sales';
import { startEtsyFake } from '@larder/adapters-sales/fakes';
import { harness } from '../support/harness.js';
import { connectBoth, publishingWorld, type PublishingWorld } from './publishing-world.js';

interface ConnectionBody {
  platform: string;
  status: string;
  account_name: string | null;
  connected_at: string | null;
}

describe('/api/connections', () => {
  let world: PublishingWorld;
  before(async () => {
    world = await publishingWorld();
  });
  after(() => world.close());

  const list = async () => (await world.h.request({ method: 'GET', url: '/api/connections' })).json<{ data: ConnectionBody[] }>().data;

  it('lists every configured platform, not connected at first', async () => {
    assert.deepEqual(await list(), [
      { platform: 'etsy', status: 'not_connected', account_name: null, currency: null, connected_at: null },
      { platform: 'gumroad', status: 'not_connected', account_name: null, currency: null, connected_at: null },
    ]);
  });

  it('refuses a Gumroad token Gumroad refuses (422 connection_failed), and keeps nothing', async () => {
    const refused = await world.h.request({ method: 'PUT', url: '/api/connections/gumroad', body: { access_token: 'not-a-real-token-0000' } });
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.json<{ code: string }>().code, 'connection_failed');
    assert.equal((await list()).find((connection) => connection.platform === 'gumroad')?.status, 'not_connected');
  });

  it('connects Gumroad with a token it accepts; the token is sealed at rest and never shown', async () => {
    const connected = await world.h.request({ method: 'PUT', url: '/api/connections/gumroad', body: { access_token: world.gumroad.accessToken } });
    assert.equal(connected.statusCode, 200);
    const body = connected.json<ConnectionBody>();
    assert.equal(body.status, 'connected');
    assert.ok(body.account_name !== null && body.account_name.length > 0);
    assert.ok(!connected.body.includes(world.gumroad.accessToken));
    const raw = (await world.h.publishing.connections.find(world.h.userId, 'gumroad'))._unsafeUnwrap();
    assert.ok(raw !== null);
    assert.ok(!JSON.stringify(raw).includes(world.gumroad.accessToken), 'the stored record does not hold the token in clear');
    const opened = world.h.publishing.secrets.open(raw.sealed_secret, connectionSecretContext(world.h.userId, 'gumroad'));
    assert.ok(opened?.includes(world.gumroad.accessToken));
    assert.equal(world.h.publishing.secrets.open(raw.sealed_secret, connectionSecretContext('someone-else', 'gumroad')), null, 'bound to its row');
  });

  it('sends Etsy through its consent page with PKCE, and connects the shop on the way back', async () => {
    const authorize = await world.h.request({ method: 'POST', url: '/api/connections/etsy/authorize' });
    assert.equal(authorize.statusCode, 200);
    const url = new URL(authorize.json<{ authorize_url: string }>().authorize_url);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.match(url.searchParams.get('state') ?? '', /^[A-Za-z0-9_-]{40,}$/);
    assert.equal(url.searchParams.get('redirect_uri'), 'http://127.0.0.1:3000/api/connections/etsy/callback');
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const callback = await world.h.request({ method: 'GET', url: `${back.pathname}${back.search}`, token: null });
    assert.equal(callback.statusCode, 200);
    assert.match(String(callback.headers['content-type']), /^text\/html/);
    assert.match(callback.body, /is connected/);
    const etsy = (await list()).find((connection) => connection.platform === 'etsy');
    assert.equal(etsy?.status, 'connected');

    const reused = await world.h.request({ method: 'GET', url: `${back.pathname}${back.search}`, token: null });
    assert.equal(reused.statusCode, 400);
    assert.equal(reused.json<{ code: string }>().code, 'oauth_failed');
  });

  it('refuses an unknown or expired state (400 oauth_failed)', async () => {
    const unknown = await world.h.request({ method: 'GET', url: '/api/connections/etsy/callback?code=abc&state=made-up-state', token: null });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json<{ code: string }>().code, 'oauth_failed');
    const authorize = await world.h.request({ method: 'POST', url: '/api/connections/etsy/authorize' });
    const consent = await fetch(authorize.json<{ authorize_url: string }>().authorize_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    world.h.clock.advance(11 * 60 * 1000);
    const late = await world.h.request({ method: 'GET', url: `${back.pathname}${back.search}`, token: null });
    assert.equal(late.statusCode, 400);
    assert.equal(late.json<{ code: string }>().code, 'oauth_failed');
  });

  it('says which way each platform connects, and 404 for a platform that is not configured', async () => {
    assert.equal((await world.h.request({ method: 'PUT', url: '/api/connections/etsy', body: { access_token: 'abcdefgh1234' } })).statusCode, 422);
    assert.equal((await world.h.request({ method: 'POST', url: '/api/connections/gumroad/authorize' })).statusCode, 422);
    const unknown = await world.h.request({ method: 'DELETE', url: '/api/connections/shopify' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<{ code: string }>().code, 'not_found');
  });

  it('disconnects: the connection reads not_connected and its credentials are gone', async () => {
    await connectBoth(world);
    const removed = await world.h.request({ method: 'DELETE', url: '/api/connections/gumroad' });
    assert.equal(removed.statusCode, 200);
    assert.equal(removed.json<ConnectionBody>().status, 'not_connected');
    assert.equal((await world.h.publishing.connections.find(world.h.userId, 'gumroad'))._unsafeUnwrap(), null);
  });

  it('needs a bearer token everywhere but the callback', async () => {
    assert.equal((await world.h.request({ method: 'GET', url: '/api/connections', token: null })).statusCode, 401);
    assert.equal((await world.h.request({ method: 'POST', url: '/api/connections/etsy/authorize', token: null })).statusCode, 401);
  });
});

describe('the consent page\'s way back', () => {
  it('keeps the path of a PUBLIC_URL served under a prefix', async () => {
    const h = await harness({ publicUrl: 'https://kitchen.example.com/larder' });
    try {
      const authorize = await h.request({ method: 'POST', url: '/api/connections/etsy/authorize' });
      assert.equal(authorize.statusCode, 200);
      const url = new URL(authorize.json<{ authorize_url: string }>().authorize_url);
      assert.equal(url.searchParams.get('redirect_uri'), 'https://kitchen.example.com/larder/api/connections/etsy/callback');
    } finally {
      await h.app.close();
    }
  });

  it('lands the creator on the studio\'s connections screen, with the shop\'s name, when the studio is served', async () => {
    const etsy = await startEtsyFake({ shopName: 'Fig Tree Kitchen', currency: 'EUR' });
    const platforms = [etsyPlatform({ apiUrl: etsy.url, oauthUrl: etsy.oauthUrl, apiKey: etsy.apiKey, sharedSecret: etsy.sharedSecret, timeoutMs: 5000 })];
    const h = await harness({ platforms, publicUrl: 'https://kitchen.example.com/larder', studio: { dir: fileURLToPath(new URL('../fixtures/studio/', import.meta.url)) } });
    try {
      const authorize = await h.request({ method: 'POST', url: '/api/connections/etsy/authorize' });
      const consent = await fetch(authorize.json<{ authorize_url: string }>().authorize_url, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      const callback = await h.request({ method: 'GET', url: `/api/connections/etsy/callback${back.search}`, token: null });
      assert.equal(callback.statusCode, 303);
      assert.equal(callback.headers.location, 'https://kitchen.example.com/larder/selling?connected=etsy&account=Fig+Tree+Kitchen');
      const listed = (await h.request({ method: 'GET', url: '/api/connections' })).json<{ data: (ConnectionBody & { currency: string | null })[] }>().data;
      assert.deepEqual(listed.map(({ platform, status, account_name, currency }) => ({ platform, status, account_name, currency })), [
        { platform: 'etsy', status: 'connected', account_name: 'Fig Tree Kitchen', currency: etsy.currency },
      ]);
    } finally {
      await h.app.close();
      await etsy.close();
    }
  });
});

describe('a way back that connects nothing', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

  it('lands a browser on the studio\'s connections screen with the reason; a script asking for JSON, or anything, gets the problem', async () => {
    const etsy = await startEtsyFake({ shopName: 'Fig Tree Kitchen', consent: 'deny' });
    const platforms = [etsyPlatform({ apiUrl: etsy.url, oauthUrl: etsy.oauthUrl, apiKey: etsy.apiKey, sharedSecret: etsy.sharedSecret, timeoutMs: 5000 })];
    const h = await harness({ platforms, publicUrl: 'https://kitchen.example.com/larder', studio: { dir: fileURLToPath(new URL('../fixtures/studio/', import.meta.url)) } });
    const wayBack = async () => {
      const authorize = await h.request({ method: 'POST', url: '/api/connections/etsy/authorize' });
      const consent = await fetch(authorize.json<{ authorize_url: string }>().authorize_url, { redirect: 'manual' });
      return `/api/connections/etsy/callback${new URL(consent.headers.get('location') ?? '').search}`;
    };
    try {
      const refused = await wayBack();
      assert.match(refused, /error=access_denied/);
      const browser = await h.request({ method: 'GET', url: refused, token: null, headers: { accept: BROWSER } });
      assert.equal(browser.statusCode, 303);
      assert.equal(browser.headers.location, 'https://kitchen.example.com/larder/selling?failed=etsy&reason=denied');
      assert.match(String(browser.headers.vary), /Accept/);
      // The state is spent: the same way back again is stale.
      const again = await h.request({ method: 'GET', url: refused, token: null, headers: { accept: BROWSER } });
      assert.equal(again.headers.location, 'https://kitchen.example.com/larder/selling?failed=etsy&reason=expired');

      for (const accept of ['application/json', '*/*', undefined, 'application/problem+json, text/html;q=0.5']) {
        const script = await h.request({ method: 'GET', url: await wayBack(), token: null, headers: accept === undefined ? {} : { accept } });
        assert.equal(script.statusCode, 400, `Accept: ${accept ?? '(none)'}`);
        assert.match(String(script.headers['content-type']), /^application\/problem\+json/);
        assert.equal(script.json<{ code: string }>().code, 'oauth_failed');
      }
      const connections = (await h.request({ method: 'GET', url: '/api/connections' })).json<{ data: ConnectionBody[] }>().data;
      assert.equal(connections[0]?.status, 'not_connected', 'nothing connected');
    } finally {
      await h.app.close();
      await etsy.close();
    }
  });

  it('answers a browser a short page with the same status when the studio is not served', async () => {
    const h = await harness();
    try {
      const stale = await h.request({ method: 'GET', url: '/api/connections/etsy/callback?code=abc&state=made-up-state', token: null, headers: { accept: BROWSER } });
      assert.equal(stale.statusCode, 400);
      assert.match(String(stale.headers['content-type']), /^text\/html/);
      assert.match(stale.body, /expired or was already used/);
    } finally {
      await h.app.close();
    }
  });
});

describe('the logs of a connection', () => {
  it('never hold the code or the state of the consent page\'s way back', async () => {
    const lines: string[] = [];
    const h = await harness({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const callback = await h.request({ method: 'GET', url: '/api/connections/etsy/callback?code=code-that-is-secret&state=state-that-is-secret', token: null });
      assert.equal(callback.statusCode, 400);
      assert.ok(lines.some((line) => line.includes('/api/connections/etsy/callback')), 'the request is logged');
      assert.deepEqual(lines.filter((line) => line.includes('that-is-secret')), []);
    } finally {
      await h.app.close();
    }
  });
});
