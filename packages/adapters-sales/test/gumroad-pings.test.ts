/**
 * The Gumroad fake's pings, heard by a small receiver on loopback: what a sale and a refund ping carry and how they
 * are encoded, and the ways Gumroad's pings misbehave that a receiver must survive: the same ping twice, a refund
 * heard before its sale, pings held back and released late, a forged ping, and retries after a failed answer.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { SalesChannel } from '@larder/domain';
import { gumroadPlatform } from '../src/gumroad/index.js';
import { startGumroadFake, type RunningGumroadFake } from '../src/gumroad/fake/index.js';
import { valueOf } from './support/channel-results.js';
import { startPingReceiver, type PingReceiver } from './support/ping-receiver.js';

describe("the Gumroad fake's pings", () => {
  let fake: RunningGumroadFake;
  let channel: SalesChannel;
  let receiver: PingReceiver;
  let productId = '';
  let hook = '';
  const heard = () => receiver.received.map((ping) => `${ping.fields.get('resource_name')} ${ping.fields.get('sale_id')}`);

  before(async () => {
    receiver = await startPingReceiver();
    hook = `${receiver.url}/hooks/gumroad`;
    fake = await startGumroadFake({ pings: { retryDelaysMs: [20, 20, 20] } });
    channel = gumroadPlatform({ apiUrl: fake.url }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
    const product = await valueOf(channel.createListing({ marker: 'larder00000000000ping', title: 'Pickles', description: '', priceCents: 900, currency: 'USD', tags: [] }));
    await valueOf(channel.activate(product.remoteId));
    productId = product.remoteId;
    await valueOf(channel.subscribeToSales(hook));
  });
  afterEach(async () => {
    await fake.releasePings();
    await fake.pingsSettled();
    Object.assign(fake.pings, { duplicate: false, hold: false, retryDelaysMs: [20, 20, 20] });
    receiver.received.length = 0;
  });
  after(async () => {
    await fake.close();
    await receiver.close();
  });

  it("posts a sale ping form-encoded, with Gumroad's fields, that findSale confirms", async () => {
    const saleId = fake.sell(productId);
    await fake.pingsSettled();
    assert.equal(receiver.received.length, 1);
    const [ping] = receiver.received;
    assert.equal(ping?.path, '/hooks/gumroad');
    assert.equal(ping?.contentType, 'application/x-www-form-urlencoded');
    const fields = Object.fromEntries(ping?.fields ?? []);
    assert.deepEqual(
      [fields['sale_id'], fields['resource_name'], fields['product_id'], fields['seller_id'], fields['price'], fields['currency'], fields['refunded'], fields['email']],
      [saleId, 'sale', productId, fake.userId, '900', 'usd', 'false', 'buyer1@example.com'],
    );
    assert.ok(!Number.isNaN(Date.parse(fields['sale_timestamp'] ?? '')), 'sale_timestamp is a time');
    assert.match(fields['product_permalink'] ?? '', /^https:\/\/lardertestkitchen\.gumroad\.com\/l\/larder00000000000ping$/);
    assert.equal(fields['card[type]'], 'visa');
    const found = await valueOf(channel.findSale(fields['sale_id'] ?? ''));
    assert.deepEqual([found?.remoteListingId, found?.amountCents], [productId, 900]);
  });

  it('posts a refund ping to the refund subscription', async () => {
    const saleId = fake.sell(productId);
    fake.refund(saleId);
    await fake.pingsSettled();
    assert.deepEqual(heard(), [`sale ${saleId}`, `refund ${saleId}`]);
    assert.equal(receiver.received[1]?.fields.get('refunded'), 'true');
  });

  it('posts each ping twice when told to', async () => {
    fake.pings.duplicate = true;
    const saleId = fake.sell(productId);
    await fake.pingsSettled();
    assert.deepEqual(heard(), [`sale ${saleId}`, `sale ${saleId}`]);
  });

  it('holds pings until released, and can release a refund before its sale', async () => {
    fake.pings.hold = true;
    const saleId = fake.sell(productId);
    fake.refund(saleId, 300);
    await fake.pingsSettled();
    assert.equal(receiver.received.length, 0, 'nothing is posted while held');
    await fake.releasePings({ reverse: true });
    await fake.pingsSettled();
    assert.deepEqual(heard(), [`refund ${saleId}`, `sale ${saleId}`]);
    assert.equal(receiver.received[0]?.fields.get('refunded'), 'false', 'a partial refund leaves `refunded` false');
  });

  it('posts a forged ping for a sale the API does not know', async () => {
    const attempt = await fake.forgePing(hook, { price: '1' });
    assert.deepEqual([attempt.status, attempt.resourceName], [200, null]);
    const forged = receiver.received[0]?.fields;
    assert.equal(forged?.get('price'), '1');
    assert.equal(await valueOf(channel.findSale(forged?.get('sale_id') ?? '')), null);
  });

  it('retries after a 503 with retry_count, and not after a 404', async () => {
    receiver.answerWith(503);
    const saleId = fake.sell(productId);
    await fake.pingsSettled();
    assert.deepEqual(
      fake.pingAttempts().filter((made) => made.fields['sale_id'] === saleId).map((made) => [made.attempt, made.status, made.fields['retry_count']]),
      [
        [1, 503, undefined],
        [2, 200, '1'],
      ],
    );
    receiver.answerWith(404);
    const refused = fake.sell(productId);
    await fake.pingsSettled();
    assert.deepEqual(fake.pingAttempts().filter((made) => made.fields['sale_id'] === refused).map((made) => made.status), [404]);
  });

  it('gives up after three retries', async () => {
    receiver.answerWith(500, 502, 504, 500);
    const saleId = fake.sell(productId);
    await fake.pingsSettled();
    assert.deepEqual(fake.pingAttempts().filter((made) => made.fields['sale_id'] === saleId).map((made) => made.status), [500, 502, 504, 500]);
  });

  it('retries a receiver that cannot be reached, and never posts off loopback', async () => {
    const unreachable = await fake.forgePing('http://127.0.0.1:9/hooks');
    assert.equal(unreachable.status, null);
    await fake.pingsSettled();
    assert.equal(fake.pingAttempts().filter((made) => made.url === 'http://127.0.0.1:9/hooks').length, 4);
    const away = await fake.forgePing('http://192.0.2.1/hooks');
    assert.match(away.error ?? '', /loopback/);
  });
});
