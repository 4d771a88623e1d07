/**
 * Outbound webhooks end to end: endpoints through the API, events raised by product writes, the relay, the delivery
 * job and the real sender POSTing to a loopback receiver that verifies every signature with the Standard Webhooks
 * reference verifier. The receiver goes down (503, then a closed port) and comes back; secrets rotate; an endpoint
 * failing for 3 days is disabled; the SSRF guard refuses private addresses; a process dies after a write.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { relayEvents, startJobRunner, webhookDeliveryHandler } from '@larder/domain';
import { sequentialIds } from '@larder/domain/testing';
import { httpWebhookSender, outboundGuard, type Resolver } from '@larder/adapters-outbound';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { harness, PASSWORD } from '../support/harness.js';
import { bodyOf, startReceiver, verifies, type Received } from './webhook-receiver.js';
import { TEST_POLICY, webhookWorld, type WebhookWorld } from './webhook-world.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SALES = { platforms: ['etsy'], price_cents: 1200, currency: 'EUR' };

interface EndpointBody {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  version: number;
  secret?: string;
}
interface DeliveryBody {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  attempt_log: { status_code: number | null; error: string | null }[];
}

async function createEndpoint(world: WebhookWorld, path: string, events: string[]): Promise<EndpointBody & { secret: string }> {
  const response = await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: world.receiver.url(path), events, description: `receiver ${path}` } });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

async function publishedProduct(world: WebhookWorld, title = 'Soups') {
  const recipe = await createRecipe(world.h);
  const product = await createEbook(world.h, [recipe.id], title);
  const published = await world.h.request({ method: 'POST', url: `/api/products/${product.id}/publish`, body: SALES });
  assert.equal(published.statusCode, 200, published.body);
  return product;
}

const deliveriesOf = async (world: WebhookWorld, endpointId: string): Promise<DeliveryBody[]> =>
  (await world.h.request({ method: 'GET', url: `/api/webhooks/${endpointId}/deliveries?per_page=100` })).json<{ data: DeliveryBody[] }>().data;

const at = (request: Received): Date => new Date(Number(request.headers['webhook-timestamp']) * 1000);
const ok = (request: Received) => request.status >= 200 && request.status < 300;

describe('webhooks over HTTP, delivered to a loopback receiver', () => {
  let world: WebhookWorld;
  before(async () => {
    world = await webhookWorld();
  });
  after(() => world.close());

  it('creates an endpoint with a whsec_ secret shown once, reads it back without, and keeps it private to its user', async () => {
    const created = await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: world.receiver.url('/crud'), events: ['sale.created'] } });
    assert.equal(created.statusCode, 201);
    const endpoint = created.json<EndpointBody>();
    assert.match(endpoint.secret ?? '', /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(created.headers['location'], `/api/webhooks/${endpoint.id}`);
    assert.equal(created.headers['etag'], '"1"');
    const read = await world.h.request({ method: 'GET', url: `/api/webhooks/${endpoint.id}` });
    assert.equal(read.statusCode, 200);
    assert.equal('secret' in read.json<EndpointBody>(), false);
    assert.equal(read.body.includes(endpoint.secret ?? '-'), false);

    assert.equal((await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: world.receiver.url('/x'), events: ['sale.created'], secret: 'mine' } })).statusCode, 400);
    assert.equal((await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: world.receiver.url('/x'), events: [] } })).statusCode, 400);
    assert.equal((await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: world.receiver.url('/x'), events: ['sale.created', 'sale.created'] } })).statusCode, 400);
    assert.equal((await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: world.receiver.url('/x'), events: ['webhook.disabled'] } })).statusCode, 400);

    const stale = await world.h.request({ method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, headers: { 'if-match': '"7"' }, body: { description: 'x' } });
    assert.equal(stale.statusCode, 412);
    const patched = await world.h.request({ method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, headers: { 'if-match': '"1"' }, body: { events: ['sale.created', 'sale.refunded'], enabled: false } });
    assert.equal(patched.statusCode, 200);
    assert.deepEqual([patched.json<EndpointBody>().events, patched.json<EndpointBody>().enabled, patched.headers['etag']], [['sale.created', 'sale.refunded'], false, '"2"']);

    await world.h.addUser('other@example.com');
    const other = (await world.h.login('other@example.com', PASSWORD)).json<{ token: string }>().token;
    const asOther = { token: other };
    for (const [method, url] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', '/rotate-secret'], ['GET', '/deliveries'], ['POST', '/deliveries/d1/retry']] as const) {
      const response = await world.h.request({ method, url: `/api/webhooks/${endpoint.id}${url}`, ...asOther, ...(method === 'PATCH' ? { body: { enabled: true } } : {}) });
      assert.equal(response.statusCode, 404, `${method} ${url}`);
      assert.equal(response.json<{ code: string }>().code, 'not_found');
    }
    assert.deepEqual((await world.h.request({ method: 'GET', url: '/api/webhooks', ...asOther })).json<{ data: unknown[] }>().data, []);

    const removed = await world.h.request({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}` });
    assert.equal(removed.statusCode, 200);
    assert.equal((await world.h.request({ method: 'GET', url: `/api/webhooks/${endpoint.id}` })).statusCode, 404);
  });

  it('delivers every event at least once, signed, after the receiver was down (503, then a closed port) and came back; the same webhook-id on every retry', async () => {
    const endpoint = await createEndpoint(world, '/down-then-up', ['product.published', 'product.unpublished']);
    world.receiver.mode = 'failing';
    const product = await publishedProduct(world, 'Down');
    assert.equal((await world.h.request({ method: 'PATCH', url: `/api/products/${product.id}`, body: { status: 'draft' } })).statusCode, 200);
    assert.equal((await world.h.request({ method: 'POST', url: `/api/products/${product.id}/publish`, body: SALES })).statusCode, 200);
    const mine = () => world.receiver.received.filter((request) => request.path === '/down-then-up');
    await world.receiver.until(() => mine().length >= 3);
    await world.advance(5 * 60 * 1000, 30_000);
    const while503 = mine().length;
    assert.ok(while503 > 6, `retried while answering 503 (${while503} requests)`);

    await world.receiver.shut();
    await world.advance(30 * 60 * 1000, 60_000);
    const failing = await deliveriesOf(world, endpoint.id);
    assert.ok(failing.every((delivery) => delivery.status === 'pending' && delivery.last_status_code === null));
    assert.ok(failing.some((delivery) => delivery.attempt_log.some((attempt) => attempt.error === 'the connection was refused')));
    assert.equal(mine().length, while503, 'nothing arrived while the port was closed');

    await world.receiver.reopen();
    world.receiver.mode = 'up';
    await world.advance(2 * 60 * 1000, 30_000);
    const delivered = await deliveriesOf(world, endpoint.id);
    assert.equal(delivered.length, 3);
    assert.deepEqual(delivered.map((delivery) => delivery.status), ['succeeded', 'succeeded', 'succeeded']);
    assert.ok(delivered.every((delivery) => delivery.attempts > 3));

    const requests = mine();
    const succeededIds = new Set(requests.filter(ok).map((request) => String(request.headers['webhook-id'])));
    assert.deepEqual([...succeededIds].sort(), delivered.map((delivery) => delivery.event_id).sort(), 'every event arrived');
    for (const id of succeededIds) {
      const attempts = requests.filter((request) => request.headers['webhook-id'] === id);
      assert.ok(attempts.length > 1, 'retried under the same webhook-id');
      assert.equal(new Set(attempts.map((request) => request.body)).size, 1, 'the same body every time');
    }
    for (const request of requests) assert.ok(verifies(endpoint.secret, request, at(request)), 'every signature verifies');
    assert.deepEqual(requests.filter(ok).map((request) => bodyOf(request).type).sort(), ['product.published', 'product.published', 'product.unpublished']);
    const published = requests.find((request) => bodyOf(request).type === 'product.published');
    assert.equal(published === undefined ? undefined : bodyOf(published).data['id'], product.id);
    assert.equal(published?.headers['content-type'], 'application/json');
  });

  it('rotating the secret signs with both for 24 hours (the old one still verifies), then with the new one only', async () => {
    const endpoint = await createEndpoint(world, '/rotation', ['product.published']);
    const rotated = await world.h.request({ method: 'POST', url: `/api/webhooks/${endpoint.id}/rotate-secret` });
    assert.equal(rotated.statusCode, 200);
    const secret = rotated.json<{ secret: string }>().secret;
    assert.notEqual(secret, endpoint.secret);
    const mine = () => world.receiver.received.filter((request) => request.path === '/rotation');

    await publishedProduct(world, 'Rotated');
    await world.receiver.until(() => mine().length === 1);
    const [within] = mine();
    assert.ok(within !== undefined);
    assert.equal(String(within.headers['webhook-signature']).split(' ').length, 2);
    assert.ok(verifies(secret, within, at(within)), 'the new secret verifies');
    assert.ok(verifies(endpoint.secret, within, at(within)), 'the old secret still verifies within 24 h');

    world.h.clock.advance(DAY);
    await publishedProduct(world, 'Rotated later');
    await world.receiver.until(() => mine().length === 2);
    const later = mine()[1];
    assert.ok(later !== undefined);
    assert.equal(String(later.headers['webhook-signature']).split(' ').length, 1);
    assert.ok(verifies(secret, later, at(later)));
    assert.equal(verifies(endpoint.secret, later, at(later)), false, 'the old secret no longer verifies after 24 h');
  });

  it('disables an endpoint whose deliveries failed for 3 days, and tells the other endpoint with webhook.disabled', async () => {
    const failing = await createEndpoint(world, '/always-503', ['product.published']);
    await createEndpoint(world, '/watcher', ['sale.refunded']);
    world.receiver.failingPaths.add('/always-503');
    await publishedProduct(world, 'Never heard');
    await world.receiver.until((received) => received.some((request) => request.path === '/always-503'));
    // The receiver has the request; the delivery job records the 503 (and the endpoint's failing_since) once it has
    // read the answer.
    await world.settle();
    const since = (await world.h.request({ method: 'GET', url: `/api/webhooks/${failing.id}` })).json<EndpointBody>().failing_since;
    assert.ok(since !== null);

    await world.advance(3 * DAY - HOUR, 2 * HOUR);
    assert.equal((await world.h.request({ method: 'GET', url: `/api/webhooks/${failing.id}` })).json<EndpointBody>().enabled, true, 'not yet');
    await world.advance(2 * HOUR, 30 * 60 * 1000);
    const disabled = (await world.h.request({ method: 'GET', url: `/api/webhooks/${failing.id}` })).json<EndpointBody>();
    assert.equal(disabled.enabled, false);
    assert.match(disabled.disabled_reason ?? '', /3 days/);
    assert.deepEqual((await deliveriesOf(world, failing.id)).map((delivery) => delivery.status), ['failed']);

    const notice = world.receiver.received.find((request) => request.path === '/watcher' && bodyOf(request).type === 'webhook.disabled');
    assert.ok(notice !== undefined, 'the other endpoint heard of it');
    assert.equal(bodyOf(notice).data['endpoint_id'], failing.id);
    assert.equal(world.receiver.received.filter((request) => request.path === '/always-503' && bodyOf(request).type === 'webhook.disabled').length, 0);

    const retry = await world.h.request({ method: 'POST', url: `/api/webhooks/${failing.id}/deliveries/${(await deliveriesOf(world, failing.id))[0]?.id ?? ''}/retry` });
    assert.equal(retry.statusCode, 409);
    world.receiver.failingPaths.delete('/always-503');
    const enabled = await world.h.request({ method: 'PATCH', url: `/api/webhooks/${failing.id}`, body: { enabled: true } });
    assert.deepEqual([enabled.json<EndpointBody>().enabled, enabled.json<EndpointBody>().failing_since, enabled.json<EndpointBody>().disabled_reason], [true, null, null]);
    const [given] = await deliveriesOf(world, failing.id);
    const again = await world.h.request({ method: 'POST', url: `/api/webhooks/${failing.id}/deliveries/${given?.id ?? ''}/retry` });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json<DeliveryBody>().status, 'pending');
    await world.settle();
    assert.equal((await deliveriesOf(world, failing.id))[0]?.status, 'succeeded');
  });
});

describe('the SSRF guard on webhook endpoints', () => {
  /** One public name, and one that a rebinding DNS moves to loopback after the check. */
  const names: Record<string, string> = { 'hooks.example.com': '93.184.216.34', 'rebind.example.com': '93.184.216.34' };
  const resolve: Resolver = async (hostname) => {
    const address = names[hostname];
    if (address === undefined) throw Object.assign(new Error('unknown'), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };
  let world: WebhookWorld;
  before(async () => {
    world = await webhookWorld({ allowPrivate: false, resolve });
  });
  after(() => world.close());

  const refused = async (url: string, message: RegExp) => {
    const response = await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url, events: ['product.published'] } });
    assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
    const problem = response.json<{ code: string; errors: { pointer: string; message: string }[] }>();
    assert.equal(problem.code, 'validation_failed');
    assert.equal(problem.errors[0]?.pointer, '/url');
    assert.match(problem.errors[0]?.message ?? '', message, url);
  };

  it('refuses loopback in every spelling, plain http, credentials and malformed URLs without OUTBOUND_ALLOW_PRIVATE', async () => {
    await refused(world.receiver.url('/a'), /private address/);
    await refused(`https://127.0.0.1:${world.receiver.port}/`, /loopback/);
    await refused(`https://2130706433:${world.receiver.port}/`, /loopback/);
    await refused(`https://[::ffff:127.0.0.1]:${world.receiver.port}/`, /loopback/);
    await refused('https://0x7f.1/', /loopback/);
    await refused('https://localhost/', /loopback/);
    await refused('https://169.254.169.254/latest/meta-data/', /metadata/);
    await refused('https://[fd00::1]/', /unique-local/);
    await refused('http://hooks.example.com/larder', /https/);
    await refused('https://user:secret@hooks.example.com/larder', /credentials/);
    await refused('not a url', /absolute URL/);
    await refused('ftp://hooks.example.com/', /https/);
    await refused('https://nowhere.example.com/', /does not resolve/);
    const accepted = await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: 'https://hooks.example.com/larder', events: ['product.published'] } });
    assert.equal(accepted.statusCode, 201);
    const moved = await world.h.request({ method: 'PATCH', url: `/api/webhooks/${accepted.json<EndpointBody>().id}`, body: { url: `https://127.0.0.1:${world.receiver.port}/` } });
    assert.equal(moved.statusCode, 400);
    assert.equal(moved.json<{ errors: { pointer: string }[] }>().errors[0]?.pointer, '/url');
  });

  it('checks again at delivery: a name that now resolves to loopback is refused before connecting', async () => {
    const created = await world.h.request({ method: 'POST', url: '/api/webhooks', body: { url: `http://rebind.example.com:${world.receiver.port}/rebound`.replace('http:', 'https:'), events: ['product.published'] } });
    assert.equal(created.statusCode, 201);
    names['rebind.example.com'] = '127.0.0.1';
    const before = world.receiver.received.length;
    await publishedProduct(world, 'Rebound');
    await world.settle();
    const [delivery] = await deliveriesOf(world, created.json<EndpointBody>().id);
    assert.equal(delivery?.status, 'pending');
    assert.match(delivery?.attempt_log[0]?.error ?? '', /^refused: .*loopback/);
    assert.equal(world.receiver.received.length, before, 'nothing reached the receiver');
  });
});

