/**
 * The in-memory product index against the reference store: after any sequence of writes (new products, later
 * versions that change status, type or the creation time's ties, late copies of older versions), every listing
 * (filter × page) is the one `InMemoryProductRepository` gives, which sorts and filters at every call.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PRODUCT_STATUSES, PRODUCT_TYPES, type Product } from '../../src/product/product.js';
import type { ProductFilter } from '../../src/product/product-repository.js';
import { InMemoryProductSearchIndex } from '../../src/search/in-memory-product-search-index.js';
import { InMemoryProductRepository, productFixture } from '../../src/testing/index.js';

const write = fc.record({
  id: fc.integer({ min: 0, max: 12 }),
  version: fc.integer({ min: 1, max: 4 }),
  status: fc.constantFrom(...PRODUCT_STATUSES),
  type: fc.constantFrom(...PRODUCT_TYPES),
  // Few distinct times: many ties, broken by id.
  createdAt: fc.integer({ min: 0, max: 3 }),
});
const filters: ProductFilter[] = [{}, ...PRODUCT_STATUSES.map((status) => ({ status })), ...PRODUCT_TYPES.map((type) => ({ type })), { status: 'draft', type: 'ebook' }];

describe('InMemoryProductSearchIndex', () => {
  it('lists what the reference store lists, keeping the highest version of each product', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 40 }), fc.integer({ min: 1, max: 5 }), async (writes, perPage) => {
        const [index, store, held] = [new InMemoryProductSearchIndex(), new InMemoryProductRepository(), new Map<string, Product>()];
        for (const { id, version, status, type, createdAt } of writes) {
          const product = productFixture({ id: `product-${id}`, version, status, type, created_at: new Date(Date.UTC(2026, 0, 1, createdAt)) });
          index.put(product);
          const kept = held.get(product.id);
          if (kept === undefined || kept.version <= version) {
            held.set(product.id, product);
            await store.insert(product);
          }
        }
        assert.equal(index.size, held.size);
        for (const filter of filters) {
          for (let page = 1; page <= Math.ceil(held.size / perPage) + 1; page += 1) {
            assert.deepEqual(index.list(filter, { page, perPage }), (await store.list(filter, { page, perPage }))._unsafeUnwrap());
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('forgets everything on clear', () => {
    const index = new InMemoryProductSearchIndex();
    index.put(productFixture());
    index.clear();
    assert.deepEqual([index.size, index.all(), index.list({}, { page: 1, perPage: 5 }).total], [0, [], 0]);
  });
});
