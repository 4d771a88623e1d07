/**
 * Sales on Etsy through the channel, against the fake: paid receipts polled with `getShopReceipts`, each transaction a
 * sale, Etsy's money read exactly whatever its divisor, refunds spread over a receipt's lines, paging by the receipts'
 * last change (a receipt changed while the pages are read is not lost), and one sale found by its transaction id.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { listingMarker, type RemoteSale, type SalesChannel } from '@larder/domain';
import { etsyPlatform } from '../src/etsy/index.js';
import { refundedPerLine, salesOfReceipt } from '../src/etsy/etsy-sale-mapping.js';
import type { EtsyReceipt } from '../src/etsy/etsy-types.js';
import { startEtsyFake } from '../src/etsy/fake/index.js';
import { valueOf } from './support/channel-results.js';

const DAY_MS = 24 * 3600 * 1000;

/** A shop on the fake whose clock the test moves, the channel on the same clock, and one active listing. */
async function shop(options: { currency?: string; priceCents?: number } = {}) {
  let nowMs = Date.now();
  const clock = { now: () => new Date(nowMs) };
  const fake = await startEtsyFake({ requireImageToActivate: false, now: () => nowMs, ...(options.currency === undefined ? {} : { currency: options.currency }) });
  const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret, clock });
  const channel = platform.channel({ secret: { ...fake.connectedSecret() }, onSecretChange: async () => undefined });
  const listing = await valueOf(
    channel.createListing({ marker: listingMarker('sales'), title: 'Sunday Suppers', description: 'Recipes.', priceCents: options.priceCents ?? 1299, currency: fake.currency, tags: [] }),
  );
  await valueOf(channel.uploadFile(listing.remoteId, { name: 'book.pdf', contentType: 'application/pdf', bytes: randomBytes(64) }));
  await valueOf(channel.activate(listing.remoteId));
  return { fake, channel, listingId: listing.remoteId, now: () => nowMs, move: (ms: number) => (nowMs += ms), at: (ms: number) => (nowMs = ms) };
}

/** Every page of a pass, from `cursor`; the sales and the cursor after it. */
async function wholePass(channel: SalesChannel, cursor: string | null): Promise<{ sales: RemoteSale[]; cursor: string; pages: number }> {
  const sales: RemoteSale[] = [];
  let at = cursor;
  for (let pages = 1; ; pages += 1) {
    const page = await valueOf(channel.salesSince(at));
    sales.push(...page.sales);
    at = page.cursor;
    if (!page.more) return { sales, cursor: page.cursor, pages };
  }
}

describe('Etsy sales through the channel', () => {
  let world: Awaited<ReturnType<typeof shop>>;
  before(async () => {
    world = await shop();
  });
  after(() => world.fake.close());

  it('are polled, and subscribing asks Etsy nothing', async () => {
    assert.equal(world.channel.saleNotices, 'poll');
    const requests = world.fake.counts.requests;
    await valueOf(world.channel.subscribeToSales('https://larder.example/hooks/etsy'));
    await valueOf(world.channel.unsubscribeFromSales('https://larder.example/hooks/'));
    assert.equal(world.fake.counts.requests, requests);
  });

  it("reads a paid receipt's line as a sale: the listing, price times quantity, when the receipt was made", async () => {
    const made = world.fake.sell(world.listingId, { quantity: 2 });
    const { sales } = await wholePass(world.channel, null);
    const sale = sales.find((each) => each.remoteId === String(made.transactionId));
    assert.deepEqual({ ...sale, soldAt: sale?.soldAt.getTime() }, {
      remoteId: String(made.transactionId),
      remoteListingId: world.listingId,
      amountCents: 2598,
      currency: 'USD',
      refundedCents: 0,
      soldAt: Math.floor(world.now() / 1000) * 1000,
    });
  });

  it('reads money given with a divisor other than 100 exactly', async () => {
    const made = world.fake.sell(world.listingId, { quantity: 3, priceCents: 1299, divisor: 1000 });
    const found = await valueOf(world.channel.findSale(String(made.transactionId)));
    assert.deepEqual([found?.amountCents, found?.currency], [3897, 'USD']);
    const token = world.fake.issueTokens().access_token;
    const raw = (await (
      await fetch(`${world.fake.url}/v3/application/shops/${world.fake.shopId}/transactions/${made.transactionId}`, {
        headers: { 'x-api-key': `${world.fake.apiKey}:${world.fake.sharedSecret}`, authorization: `Bearer ${token}` },
      })
    ).json()) as { price: unknown };
    assert.deepEqual(raw.price, { amount: 12990, divisor: 1000, currency_code: 'USD' });
  });

  it('tells a partial refund, then the full one', async () => {
    const made = world.fake.sell(world.listingId, { quantity: 2 });
    world.fake.refund(made.receiptId, 500, 'buyer asked');
    assert.equal((await valueOf(world.channel.findSale(String(made.transactionId))))?.refundedCents, 500);
    world.fake.refund(made.receiptId, 2098);
    assert.equal((await valueOf(world.channel.findSale(String(made.transactionId))))?.refundedCents, 2598);
    assert.throws(() => world.fake.refund(made.receiptId, 1), /more than is left/);
  });

  it('answers null for a transaction the shop does not have', async () => {
    assert.equal(await valueOf(world.channel.findSale('4242')), null);
    const requests = world.fake.counts.requests;
    assert.equal(await valueOf(world.channel.findSale('not-a-number')), null);
    assert.equal(world.fake.counts.requests, requests, 'an id Etsy could not have is not asked for');
  });
});

