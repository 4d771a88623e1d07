/**
 * The outbox on every test engine: the domain's contract (events kept in the same write as the change, kept across
 * later writes, acknowledged one at a time), and what only the stored documents show.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventFixture, productFixture, runEventOutboxContract } from '@larder/domain/testing';
import { LISTINGS_COLLECTION, MongoEventOutbox, MongoListingRepository, MongoProductRepository, PRODUCTS_COLLECTION } from '../src/index.js';
import { MARKED_EVENTS_FILTER, WAITING_EVENTS_SORT } from '../src/outbox/mongo-event-outbox.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runEventOutboxContract('mongo', async () => {
      const db = await database.indexedDb('outbox');
      return { outbox: new MongoEventOutbox(db, [PRODUCTS_COLLECTION, LISTINGS_COLLECTION]), products: new MongoProductRepository(db), listings: new MongoListingRepository(db) };
    });

    describe('stored documents', () => {
      it('keeps the events in the product document\'s outbox, and removes the array with the last one', async () => {
        const db = await database.indexedDb('outbox-documents');
        const products = new MongoProductRepository(db);
        const outbox = new MongoEventOutbox(db, [PRODUCTS_COLLECTION]);
        const product = productFixture();
        const event = eventFixture();
        await products.update(product, 1, [event]);
        await products.insert(product);
        await products.update({ ...product, version: 2 }, 1, [event]);
        const stored = await db.collection<{ _id: string; outbox?: unknown[] }>(PRODUCTS_COLLECTION).findOne({ _id: product.id });
        assert.deepEqual(stored?.outbox, [{ ...event, data: { ...event.data } }]);
        for (const pending of (await outbox.pending(10))._unsafeUnwrap()) await outbox.acknowledge(pending);
        const after = await db.collection<{ _id: string; outbox?: unknown[] }>(PRODUCTS_COLLECTION).findOne({ _id: product.id });
        assert.equal(after !== null && 'outbox' in after, false);
        assert.equal(after?.['version' as keyof typeof after], 2);
      });

      it('marks a document while it has events, and finds events written without the mark on its first look', async () => {
        const db = await database.indexedDb('outbox-mark');
        const products = new MongoProductRepository(db);
        const raw = db.collection<{ _id: string; outbox?: unknown[]; events_waiting?: boolean }>(PRODUCTS_COLLECTION);
        const [marked, unmarked] = [productFixture(), productFixture()];
        const [first, second, third] = [eventFixture(), eventFixture(), eventFixture()];
        await products.insert(marked, [first]);
        await products.insert(unmarked, [second, third]);
        assert.equal((await raw.findOne({ _id: marked.id }))?.events_waiting, true);
        // As a version before the mark wrote it.
        await raw.updateOne({ _id: unmarked.id }, { $unset: { events_waiting: '' } });
        const outbox = new MongoEventOutbox(db, [PRODUCTS_COLLECTION]);
        const waiting = (await outbox.pending(10))._unsafeUnwrap();
        assert.deepEqual(waiting.map((pending) => pending.event.id), [first.id, second.id, third.id]);
        // Acknowledging part of an unmarked document's events marks it; the last one takes the mark away.
        (await outbox.acknowledge(waiting[1] ?? { event: second, source: '' }))._unsafeUnwrap();
        assert.equal((await raw.findOne({ _id: unmarked.id }))?.events_waiting, true);
        await Promise.all([waiting[0], waiting[2]].map((pending) => outbox.acknowledge(pending ?? { event: first, source: '' })));
        for (const id of [marked.id, unmarked.id]) {
          const stored = await raw.findOne({ _id: id });
          assert.deepEqual([stored?.outbox, stored?.events_waiting], [undefined, undefined], id);
        }
        assert.deepEqual((await outbox.pending(10))._unsafeUnwrap(), []);
      });

      if (engine.label.startsWith('ferretdb')) {
        it('asks FerretDB for the marked documents with a filter it hands to its backend', async () => {
          const db = await database.indexedDb('outbox-pushdown');
          await new MongoProductRepository(db).insert(productFixture(), [eventFixture()]);
          const explained = await db.command({ explain: { find: PRODUCTS_COLLECTION, filter: MARKED_EVENTS_FILTER, sort: WAITING_EVENTS_SORT, limit: 100 } });
          assert.equal(explained['filterPushdown'], true, JSON.stringify(explained));
        });
      }

      it('ignores an acknowledgement of a collection it was not given', async () => {
        const db = await database.indexedDb('outbox-foreign');
        const outbox = new MongoEventOutbox(db, [PRODUCTS_COLLECTION]);
        (await outbox.acknowledge({ event: eventFixture(), source: 'users:u1' }))._unsafeUnwrap();
        assert.deepEqual((await outbox.pending(5))._unsafeUnwrap(), []);
      });
    });
  });
}
