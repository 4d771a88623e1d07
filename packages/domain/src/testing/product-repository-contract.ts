import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Product } from '../product/product.js';
import { examplePhoto } from './recipe-fixtures.js';
import { productComparator, productMatchesFilter, type ProductFilter, type ProductRepository } from '../product/product-repository.js';

let counter = 0;

export function productFixture(overrides: Partial<Product> = {}): Product {
  counter += 1;
  const created = new Date(Date.UTC(2026, 1, 1) + counter * 1000);
  return {
    id: `product-${String(counter).padStart(6, '0')}`,
    type: 'ebook',
    status: 'draft',
    title: `Product ${counter}`,
    description: null,
    recipe_ids: ['recipe-a', 'recipe-b'],
    days: null,
    sales: null,
    source_product_id: null,
    published_at: null,
    slug: null,
    published_by: null,
    cover: null,
    created_at: created,
    updated_at: created,
    version: 1,
    ...overrides,
  };
}

export function runProductRepositoryContract(name: string, makeRepository: () => ProductRepository | Promise<ProductRepository>): void {
  describe(`ProductRepository contract: ${name}`, () => {
    it('stores and returns every type with every field intact', async () => {
      const repository = await makeRepository();
      const now = new Date('2026-05-05T05:05:05.005Z');
      const products = [
        productFixture({ sales: { platforms: ['etsy'], price_cents: 1299, currency: 'EUR' }, status: 'published', published_at: now, description: 'x' }),
        productFixture({ type: 'meal_plan', recipe_ids: ['r1', 'r2'], days: [{ day: 1, meals: [{ meal_type: 'lunch', recipe_id: 'r1' }, { meal_type: 'dinner', recipe_id: 'r2', servings: 6 }] }] }),
        productFixture({ type: 'lead_magnet', source_product_id: 'product-x' }),
        productFixture({ cover: examplePhoto('c') }),
      ];
      for (const product of products) assert.deepEqual((await repository.insert(product))._unsafeUnwrap(), product);
      for (const product of products) assert.deepEqual((await repository.findById(product.id))._unsafeUnwrap(), product);
      assert.equal((await repository.findById('none'))._unsafeUnwrap(), null);
    });

    it('finds a lead magnet by its slug, which is given once and kept by later changes', async () => {
      const repository = await makeRepository();
      const magnet = productFixture({ type: 'lead_magnet', source_product_id: 'product-x' });
      const other = productFixture({ type: 'lead_magnet', source_product_id: 'product-x' });
      await repository.insert(magnet);
      await repository.insert(other);
      assert.equal((await repository.findBySlug('soups-free-sample-0a1b2c3d'))._unsafeUnwrap(), null, 'no slug before publication');
      const published = { ...magnet, status: 'published' as const, slug: 'soups-free-sample-0a1b2c3d', published_by: 'user-1', version: 2 };
      assert.equal((await repository.update(published, 1))._unsafeUnwrap(), 'written');
      assert.deepEqual((await repository.findBySlug(published.slug))._unsafeUnwrap(), published);
      const unpublished = { ...published, status: 'draft' as const, version: 3 };
      await repository.update(unpublished, 2);
      assert.deepEqual((await repository.findBySlug(published.slug))._unsafeUnwrap(), unpublished, 'whatever its status');
      assert.equal((await repository.findBySlug('soups-free-sample'))._unsafeUnwrap(), null, 'the whole slug, not a prefix');
      assert.equal((await repository.findById(other.id))._unsafeUnwrap()?.slug, null);
    });

    it('updates only when the stored version is the expected one', async () => {
      const repository = await makeRepository();
      const product = productFixture();
      await repository.insert(product);
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, (_, index) => repository.update({ ...product, title: `T${index}`, version: 2 }, 1)),
      );
      assert.equal(concurrent.filter((result) => result._unsafeUnwrap() === 'written').length, 1);
      assert.equal((await repository.update({ ...product, version: 3 }, 1))._unsafeUnwrap(), 'stale');
      assert.equal((await repository.findById(product.id))._unsafeUnwrap()?.version, 2);
    });

    it('lists by created_at desc with ties by id, filtered by status and type, paginated without overlap', async () => {
      const repository = await makeRepository();
      const tie = new Date('2026-06-01T00:00:00.000Z');
      const products = [
        productFixture({ created_at: tie }),
        productFixture({ created_at: tie, type: 'recipe_card_pack' }),
        productFixture({ status: 'published' }),
        productFixture({ type: 'meal_plan', days: [], recipe_ids: [] }),
        productFixture({ status: 'archived', type: 'recipe_card_pack' }),
        productFixture({ created_at: tie, status: 'published' }),
      ];
      for (const product of products) await repository.insert(product);
      const filters: ProductFilter[] = [{}, { status: 'published' }, { type: 'recipe_card_pack' }, { status: 'archived', type: 'recipe_card_pack' }, { type: 'lead_magnet' }];
      for (const filter of filters) {
        const want = products.filter((product) => productMatchesFilter(product, filter)).sort(productComparator).map((product) => product.id);
        const walked: string[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const result = (await repository.list(filter, { page, perPage: 2 }))._unsafeUnwrap();
          assert.equal(result.total, want.length);
          walked.push(...result.items.map((product) => product.id));
        }
        assert.deepEqual(walked, want, JSON.stringify(filter));
      }
    });

    it('moves its change mark after every write, and not for reads', async () => {
      const repository = await makeRepository();
      const mark = async () => (await repository.changeMark())._unsafeUnwrap();
      const seen = new Set([await mark()]);
      const product = productFixture();
      (await repository.insert(product))._unsafeUnwrap();
      const afterInsert = await mark();
      await repository.findById(product.id);
      await repository.list({}, { page: 1, perPage: 5 });
      assert.equal(await mark(), afterInsert, 'reads move the mark');
      seen.add(afterInsert);
      (await repository.update({ ...product, title: 'Changed', version: 2 }, 1))._unsafeUnwrap();
      seen.add(await mark());
      assert.equal(seen.size, 3, 'a write left the mark where it was');
    });
  });
}