describe('a shop selling in yen', () => {
  it('reads amounts without minor digits', async () => {
    const world = await shop({ currency: 'JPY', priceCents: 1500 });
    try {
      const made = world.fake.sell(world.listingId, { quantity: 2 });
      const sale = await valueOf(world.channel.findSale(String(made.transactionId)));
      assert.deepEqual([sale?.amountCents, sale?.currency], [3000, 'JPY']);
    } finally {
      await world.fake.close();
    }
  });
});

describe("paging through Etsy's changed receipts", () => {
  it('reads more than a page, loses no receipt changed meanwhile, and sees a later refund on the next pass', async () => {
    const world = await shop();
    try {
      const start = Date.now();
      world.at(start - 40 * DAY_MS);
      world.fake.sell(world.listingId);
      world.at(start - 20 * DAY_MS);
      const within = world.fake.sell(world.listingId);
      world.at(start);
      // 105 receipts, seven to a second: pages end in the middle of a second.
      const made = Array.from({ length: 105 }, (_, index) => {
        if (index % 7 === 0) world.move(1000);
        return world.fake.sell(world.listingId);
      });
      const first = await valueOf(world.channel.salesSince(null));
      assert.deepEqual([first.sales.length, first.more], [100, true]);
      assert.equal(first.sales[0]?.remoteId, String(within.transactionId), 'oldest change first; the receipt of 40 days ago is not read');
      // A receipt already read is refunded before the next page: it moves to the end, and shifts nothing out of reach.
      world.move(1000);
      world.fake.refund(made[10]?.receiptId ?? 0, 100);
      const rest = await wholePass(world.channel, first.cursor);
      const seen = new Set([...first.sales, ...rest.sales].map((sale) => sale.remoteId));
      assert.deepEqual(
        made.filter((sale) => !seen.has(String(sale.transactionId))),
        [],
        'every receipt was read',
      );
      assert.equal(rest.sales.find((sale) => sale.remoteId === String(made[10]?.transactionId))?.refundedCents, 100);
      world.move(60_000);
      world.fake.refund(made[50]?.receiptId ?? 0, 1299);
      const next = await wholePass(world.channel, rest.cursor);
      assert.equal(next.sales.find((sale) => sale.remoteId === String(made[50]?.transactionId))?.refundedCents, 1299);
      assert.ok(next.sales.length < 20, `the next pass starts near the last change (${next.sales.length} sales read again)`);
    } finally {
      await world.fake.close();
    }
  });
});

describe('refunds spread over the lines of a receipt', () => {
  const usd = (amount: number) => ({ amount, divisor: 100, currency_code: 'USD' });
  const receipt = (refunds: number[], overrides: Partial<EtsyReceipt> = {}): EtsyReceipt => ({
    receipt_id: 1,
    status: 'paid',
    is_paid: true,
    created_timestamp: 1_700_000_000,
    updated_timestamp: 1_700_000_100,
    grandtotal: usd(3500),
    transactions: [
      { transaction_id: 11, receipt_id: 1, listing_id: 7, quantity: 1, price: usd(1000) },
      { transaction_id: 12, receipt_id: 1, listing_id: 8, quantity: 2, price: usd(1250) },
    ],
    refunds: refunds.map((amount) => ({ amount: usd(amount), created_timestamp: 1_700_000_050, reason: null, note_from_issuer: null, status: null })),
    ...overrides,
  });

  it('refunds every line when the refunds reach the receipt total', () => {
    assert.deepEqual(refundedPerLine(receipt([3500]), [1000, 2500]), [1000, 2500]);
  });

  it('gives a smaller refund to the lines in order', () => {
    assert.deepEqual(refundedPerLine(receipt([600, 800]), [1000, 2500]), [1000, 400]);
    assert.deepEqual(refundedPerLine(receipt([]), [1000, 2500]), [0, 0]);
  });

  it('counts a refund of the whole grand total as full when a coupon made it less than the lines', () => {
    assert.deepEqual(refundedPerLine(receipt([3000], { grandtotal: usd(3000) }), [1000, 2500]), [1000, 2500]);
  });

  it('makes each line of a paid receipt a sale, and none of an unpaid one', () => {
    assert.deepEqual(
      salesOfReceipt(receipt([1200])).map((sale) => [sale.remoteId, sale.remoteListingId, sale.amountCents, sale.refundedCents]),
      [
        ['11', '7', 1000, 1000],
        ['12', '8', 2500, 200],
      ],
    );
    assert.deepEqual(salesOfReceipt(receipt([], { is_paid: false, status: 'open' })), []);
  });
});
