import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../events/domain-event.js';
import type { EventOutbox } from '../events/event-outbox.js';
import type { ProductRepository } from '../product/product-repository.js';
import type { ListingRepository } from '../sales/listing-repository.js';
import { listingFixture } from './listing-repository-contract.js';
import { productFixture } from './product-repository-contract.js';

/** The outbox and two of the repositories that write into it, over one store. */
export interface OutboxStores {
  readonly outbox: EventOutbox;
  readonly products: ProductRepository;
  readonly listings: ListingRepository;
}

let counter = 0;

export function eventFixture(overrides: Partial<DomainEvent> = {}): DomainEvent {
  counter += 1;
  return {
    id: `msg_${String(counter).padStart(6, '0')}`,
    type: 'product.published',
    user_id: 'user-1',
    occurred_at: new Date(Date.UTC(2026, 2, 1) + counter * 1000),
    data: { id: `product-${counter}`, title: 'Soups', price: { cents: 1200, currency: 'EUR' }, tags: ['a', 'b'], none: null, on: true },
    ...overrides,
  };
}

const idsOf = async (outbox: EventOutbox, limit = 100): Promise<string[]> =>
  (await outbox.pending(limit))._unsafeUnwrap().map((pending) => pending.event.id).sort();

export function runEventOutboxContract(name: string, makeStores: () => OutboxStores | Promise<OutboxStores>): void {
  describe(`EventOutbox contract: ${name}`, () => {
    it('keeps the events of a product insert and update, whole, until they are acknowledged', async () => {
      const { outbox, products } = await makeStores();
      const product = productFixture();
      const created = eventFixture({ data: { id: product.id } });
      await products.insert(product, [created]);
      const published = eventFixture();
      assert.equal((await products.update({ ...product, status: 'published', version: 2 }, 1, [published]))._unsafeUnwrap(), 'written');

      const pending = (await outbox.pending(10))._unsafeUnwrap();
      assert.deepEqual(pending.map((waiting) => waiting.event).sort((a, b) => a.id.localeCompare(b.id)), [created, published]);
      for (const waiting of pending) (await outbox.acknowledge(waiting))._unsafeUnwrap();
      assert.deepEqual(await idsOf(outbox), []);
    });

    it('keeps waiting events when the entity is written again, with or without events of its own', async () => {
      const { outbox, products, listings } = await makeStores();
      const product = productFixture();
      await products.insert(product);
      const first = eventFixture();
      await products.update({ ...product, title: 'A', version: 2 }, 1, [first]);
      await products.update({ ...product, title: 'B', version: 3 }, 2);
      const second = eventFixture({ type: 'product.unpublished' });
      await products.update({ ...product, title: 'C', version: 4 }, 3, [second]);

      const listing = listingFixture();
      const live = eventFixture({ type: 'listing.live' });
      await listings.save(listing, null, [live]);
      await listings.save({ ...listing, attempts: 2, version: listing.version + 1 }, listing.version);

      assert.deepEqual(await idsOf(outbox), [first.id, second.id, live.id].sort());
      assert.equal((await products.findById(product.id))._unsafeUnwrap()?.title, 'C');
      assert.deepEqual((await products.findById(product.id))._unsafeUnwrap(), { ...product, title: 'C', version: 4 });
      assert.deepEqual((await listings.find(listing.product_id, listing.platform))._unsafeUnwrap(), { ...listing, attempts: 2, version: listing.version + 1 });
    });

    it('keeps no event of a stale write', async () => {
      const { outbox, products, listings } = await makeStores();
      const product = productFixture();
      await products.insert(product);
      assert.equal((await products.update({ ...product, version: 2 }, 7, [eventFixture()]))._unsafeUnwrap(), 'stale');
      const listing = listingFixture();
      await listings.save(listing, null);
      assert.equal((await listings.save(listing, null, [eventFixture()]))._unsafeUnwrap(), 'stale');
      assert.equal((await listings.save({ ...listing, version: 9 }, 8, [eventFixture()]))._unsafeUnwrap(), 'stale');
      assert.deepEqual(await idsOf(outbox), []);
    });

    it('acknowledges one event among several of one entity, and a second acknowledgement changes nothing', async () => {
      const { outbox, products } = await makeStores();
      const product = productFixture();
      const [a, b, c] = [eventFixture(), eventFixture(), eventFixture()];
      await products.insert(product, [a, b]);
      await products.update({ ...product, version: 2 }, 1, [c]);
      const waiting = (await outbox.pending(10))._unsafeUnwrap();
      const middle = waiting.find((pending) => pending.event.id === b.id);
      assert.ok(middle !== undefined);
      (await outbox.acknowledge(middle))._unsafeUnwrap();
      (await outbox.acknowledge(middle))._unsafeUnwrap();
      assert.deepEqual(await idsOf(outbox), [a.id, c.id].sort());
      // The entity itself is untouched by acknowledgements.
      assert.equal((await products.findById(product.id))._unsafeUnwrap()?.version, 2);
      assert.equal((await products.update({ ...product, version: 3 }, 2))._unsafeUnwrap(), 'written');
    });

    it('hands out at most `limit` events, the oldest first, and the rest once those are acknowledged', async () => {
      const { outbox, products, listings } = await makeStores();
      const events = Array.from({ length: 5 }, () => eventFixture());
      for (const event of events.slice(0, 3)) await products.insert(productFixture(), [event]);
      for (const event of events.slice(3)) await listings.save(listingFixture(), null, [event]);
      const first = (await outbox.pending(2))._unsafeUnwrap();
      assert.equal(first.length, 2);
      assert.deepEqual(first.map((pending) => pending.event.id), events.slice(0, 2).map((event) => event.id));
      for (const pending of first) await outbox.acknowledge(pending);
      assert.deepEqual(await idsOf(outbox), events.slice(2).map((event) => event.id).sort());
      assert.deepEqual((await outbox.pending(0))._unsafeUnwrap(), []);
    });

    it('loses no event when writes and acknowledgements of one entity interleave', async () => {
      const { outbox, products } = await makeStores();
      const product = productFixture();
      await products.insert(product);
      const written: string[] = [];
      let version = 1;
      const acknowledged = new Set<string>();
      for (let round = 0; round < 6; round += 1) {
        const event = eventFixture();
        const write = products.update({ ...product, title: `T${round}`, version: version + 1 }, version, [event]);
        const waiting = (await outbox.pending(100))._unsafeUnwrap();
        const acks = waiting.map((pending) => outbox.acknowledge(pending).map(() => acknowledged.add(pending.event.id)));
        await Promise.all([write, ...acks]);
        version += 1;
        written.push(event.id);
      }
      const left = await idsOf(outbox);
      assert.deepEqual([...new Set([...acknowledged, ...left])].sort(), [...written].sort());
    });
  });
}
