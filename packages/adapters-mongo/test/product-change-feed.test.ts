/**
 * The product index on MongoDB: the product contract suite against "Mongo repository + product index" (listings
 * answered by the index), and two instances on one database, each with its own index, converging through
 * `product_changes`: inserts and updates by one (and by a plain repository, as the CLI writes) listed by the other.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyProductFeedChanges, buildProductIndex, IndexedProductRepository, InMemoryProductSearchIndex, type ProductFilter } from '@larder/domain';
import { productFixture, recipeFixture, runProductRepositoryContract } from '@larder/domain/testing';
import type { Db } from 'mongodb';
import { CHANGE_MARKS_COLLECTION, MongoProductChangeFeed, MongoProductRepository, MongoRecipeRepository, PRODUCT_CHANGES_COLLECTION } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

/** One service instance's product store: its own index, built from the database, and its own feed. */
async function instance(db: Db) {
  const store = new MongoProductRepository(db);
  const feed = new MongoProductChangeFeed(db, store);
  const products = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
  (await buildProductIndex(products, feed))._unsafeUnwrap();
  return { products, follow: async () => (await applyProductFeedChanges(products, feed))._unsafeUnwrap() };
}

const titles = async (products: IndexedProductRepository, filter: ProductFilter = {}) =>
  (await products.list(filter, { page: 1, perPage: 50 }))._unsafeUnwrap().items.map((product) => product.title);

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runProductRepositoryContract('mongo + in-memory product index', async () => {
      const indexed = new IndexedProductRepository(new MongoProductRepository(await database.indexedDb('indexed_products')), new InMemoryProductSearchIndex());
      indexed.markReady();
      return indexed;
    });

    describe('two instances on one database', () => {
      it('builds each index from the stored products, and lists what the other instance writes after its next poll', async () => {
        const db = await database.indexedDb('converge_products');
        (await new MongoProductRepository(db).insert(productFixture({ title: 'Soups' })))._unsafeUnwrap();
        const [a, b] = [await instance(db), await instance(db)];
        assert.deepEqual(await titles(b.products), ['Soups']);

        const stews = productFixture({ title: 'Stews' });
        (await a.products.insert(stews))._unsafeUnwrap();
        assert.deepEqual(await titles(a.products), ['Stews', 'Soups'], 'the writer lists it at once');
        assert.deepEqual(await titles(b.products), ['Soups'], 'the other not before its poll');
        assert.equal(await b.follow(), 1);
        assert.deepEqual(await titles(b.products), ['Stews', 'Soups']);
        assert.equal(await b.follow(), 0, 'a poll with nothing new reads no product');

        (await a.products.update({ ...stews, status: 'published', published_at: new Date(), version: 2 }, 1))._unsafeUnwrap();
        assert.deepEqual(await Promise.all([a.follow(), b.follow()]), [1, 1], 'the writer reads its own writes again (harmless)');
        assert.deepEqual(await titles(b.products, { status: 'published' }), ['Stews']);
        assert.deepEqual(await titles(b.products, { status: 'draft' }), ['Soups']);

        // Written by a process without an index (the CLI), seen by both; a recipe write is not a product change.
        (await new MongoProductRepository(db).insert(productFixture({ title: 'Breads', type: 'recipe_card_pack' })))._unsafeUnwrap();
        (await new MongoRecipeRepository(db).insert(recipeFixture()))._unsafeUnwrap();
        assert.deepEqual(await Promise.all([a.follow(), b.follow()]), [1, 1]);
        for (const one of [a, b]) assert.deepEqual(await titles(one.products, { type: 'recipe_card_pack' }), ['Breads']);
        assert.equal(await db.collection(PRODUCT_CHANGES_COLLECTION).countDocuments(), 4, 'one record per product write');
      });

      it('says when the database is not the one the index was built from (its count of writes went back)', async () => {
        const db = await database.indexedDb('replaced_products');
        const a = await instance(db);
        (await a.products.insert(productFixture({ title: 'Gone' })))._unsafeUnwrap();
        assert.equal(await a.follow(), 1);
        await Promise.all(['products', CHANGE_MARKS_COLLECTION, PRODUCT_CHANGES_COLLECTION].map((name) => db.collection(name).deleteMany({})));
        assert.equal(await a.follow(), 'replaced');
        assert.equal(a.products.ready, false, 'listings go to the store until the index is built again');
        assert.deepEqual(await titles(a.products), []);
      });

      it('does not miss a write made while the index was being built', async () => {
        const db = await database.indexedDb('products_during_build');
        const store = new MongoProductRepository(db);
        const feed = new MongoProductChangeFeed(db, store);
        const products = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
        (await store.insert(productFixture({ title: 'Before', created_at: new Date('2026-01-01T00:00:00Z') })))._unsafeUnwrap();
        (await store.insert(productFixture({ title: 'Also before', created_at: new Date('2026-01-02T00:00:00Z') })))._unsafeUnwrap();
        const late = productFixture({ title: 'During', created_at: new Date('2026-01-03T00:00:00Z') });
        (await feed.begin())._unsafeUnwrap();
        // Written while the scan's cursor is open (pages of one): the scan may or may not meet it; the feed must.
        let during: ReturnType<typeof store.insert> | undefined;
        (await feed.scan(1, (page) => {
          during ??= store.insert(late);
          page.forEach((product) => products.index.put(product));
        }))._unsafeUnwrap();
        assert.equal((await during)?.isOk(), true, 'written during the scan');
        (await applyProductFeedChanges(products, feed))._unsafeUnwrap();
        products.markReady();
        assert.deepEqual(await titles(products), ['During', 'Also before', 'Before']);
      });
    });
  });
}
