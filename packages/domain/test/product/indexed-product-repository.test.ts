/**
 * The product store + search index decorator: the product contract suite (listings answered by the index), and what
 * the service relies on: listings go to the store until the index is built, then to the index; this process's writes
 * are listed at once, another process's once the change feed has applied them; a replaced database is noticed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ok, okAsync, ResultAsync } from 'neverthrow';
import { IndexedProductRepository } from '../../src/product/indexed-product-repository.js';
import type { ProductFilter } from '../../src/product/product-repository.js';
import { InMemoryProductSearchIndex } from '../../src/search/in-memory-product-search-index.js';
import type { ProductChangeFeed, ProductFeedChanges } from '../../src/search/product-change-feed.js';
import { applyProductFeedChanges, buildProductIndex } from '../../src/search/product-index-sync.js';
import { InMemoryProductRepository, productFixture, runProductRepositoryContract } from '../../src/testing/index.js';

runProductRepositoryContract('in-memory store + in-memory product index', () => {
  const indexed = new IndexedProductRepository(new InMemoryProductRepository(), new InMemoryProductSearchIndex());
  indexed.markReady();
  return indexed;
});

/** A feed over an in-memory store: the whole store on `scan`, the products named in `written` on `changes`. */
function feedOf(store: InMemoryProductRepository, written: string[], mark = () => '0'): ProductChangeFeed {
  return {
    begin: () => okAsync(undefined),
    position: () => ({ mark: mark() }),
    scan: (pageSize, visit) => {
      const all = store.all();
      for (let at = 0; at < all.length; at += pageSize) visit(all.slice(at, at + pageSize));
      return okAsync(all.length);
    },
    changes: () => {
      const ids = written.splice(0);
      return okAsync<ProductFeedChanges>({ kind: 'changed', products: store.all().filter((product) => ids.includes(product.id)) });
    },
  };
}

const titles = async (products: IndexedProductRepository, filter: ProductFilter = {}) =>
  (await products.list(filter, { page: 1, perPage: 50 }))._unsafeUnwrap().items.map((product) => product.title);

describe('IndexedProductRepository', () => {
  it('lists from the store until the index is built, then from the index, with progress lines', async () => {
    const store = new InMemoryProductRepository();
    for (let at = 0; at < 25; at += 1) await store.insert(productFixture({ title: `Book ${at}` }));
    let storeListings = 0;
    const counted = new Proxy(store, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property, target);
        if (property === 'list') storeListings += 1;
        return typeof value === 'function' ? (...args: unknown[]): unknown => Reflect.apply(value, target, args) : value;
      },
    });
    const indexed = new IndexedProductRepository(counted, new InMemoryProductSearchIndex());
    assert.equal(indexed.ready, false);
    assert.equal((await indexed.list({}, { page: 1, perPage: 10 }))._unsafeUnwrap().total, 25);
    const lines: string[] = [];
    const read = await buildProductIndex(indexed, feedOf(store, []), { pageSize: 10, progressEvery: 10, log: (line) => lines.push(line) });
    assert.equal(read._unsafeUnwrap(), 25);
    assert.equal(indexed.ready, true);
    assert.equal(indexed.index.size, 25);
    assert.equal(lines.filter((line) => line.includes('products read')).length, 2);
    assert.match(lines.at(-1) ?? '', /product index ready: 25 products/);
    assert.equal(storeListings, 1);
    const page = (await indexed.list({}, { page: 3, perPage: 10 }))._unsafeUnwrap();
    assert.deepEqual([page.total, page.items.length, page.page, page.perPage], [25, 5, 3, 10]);
    assert.equal(storeListings, 1, 'the listing no longer asks the store');
    store.unavailable = true;
    assert.equal((await indexed.list({}, { page: 1, perPage: 10 })).isErr(), true, 'an unreachable database is still a failed listing');
    assert.equal((await indexed.findById(page.items[0]?.id ?? '')).isErr(), true, 'reads by id still go to the store');
  });

  it('lists its own writes at once, and ignores an older copy from the feed', async () => {
    const store = new InMemoryProductRepository();
    const indexed = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
    (await buildProductIndex(indexed, feedOf(store, [])))._unsafeUnwrap();
    const product = productFixture({ title: 'Soups' });
    (await indexed.insert(product))._unsafeUnwrap();
    assert.deepEqual(await titles(indexed), ['Soups']);
    const published = { ...product, title: 'Soups, published', status: 'published' as const, version: 2 };
    assert.equal((await indexed.update(published, 1))._unsafeUnwrap(), 'written');
    assert.equal((await indexed.update({ ...product, title: 'Stale', version: 2 }, 1))._unsafeUnwrap(), 'stale');
    indexed.index.put(product);
    assert.deepEqual(await titles(indexed, { status: 'published' }), ['Soups, published']);
    assert.deepEqual(await titles(indexed, { status: 'draft' }), []);
  });

  it('lists a product written by another process once the change feed has applied it', async () => {
    const store = new InMemoryProductRepository();
    const written: string[] = [];
    const indexed = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
    const feed = feedOf(store, written);
    (await buildProductIndex(indexed, feed))._unsafeUnwrap();
    // Another instance (or the CLI) writes to the same database: not through this decorator.
    const elsewhere = productFixture({ title: 'Written elsewhere', type: 'meal_plan', days: [], recipe_ids: [] });
    (await store.insert(elsewhere))._unsafeUnwrap();
    written.push(elsewhere.id);
    assert.deepEqual(await titles(indexed), [], 'not before the feed is read');
    assert.equal((await applyProductFeedChanges(indexed, feed))._unsafeUnwrap(), 1);
    assert.deepEqual(await titles(indexed, { type: 'meal_plan' }), ['Written elsewhere']);
    (await store.update({ ...elsewhere, status: 'archived', version: 2 }, 1))._unsafeUnwrap();
    written.push(elsewhere.id);
    await applyProductFeedChanges(indexed, feed);
    assert.deepEqual(await titles(indexed, { status: 'archived' }), ['Written elsewhere']);
    assert.deepEqual(await titles(indexed, { status: 'draft' }), []);
  });
});

