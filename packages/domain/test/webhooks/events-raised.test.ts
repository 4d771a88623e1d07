import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRecipe } from '../../src/recipe/recipe-use-cases.js';
import { createProduct, publishProduct, updateProduct } from '../../src/product/product-use-cases.js';
import { changeListing, upsertListing } from '../../src/sales/listing-store.js';
import { listingEvents } from '../../src/sales/listing-events.js';
import { NO_PROGRESS } from '../../src/sales/listing.js';
import { InMemoryListingRepository, InMemoryOutbox, ManualClock, sequentialIds } from '../../src/testing/index.js';
import { makeDeps } from '../deps.js';

const waiting = async (outbox: InMemoryOutbox) => (await outbox.pending(100))._unsafeUnwrap().map((pending) => pending.event);

describe('events raised by products', () => {
  it('product.published on a publish or a PATCH to published, product.unpublished when a published one goes to draft or archived', async () => {
    const deps = makeDeps();
    const recipe = (await createRecipe(deps)({ title: 'Soup' }))._unsafeUnwrap();
    const product = (await createProduct(deps)({ type: 'ebook', title: 'Soups', recipe_ids: [recipe.id] }))._unsafeUnwrap();
    const sales = { platforms: ['etsy'], price_cents: 1200, currency: 'EUR' };
    const userId = 'user-7';
    assert.deepEqual(await waiting(deps.products.outbox), [], 'creating raises nothing');

    const published = (await publishProduct(deps)({ id: product.id, sales, userId }))._unsafeUnwrap();
    (await publishProduct(deps)({ id: product.id, sales: { ...sales, price_cents: 1500 }, userId }))._unsafeUnwrap();
    (await updateProduct(deps)({ id: product.id, changes: { title: 'Soups II' }, userId }))._unsafeUnwrap();
    (await updateProduct(deps)({ id: product.id, changes: { status: 'draft' }, userId }))._unsafeUnwrap();
    (await updateProduct(deps)({ id: product.id, changes: { status: 'archived' }, userId }))._unsafeUnwrap();

    const events = await waiting(deps.products.outbox);
    assert.deepEqual(events.map((event) => event.type), ['product.published', 'product.unpublished']);
    const [first, second] = events;
    assert.equal(first?.user_id, userId);
    assert.match(first?.id ?? '', /^msg_/);
    assert.notEqual(first?.id, second?.id);
    assert.deepEqual(first?.occurred_at, published.updated_at);
    assert.deepEqual(first?.data, {
      id: product.id,
      type: 'ebook',
      status: 'published',
      title: 'Soups',
      description: null,
      sales: { platforms: ['etsy'], price_cents: 1200, currency: 'EUR' },
      source_product_id: null,
      published_at: published.published_at?.toISOString(),
      created_at: product.created_at.toISOString(),
      updated_at: published.updated_at.toISOString(),
      version: published.version,
    });
    assert.equal(JSON.stringify(first?.data).includes('recipe_ids'), false, 'heavy fields stay out');
  });

  it('a draft archived, or a change without a user, raises nothing', async () => {
    const deps = makeDeps();
    const recipe = (await createRecipe(deps)({ title: 'Soup' }))._unsafeUnwrap();
    const product = (await createProduct(deps)({ type: 'ebook', title: 'Soups', recipe_ids: [recipe.id] }))._unsafeUnwrap();
    (await publishProduct(deps)({ id: product.id, sales: { platforms: ['etsy'], price_cents: 1200, currency: 'EUR' } }))._unsafeUnwrap();
    const other = (await createProduct(deps)({ type: 'ebook', title: 'Other', recipe_ids: [recipe.id] }))._unsafeUnwrap();
    (await updateProduct(deps)({ id: other.id, changes: { status: 'archived' }, userId: 'u' }))._unsafeUnwrap();
    assert.deepEqual(await waiting(deps.products.outbox), []);
  });
});

describe('events raised by listings', () => {
  it('listing.live when it becomes live, listing.failed when it becomes failed, in the same write, once per transition', async () => {
    const outbox = new InMemoryOutbox();
    const clock = new ManualClock(new Date('2026-03-03T03:03:03.000Z'));
    const deps = { listings: new InMemoryListingRepository(outbox), clock, events: listingEvents(sequentialIds('e')) };
    const fresh = { product_id: 'p1', platform: 'etsy', state: 'pending' as const, remote_id: null, url: null, error: null, attempts: 0, user_id: 'user-3', progress: NO_PROGRESS };
    await upsertListing(deps, fresh, () => null);
    await changeListing(deps, 'p1', 'etsy', () => ({ remote_id: '99', url: 'https://etsy.example/99' }));
    const live = (await changeListing(deps, 'p1', 'etsy', () => ({ state: 'live' })))._unsafeUnwrap();
    await changeListing(deps, 'p1', 'etsy', () => ({ state: 'live', attempts: 2 }));
    await changeListing(deps, 'p1', 'etsy', () => ({ state: 'failed', error: { code: 'platform_rejected', message: 'no' } }));
    const events = await waiting(outbox);
    assert.deepEqual(events.map((event) => event.type), ['listing.live', 'listing.failed']);
    assert.equal(events[0]?.user_id, 'user-3');
    assert.deepEqual(events[0]?.data, {
      product_id: 'p1',
      platform: 'etsy',
      state: 'live',
      remote_id: '99',
      url: 'https://etsy.example/99',
      error: null,
      attempts: 0,
      updated_at: live?.updated_at.toISOString(),
    });
    assert.deepEqual(events[1]?.data['error'], { code: 'platform_rejected', message: 'no' });
  });
});
