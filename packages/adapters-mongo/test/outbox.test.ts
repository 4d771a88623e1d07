/**
 * The outbox on every test engine: the domain's contract (events kept in the same write as the change, kept across
 * later writes, acknowledged one at a time), and what only the stored documents show.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventFixture, productFixture, runEventOutboxContract } from '@larder/domain/testing';
import { LISTINGS_COLLECTION, MongoEventOutbox, MongoListingRepository, MongoProductRepository, PRODUCTS_COLLECTION } from '../src/index.js';
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

      it('ignores an acknowledgement of a collection it was not given', async () => {
        const db = await database.indexedDb('outbox-foreign');
        const outbox = new MongoEventOutbox(db, [PRODUCTS_COLLECTION]);
        (await outbox.acknowledge({ event: eventFixture(), source: 'users:u1' }))._unsafeUnwrap();
        assert.deepEqual((await outbox.pending(5))._unsafeUnwrap(), []);
      });
    });
  });
}