describe('a process that dies right after a product publish', () => {
  it('leaves the event in the outbox, and a fresh relay in another process delivers it', async () => {
    // The first process: it publishes, and dies before any relay ran (there is none in it).
    const first = await harness({ allowPrivate: true });
    const receiver = await startReceiver();
    const endpoint = await first.request({ method: 'POST', url: '/api/webhooks', body: { url: receiver.url('/after-crash'), events: ['product.published'] } });
    assert.equal(endpoint.statusCode, 201);
    const recipe = await createRecipe(first);
    const product = await createEbook(first, [recipe.id]);
    assert.equal((await first.request({ method: 'POST', url: `/api/products/${product.id}/publish`, body: SALES })).statusCode, 200);
    await first.app.close();
    assert.equal((await first.publishing.outbox.pending(10))._unsafeUnwrap().length, 1, 'the event waits with the product');

    // A fresh process over the same stores: its relay finds the event and delivers it.
    const stores = first.publishing;
    const sender = httpWebhookSender({ guard: outboundGuard({ allowPrivate: true }) });
    const ids = sequentialIds('fresh');
    const handler = webhookDeliveryHandler({ endpoints: stores.webhookEndpoints, deliveries: stores.webhookDeliveries, queue: stores.queue, secrets: stores.secrets, sender, clock: first.clock, ids, policy: TEST_POLICY });
    const runner = startJobRunner({ queue: stores.queue, handlers: [handler], clock: first.clock, owner: 'fresh', pollMs: 10 });
    const relayed = await relayEvents({ outbox: stores.outbox, endpoints: stores.webhookEndpoints, deliveries: stores.webhookDeliveries, queue: stores.queue, clock: first.clock, ids })(100);
    assert.equal(relayed._unsafeUnwrap(), 1);
    await runner.drained();
    await runner.stop();
    sender.close();
    const arrived = receiver.received.filter((request) => request.path === '/after-crash');
    assert.equal(arrived.length, 1);
    assert.equal(bodyOf(arrived[0] ?? { path: '', headers: {}, body: '{}', status: 0 }).data['id'], product.id);
    assert.ok(verifies(endpoint.json<{ secret: string }>().secret, arrived[0] ?? { path: '', headers: {}, body: '', status: 0 }, first.clock.now()));
    assert.deepEqual((await stores.outbox.pending(10))._unsafeUnwrap(), []);
    await receiver.close();
  });
});
