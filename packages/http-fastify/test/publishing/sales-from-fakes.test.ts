/**
 * Sales coming back from both platform fakes through the running service: Gumroad's pings (duplicated, out of order,
 * forged, refused while the database is away) confirmed through its API, Etsy's receipts polled, refunds, a restart
 * of the job runner mid-way; the revenue report must come out exact.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { everyFault, noFaults } from '@larder/adapters-sales/fakes';
import { queueSalesPolls } from '@larder/domain';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { connectBoth, publishingWorld, type PublishingWorld } from './publishing-world.js';

interface Row {
  key: string | null;
  currency: string;
  sales: number;
  gross_cents: number;
  refunded_cents: number;
  net_cents: number;
}
interface SaleBody {
  id: string;
  product_id: string | null;
  platform: string;
  remote_id: string;
  amount_cents: number;
  refunded_cents: number;
}

describe('sales from Etsy and Gumroad (loopback fakes, through the running service)', () => {
  let world: PublishingWorld;
  let productId: string;
  let gumroadProduct: string;
  let etsyListing: string;
  const gumroadSales: string[] = [];

  const sales = async (query = '') => (await world.h.request({ method: 'GET', url: `/api/sales?per_page=100${query}` })).json<{ data: SaleBody[] }>().data;
  const report = async (group: string) => (await world.h.request({ method: 'GET', url: `/api/reports/revenue?group_by=${group}` })).json<{ data: Row[] }>().data;
  const poll = async (platform: string) => {
    (await queueSalesPolls({ connections: world.h.publishing.connections, queue: world.h.publishing.queue, clock: world.h.clock }, platform))._unsafeUnwrap();
    await world.runner.drained();
  };
  const settle = async () => {
    await world.gumroad.pingsSettled();
    await world.runner.drained();
  };

  before(async () => {
    world = await publishingWorld({ listen: true });
    world.gumroad.pings.retryDelaysMs = [100, 200, 400];
    await connectBoth(world);
    const recipes = [];
    for (const title of ['Braised Leeks', 'Lemon Tart']) recipes.push((await createRecipe(world.h, { title })).id);
    productId = (await createEbook(world.h, recipes, 'Sunday Suppers')).id;
    const published = await world.h.request({ method: 'POST', url: `/api/products/${productId}/publish`, body: { platforms: ['etsy', 'gumroad'], price_cents: 1200, currency: 'USD' } });
    assert.equal(published.statusCode, 200);
    await world.runner.drained();
    gumroadProduct = world.gumroad.listings()[0]?.remoteId ?? '';
    etsyListing = world.etsy.listings()[0]?.remoteId ?? '';
    assert.ok(gumroadProduct !== '' && etsyListing !== '', 'both listings are live');
  });
  after(() => world.close());

  it('subscribes Gumroad’s sale and refund notices at the service’s own address when the account is connected', () => {
    const subscriptions = world.gumroad.resourceSubscriptions();
    assert.deepEqual(subscriptions.map((subscription) => subscription.resourceName).sort(), ['refund', 'sale']);
    for (const subscription of subscriptions) assert.match(subscription.postUrl, new RegExp(`^${world.publicUrl}/hooks/gumroad/[A-Za-z0-9_-]{43}$`));
  });

  it('counts each Gumroad sale once, however many times its ping comes, and only once Gumroad confirms it', async () => {
    world.gumroad.pings.duplicate = true;
    for (let i = 0; i < 3; i += 1) gumroadSales.push(world.gumroad.sell(gumroadProduct));
    await settle();
    const pinged = world.gumroad.pingAttempts().filter((attempt) => attempt.resourceName === 'sale');
    assert.equal(pinged.length, 6, 'every sale pinged twice');
    assert.ok(pinged.every((attempt) => attempt.status === 200), JSON.stringify(pinged.map((attempt) => attempt.status)));
    const kept = await sales('&platform=gumroad');
    assert.deepEqual(kept.map((sale) => sale.remote_id).sort(), [...gumroadSales].sort());
    assert.ok(kept.every((sale) => sale.product_id === productId && sale.amount_cents === 1200));
    world.gumroad.pings.duplicate = false;
  });

  it('counts nothing for a forged ping the Gumroad API does not confirm', async () => {
    const url = world.gumroad.resourceSubscriptions().find((subscription) => subscription.resourceName === 'sale')?.postUrl ?? '';
    const forged = await world.gumroad.forgePing(url, { product_id: gumroadProduct, price: '99999' });
    assert.equal(forged.status, 200, 'answered like any ping (nothing tells a forger what happened)');
    await world.runner.drained();
    assert.equal((await sales('&platform=gumroad')).length, 3);
  });

  it('takes a refund that arrives before its sale, and a ping refused while the database is away comes back', async () => {
    world.gumroad.pings.hold = true;
    const late = world.gumroad.sell(gumroadProduct);
    world.gumroad.refund(late, 500);
    world.gumroad.pings.hold = false;
    world.h.publishing.queue.unavailable = true;
    const releasing = world.gumroad.releasePings({ reverse: true });
    await releasing;
    world.h.publishing.queue.unavailable = false;
    await settle();
    const attempts = world.gumroad.pingAttempts().filter((attempt) => attempt.fields['sale_id'] === late);
    assert.ok(attempts.some((attempt) => attempt.status === 503), 'refused while the queue was away');
    assert.ok(attempts.some((attempt) => attempt.status === 200 && attempt.attempt > 1), 'accepted on Gumroad’s retry');
    const kept = (await sales('&platform=gumroad')).find((sale) => sale.remote_id === late);
    assert.equal(kept?.refunded_cents, 500);
    gumroadSales.push(late);
  });

  it('polls Etsy’s receipts, every fault switched on, restarting the job runner mid-way, and keeps each transaction once', async () => {
    Object.assign(world.etsy.faults, everyFault());
    const first = world.etsy.sell(etsyListing);
    const second = world.etsy.sell(etsyListing, { quantity: 2 });
    world.etsy.refund(second.receiptId, 2400);
    (await queueSalesPolls({ connections: world.h.publishing.connections, queue: world.h.publishing.queue, clock: world.h.clock }, 'etsy'))._unsafeUnwrap();
    await world.restartRunner();
    await world.runner.drained();
    await poll('etsy');
    Object.assign(world.etsy.faults, noFaults());
    await poll('etsy');
    const kept = await sales('&platform=etsy');
    assert.deepEqual(kept.map((sale) => sale.remote_id).sort(), [String(first.transactionId), String(second.transactionId)].sort());
    assert.deepEqual(kept.map((sale) => [sale.amount_cents, sale.refunded_cents]).sort(), [[1200, 0], [2400, 2400]]);
  });

  it('reports revenue exactly, per platform and per product', async () => {
    assert.deepEqual(await report('platform'), [
      { key: 'etsy', currency: 'USD', sales: 2, gross_cents: 3600, refunded_cents: 2400, net_cents: 1200 },
      { key: 'gumroad', currency: 'USD', sales: 4, gross_cents: 4800, refunded_cents: 500, net_cents: 4300 },
    ]);
    assert.deepEqual(await report('product'), [{ key: productId, currency: 'USD', sales: 6, gross_cents: 8400, refunded_cents: 2900, net_cents: 5500 }]);
  });

  it('raises sale.created once per sale and sale.refunded per refund, in the outbox', async () => {
    const events = (await world.h.publishing.outbox.pending(1000))._unsafeUnwrap().map((pending) => pending.event.type);
    assert.equal(events.filter((type) => type === 'sale.created').length, 6);
    assert.equal(events.filter((type) => type === 'sale.refunded').length, 2);
  });

  it('removes the Gumroad subscriptions when the account is disconnected', async () => {
    assert.equal((await world.h.request({ method: 'DELETE', url: '/api/connections/gumroad' })).statusCode, 200);
    await world.runner.drained();
    assert.deepEqual(world.gumroad.resourceSubscriptions(), []);
  });
});