describe('IndexedProductRepository over a database that was replaced', () => {
  /** A store whose change count is what the test says. */
  class Replaceable extends InMemoryProductRepository {
    mark = 5;
    /** The next read of the mark answers when this settles, with its value. */
    markOnce: Promise<string> | undefined;
    override changeMark() {
      const once = this.markOnce;
      this.markOnce = undefined;
      return once === undefined ? okAsync(String(this.mark)) : new ResultAsync<string, never>(once.then((mark) => ok(mark)));
    }
  }

  it('lists from the new database as soon as a listing sees its write count go back, not from the old index', async () => {
    const store = new Replaceable();
    const indexed = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
    indexed.index.put(productFixture({ title: 'Old' }));
    indexed.markReady();
    assert.deepEqual(await titles(indexed), ['Old']);
    // A new, empty database at the same address: one product written there, its count 1.
    (await store.insert(productFixture({ title: 'New' })))._unsafeUnwrap();
    store.mark = 1;
    assert.deepEqual(await titles(indexed), ['New']);
    assert.equal(indexed.ready, false, 'the index is built again');
    assert.equal(indexed.index.size, 0);
  });

  it('also when only the change feed saw the old count, and when the feed says so itself', async () => {
    const store = new Replaceable();
    store.mark = 1;
    const indexed = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
    let feedMark = '1';
    const elsewhere = productFixture({ title: 'Written elsewhere' });
    const feed: ProductChangeFeed = { ...feedOf(store, [], () => feedMark), changes: () => okAsync({ kind: 'changed' as const, products: [elsewhere] }) };
    (await buildProductIndex(indexed, feedOf(store, [])))._unsafeUnwrap();
    feedMark = '3';
    assert.equal((await applyProductFeedChanges(indexed, feed))._unsafeUnwrap(), 1);
    // Replaced by an empty database whose first write makes its count 1; a listing comes before the feed's next poll.
    store.mark = 1;
    (await store.insert(productFixture({ title: 'New' })))._unsafeUnwrap();
    assert.deepEqual(await titles(indexed), ['New']);
    assert.equal(indexed.ready, false);

    (await buildProductIndex(indexed, feedOf(store, [])))._unsafeUnwrap();
    assert.equal(indexed.ready, true);
    const replaced: ProductChangeFeed = { ...feedOf(store, []), changes: () => okAsync({ kind: 'replaced' as const }) };
    assert.equal((await applyProductFeedChanges(indexed, replaced))._unsafeUnwrap(), 'replaced');
    assert.equal(indexed.ready, false);
    assert.equal(indexed.index.size, 0);
  });
  it("never counts a change mark read across a reset: the old database's mark does not empty the rebuilt index", async () => {
    const store = new Replaceable();
    store.mark = 10;
    const indexed = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
    (await buildProductIndex(indexed, feedOf(store, [])))._unsafeUnwrap();
    assert.deepEqual(await titles(indexed), []);
    // A listing whose read of the mark (the old database's 10) answers only after the index was reset and rebuilt
    // from the new database (count 3).
    let answer: (mark: string) => void = () => undefined;
    store.markOnce = new Promise<string>((resolve) => (answer = resolve));
    const listing = indexed.list({}, { page: 1, perPage: 50 });
    indexed.reset();
    store.mark = 3;
    (await store.insert(productFixture({ title: 'New' })))._unsafeUnwrap();
    (await buildProductIndex(indexed, feedOf(store, [])))._unsafeUnwrap();
    answer('10');
    (await listing)._unsafeUnwrap();
    assert.deepEqual(await titles(indexed), ['New'], 'the new database, listed from the index');
    assert.equal(indexed.ready, true, 'not reset again by the old mark');
  });

  it('builds from nothing: a product put back by a poll under way at a reset is gone after the build', async () => {
    const store = new Replaceable();
    const indexed = new IndexedProductRepository(store, new InMemoryProductSearchIndex());
    (await buildProductIndex(indexed, feedOf(store, [])))._unsafeUnwrap();
    indexed.reset();
    indexed.index.put(productFixture({ title: 'Ghost of the old database' }));
    (await store.insert(productFixture({ title: 'New' })))._unsafeUnwrap();
    (await buildProductIndex(indexed, feedOf(store, [])))._unsafeUnwrap();
    assert.deepEqual(await titles(indexed), ['New']);
  });
});
