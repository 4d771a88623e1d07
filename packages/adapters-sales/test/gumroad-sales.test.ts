/**
 * Sales on Gumroad through the channel, against the fake: a sale found as Gumroad has it (USD cents), refunds partial
 * and full, a sale in another currency, the reconciliation pass over `GET /v2/sales` page by page, and the resource
 * subscriptions that make Gumroad ping: made once per resource however often asked, removed by prefix.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Clock, SalesChannel, SalesSince } from '@larder/domain';
import { gumroadPlatform } from '../src/gumroad/index.js';
import { startGumroadFake, type RunningGumroadFake } from '../src/gumroad/fake/index.js';
import { valueOf } from './support/channel-results.js';

const DAY_MS = 24 * 3600 * 1000;

/** A published product of the fake, priced as given; its id. */
async function publishedProduct(channel: SalesChannel, marker: string, priceCents = 1200, currency = 'USD'): Promise<string> {
  const created = await valueOf(channel.createListing({ marker, title: `Book ${marker}`, description: '', priceCents, currency, tags: [] }));
  await valueOf(channel.activate(created.remoteId));
  return created.remoteId;
}

describe('Gumroad sales through the channel', () => {
  let fake: RunningGumroadFake;
  let channel: SalesChannel;
  let productId = '';
  before(async () => {
    fake = await startGumroadFake({ pings: { retryDelaysMs: [] } });
    channel = gumroadPlatform({ apiUrl: fake.url }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
    productId = await publishedProduct(channel, 'larder0000000000sales');
  });
  after(() => fake.close());

  it('is told of sales by push', () => {
    assert.equal(channel.saleNotices, 'push');
  });

  it('finds a sale as Gumroad has it: the product, USD cents, nothing refunded, when it was sold', async () => {
    const before = Date.now();
    const saleId = fake.sell(productId);
    const sale = await valueOf(channel.findSale(saleId));
    assert.ok(sale !== null);
    assert.deepEqual({ ...sale, soldAt: undefined }, { remoteId: saleId, remoteListingId: productId, amountCents: 1200, currency: 'USD', refundedCents: 0, soldAt: undefined });
    assert.ok(sale.soldAt.getTime() >= before - 1000 && sale.soldAt.getTime() <= Date.now(), 'sold just now');
  });

  it('answers null for a sale the account does not have', async () => {
    assert.equal(await valueOf(channel.findSale('bm90IGEgc2FsZQ==')), null);
    assert.equal(await valueOf(channel.findSale('a/b?c')), null);
  });

  it('tells a partial refund, then the rest refunded', async () => {
    const saleId = fake.sell(productId, { priceCents: 1500 });
    fake.refund(saleId, 400);
    assert.equal((await valueOf(channel.findSale(saleId)))?.refundedCents, 400);
    fake.refund(saleId);
    assert.deepEqual(await valueOf(channel.findSale(saleId)).then((sale) => [sale?.amountCents, sale?.refundedCents]), [1500, 1500]);
    assert.throws(() => fake.refund(saleId), /already refunded/);
  });

  it("reports a sale in another currency in USD, as Gumroad's price is, and its partial refund in proportion", async () => {
    const euroProduct = await publishedProduct(channel, 'larder00000000000euro', 1000, 'EUR');
    const saleId = fake.sell(euroProduct);
    const raw = (await (await fetch(`${fake.url}/v2/sales/${encodeURIComponent(saleId)}`, { headers: { authorization: `Bearer ${fake.accessToken}` } })).json()) as {
      sale: Record<string, unknown>;
    };
    // The fake's rate is 0.9 EUR to the dollar: €10 is 1111 USD cents.
    assert.deepEqual([raw.sale['price'], raw.sale['currency'], raw.sale['formatted_total_price']], [1111, 'eur', '€10']);
    fake.refund(saleId, 250);
    const sale = await valueOf(channel.findSale(saleId));
    // €7.50 of €10 is left: 1111 − round(1111 × 750 / 1000) = 1111 − 833.
    assert.deepEqual([sale?.amountCents, sale?.currency, sale?.refundedCents], [1111, 'USD', 278]);
  });
});

describe("the reconciliation pass over Gumroad's sales", () => {
  let fake: RunningGumroadFake;
  let productId = '';
  const connect = (clock?: Clock): SalesChannel =>
    gumroadPlatform({ apiUrl: fake.url, ...(clock === undefined ? {} : { clock }) }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
  before(async () => {
    fake = await startGumroadFake({ pings: { retryDelaysMs: [] } });
    productId = await publishedProduct(connect(), 'larder0000000000recon');
  });
  after(() => fake.close());

  it('reads every sale of the last 30 days, ten a page, and says when more wait', async () => {
    const sold = Array.from({ length: 12 }, () => fake.sell(productId));
    const channel = connect();
    const first = await valueOf(channel.salesSince(null));
    assert.deepEqual([first.sales.length, first.more], [10, true]);
    assert.deepEqual(first.sales.map((sale) => sale.remoteId), sold.slice(2).reverse(), 'newest first');
    const second = await valueOf(channel.salesSince(first.cursor));
    assert.deepEqual([second.sales.length, second.more], [2, false]);
    assert.deepEqual(new Set([...first.sales, ...second.sales].map((sale) => sale.remoteId)), new Set(sold));
    assert.match(second.cursor, /^since=/);
    const again = await valueOf(channel.salesSince(second.cursor));
    assert.equal(again.sales.length, 10, 'the next pass starts over: a refund of a recent sale is seen again');
  });

  it('tells a refund made after a sale was read, on the next pass', async () => {
    const channel = connect();
    const saleId = fake.sell(productId);
    let cursor: string | null = null;
    for (let more = true; more; ) {
      const page: SalesSince = await valueOf(channel.salesSince(cursor));
      cursor = page.cursor;
      more = page.more;
    }
    fake.refund(saleId);
    const next = await valueOf(channel.salesSince(cursor));
    assert.equal(next.sales.find((sale) => sale.remoteId === saleId)?.refundedCents, 1200);
  });

  it('starts 30 days back without a cursor, and further back when the last pass is older than that', async () => {
    const inForty = connect({ now: () => new Date(Date.now() + 40 * DAY_MS) });
    assert.equal((await valueOf(inForty.salesSince(null))).sales.length, 0, "today's sales are more than 30 days before that clock");
    const lastPass = new URLSearchParams({ since: new Date(Date.now() - DAY_MS).toISOString() }).toString();
    assert.equal((await valueOf(inForty.salesSince(lastPass))).sales.length, 10, 'a pass begun yesterday reaches today');
    assert.equal((await valueOf(inForty.salesSince('not a cursor'))).sales.length, 0, 'an unreadable cursor starts a new pass');
  });
});

describe('subscribing to Gumroad sale pings', () => {
  let fake: RunningGumroadFake;
  let channel: SalesChannel;
  const subscriptions = () => fake.resourceSubscriptions().map((subscription) => `${subscription.resourceName} ${subscription.postUrl}`).sort();
  before(async () => {
    fake = await startGumroadFake();
    channel = gumroadPlatform({ apiUrl: fake.url }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
  });
  after(() => fake.close());

  it('subscribes a URL to sales and refunds once, however often asked', async () => {
    await valueOf(channel.subscribeToSales('https://larder.example/hooks/gumroad/u1'));
    await valueOf(channel.subscribeToSales('https://larder.example/hooks/gumroad/u1'));
    assert.deepEqual(subscriptions(), ['refund https://larder.example/hooks/gumroad/u1', 'sale https://larder.example/hooks/gumroad/u1']);
  });

  it('removes every subscription under a prefix and leaves the others', async () => {
    await valueOf(channel.subscribeToSales('https://larder.example/hooks/gumroad/u2'));
    await valueOf(channel.subscribeToSales('https://elsewhere.example/hook'));
    await valueOf(channel.unsubscribeFromSales('https://larder.example/hooks/'));
    assert.deepEqual(subscriptions(), ['refund https://elsewhere.example/hook', 'sale https://elsewhere.example/hook']);
    await valueOf(channel.unsubscribeFromSales('https://larder.example/hooks/'));
    assert.equal(subscriptions().length, 2);
  });

  it('counts a subscription deleted by someone else meanwhile as deleted', async () => {
    await valueOf(channel.subscribeToSales('https://larder.example/hooks/gumroad/u3'));
    // Another client deletes each subscription just before this channel's DELETE reaches Gumroad.
    const racing: typeof fetch = async (input, init) => {
      if (init?.method === 'DELETE') await fetch(input, init);
      return fetch(input, init);
    };
    const raced = gumroadPlatform({ apiUrl: fake.url, fetch: racing }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
    await valueOf(raced.unsubscribeFromSales('https://larder.example/hooks/gumroad/u3'));
    assert.deepEqual(subscriptions(), ['refund https://elsewhere.example/hook', 'sale https://elsewhere.example/hook']);
  });
});
