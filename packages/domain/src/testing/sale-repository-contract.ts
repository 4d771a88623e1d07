import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../events/domain-event.js';
import type { EventOutbox } from '../events/event-outbox.js';
import type { Sale } from '../sales/sale.js';
import type { SaleRepository } from '../sales/sale-repository.js';

let counter = 0;

/** A Gumroad sale of user-1 of $12.00, sold at a time with milliseconds, recorded a minute later. */
export function saleFixture(overrides: Partial<Sale> = {}): Sale {
  counter += 1;
  const soldAt = new Date(Date.UTC(2026, 5, 1) + counter * 60_000 + 123);
  const remoteId = `sale-${String(counter).padStart(6, '0')}`;
  return {
    id: `${overrides.platform ?? 'gumroad'}:${overrides.remote_id ?? remoteId}`,
    user_id: 'user-1',
    product_id: 'product-1',
    platform: 'gumroad',
    remote_id: remoteId,
    remote_listing_id: 'remote-product-1',
    amount_cents: 1200,
    currency: 'USD',
    refunded_cents: 0,
    sold_at: soldAt,
    recorded_at: new Date(soldAt.getTime() + 60_000),
    updated_at: new Date(soldAt.getTime() + 60_000),
    version: 1,
    ...overrides,
  };
}

const event = (sale: Sale, type: 'sale.created' | 'sale.refunded'): DomainEvent => ({
  id: `msg_${type}_${sale.id}`,
  type,
  user_id: sale.user_id,
  occurred_at: sale.updated_at,
  data: { id: sale.id, amount_cents: sale.amount_cents },
});

const ids = (sales: readonly Sale[]): string[] => sales.map((sale) => sale.id);

/** What every sale repository must do, its outbox included; the in-memory one and the Mongo one (on each engine) run it. */
export function runSaleRepositoryContract(name: string, make: () => Promise<{ sales: SaleRepository; outbox: EventOutbox }> | { sales: SaleRepository; outbox: EventOutbox }): void {
  describe(`SaleRepository contract: ${name}`, () => {
    it('keeps a sale once per id, every field intact, with its events in the same write', async () => {
      const { sales, outbox } = await make();
      const sale = saleFixture({ product_id: null, refunded_cents: 300, remote_listing_id: null });
      assert.equal((await sales.save(sale, null, [event(sale, 'sale.created')]))._unsafeUnwrap(), 'written');
      assert.equal((await sales.save({ ...sale, amount_cents: 1 }, null, [event(sale, 'sale.created')]))._unsafeUnwrap(), 'stale', 'the same sale again');

      const found = (await sales.find(sale.id))._unsafeUnwrap();
      assert.deepEqual(found, sale);
      assert.ok(found?.sold_at instanceof Date && found.recorded_at instanceof Date, 'dates come back as dates');
      assert.equal((await sales.find('gumroad:none'))._unsafeUnwrap(), null);

      const waiting = (await outbox.pending(10))._unsafeUnwrap();
      assert.deepEqual(
        waiting.map((pending) => pending.event.id),
        [`msg_sale.created_${sale.id}`],
        'one event: the refused second insert kept none',
      );
      assert.equal(waiting[0]?.event.occurred_at.getTime(), sale.updated_at.getTime());
      assert.deepEqual(waiting[0]?.event.data, { id: sale.id, amount_cents: 1200 });
    });

    it('changes a sale only over the version it read, adding the change’s events to the waiting ones', async () => {
      const { sales, outbox } = await make();
      const sale = saleFixture();
      await sales.save(sale, null, [event(sale, 'sale.created')]);
      const refunded = { ...sale, refunded_cents: 1200, version: 2 };
      assert.equal((await sales.save(refunded, 1, [event(refunded, 'sale.refunded')]))._unsafeUnwrap(), 'written');
      assert.equal((await sales.save({ ...sale, refunded_cents: 5, version: 2 }, 1, [event(sale, 'sale.refunded')]))._unsafeUnwrap(), 'stale');
      assert.deepEqual((await sales.find(sale.id))._unsafeUnwrap(), refunded);
      const types = (await outbox.pending(10))._unsafeUnwrap().map((pending) => pending.event.type);
      assert.deepEqual(types.sort(), ['sale.created', 'sale.refunded'], 'the first event is still there after the change');
      for (const pending of (await outbox.pending(10))._unsafeUnwrap()) (await outbox.acknowledge(pending))._unsafeUnwrap();
      assert.deepEqual((await outbox.pending(10))._unsafeUnwrap(), []);
      assert.deepEqual((await sales.find(sale.id))._unsafeUnwrap(), refunded, 'acknowledging leaves the sale as it was');
    });

    it('lists a user’s sales newest first, filtered by product, platform and time, in pages', async () => {
      const { sales } = await make();
      const at = (iso: string) => new Date(iso);
      const a = saleFixture({ sold_at: at('2026-03-01T10:00:00.000Z') });
      const b = saleFixture({ sold_at: at('2026-03-02T10:00:00.000Z'), platform: 'etsy', id: 'etsy:b', remote_id: 'b', product_id: 'product-2' });
      const c = saleFixture({ sold_at: at('2026-03-03T10:00:00.000Z') });
      const d = saleFixture({ sold_at: at('2026-03-03T10:00:00.000Z'), product_id: null });
      const other = saleFixture({ user_id: 'user-2', sold_at: at('2026-03-04T10:00:00.000Z') });
      for (const sale of [a, b, c, d, other]) await sales.save(sale, null);
      const page = async (filter: Parameters<SaleRepository['list']>[0], number = 1, perPage = 10) => (await sales.list(filter, { page: number, perPage }))._unsafeUnwrap();

      const tie = [c, d].sort((x, y) => (x.id < y.id ? 1 : -1));
      assert.deepEqual(ids((await page({ userId: 'user-1' })).items), ids([...tie, b, a]));
      assert.equal((await page({ userId: 'user-1' })).total, 4);
      assert.deepEqual(ids((await page({ userId: 'user-1' }, 2, 3)).items), ids([a]));
      assert.equal((await page({ userId: 'user-1' }, 2, 3)).total, 4);
      assert.deepEqual(ids((await page({ userId: 'user-1', platform: 'etsy' })).items), ['etsy:b']);
      assert.deepEqual(ids((await page({ userId: 'user-1', productId: 'product-1' })).items), ids([c, a]));
      assert.deepEqual(ids((await page({ userId: 'user-1', from: at('2026-03-02T10:00:00.000Z'), to: at('2026-03-03T10:00:00.000Z') })).items), ['etsy:b'], 'from inclusive, to exclusive');
      assert.deepEqual(ids((await page({})).items), ids([other, ...tie, b, a]), 'every user’s without a user');
      assert.deepEqual((await page({ userId: 'user-9' })).items, []);

      const seen: string[] = [];
      (await sales.each({ userId: 'user-1', productId: 'product-1' }, (batch) => void seen.push(...ids(batch))))._unsafeUnwrap();
      assert.deepEqual(seen, ids([c, a]));
    });
  });
}
