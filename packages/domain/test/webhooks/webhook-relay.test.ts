import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventFixture, InMemoryProductRepository, productFixture } from '../../src/testing/index.js';
import { relayEvents } from '../../src/webhooks/webhook-relay.js';
import { webhookWorld } from './webhook-world.js';

describe('the webhook relay', () => {
  it("makes one delivery per enabled endpoint of the event's user subscribed to its type, queues its job, then acknowledges", async () => {
    const w = webhookWorld();
    const subscribed = await w.addEndpoint('u1', ['product.published']);
    const both = await w.addEndpoint('u1', ['sale.created', 'product.published']);
    await w.addEndpoint('u1', ['sale.created']);
    const disabled = await w.addEndpoint('u1', ['product.published']);
    await w.endpoints.save({ ...disabled.endpoint, enabled: false, version: 2 }, 1);
    await w.addEndpoint('u2', ['product.published']);
    const products = new InMemoryProductRepository(w.outbox);
    const event = eventFixture({ user_id: 'u1', type: 'product.published' });
    await products.insert(productFixture(), [event]);

    assert.equal((await w.relay(100))._unsafeUnwrap(), 1);
    const made = w.deliveries.all();
    assert.deepEqual(made.map((delivery) => delivery.endpoint_id).sort(), [subscribed.endpoint.id, both.endpoint.id].sort());
    assert.ok(made.every((delivery) => delivery.event_id === event.id && delivery.status === 'pending' && delivery.user_id === 'u1'));
    assert.deepEqual(JSON.parse(made[0]?.payload ?? ''), { type: 'product.published', timestamp: event.occurred_at.toISOString(), data: event.data });
    assert.equal((await w.queue.size())._unsafeUnwrap(), 2);
    assert.deepEqual((await w.outbox.pending(10))._unsafeUnwrap(), []);
  });

  it('makes no second delivery or job when the event is relayed again (two relays, or one that died before acknowledging)', async () => {
    const w = webhookWorld();
    await w.addEndpoint('u1', ['listing.live']);
    const event = eventFixture({ user_id: 'u1', type: 'listing.live' });
    w.outbox.add('listings:p:etsy', [event]);
    const second = relayEvents({ outbox: w.outbox, endpoints: w.endpoints, deliveries: w.deliveries, queue: w.queue, clock: w.clock, ids: w.ids });
    await Promise.all([w.relay(100), second(100)]);
    // A relay that died after making the delivery but before acknowledging: the event is handed out again.
    w.outbox.add('listings:p:etsy', [event]);
    await w.relay(100);
    assert.equal(w.deliveries.all().length, 1);
    assert.equal((await w.queue.size())._unsafeUnwrap(), 1);
    await w.runDue();
    assert.equal(w.sent.length, 1);
    await w.stop();
  });

  it('sends webhook.disabled to every other enabled endpoint of the user, subscribed or not', async () => {
    const w = webhookWorld();
    const gone = await w.addEndpoint('u1', ['product.published']);
    const other = await w.addEndpoint('u1', ['sale.refunded']);
    await w.addEndpoint('u2', ['sale.refunded']);
    w.outbox.add(`webhook_endpoints:${gone.endpoint.id}`, [eventFixture({ user_id: 'u1', type: 'webhook.disabled', data: { endpoint_id: gone.endpoint.id } })]);
    await w.relay(100);
    assert.deepEqual(w.deliveries.all().map((delivery) => delivery.endpoint_id), [other.endpoint.id]);
  });

  it('acknowledges an event nobody listens to, and relays at most `limit` a pass', async () => {
    const w = webhookWorld();
    for (let index = 0; index < 5; index += 1) w.outbox.add('sales:s', [eventFixture({ user_id: 'nobody' })]);
    assert.equal((await w.relay(3))._unsafeUnwrap(), 3);
    assert.equal((await w.relay(3))._unsafeUnwrap(), 2);
    assert.equal((await w.relay(3))._unsafeUnwrap(), 0);
  });
});
