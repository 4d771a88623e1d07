/**
 * A product as responses show it: its listings are looked up only for the products that have sales platforms (the
 * only ones whose listings a response shows); a page of products that sell nowhere asks the listing store nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { okAsync } from 'neverthrow';
import type { ListingDeps } from '@larder/domain';
import { listingFixture, productFixture } from '@larder/domain/testing';
import { productViews } from '../../src/http/product-views.js';

describe('product views', () => {
  it('look listings up for the products with sales platforms only, and show theirs', async () => {
    const asked: string[][] = [];
    const selling = productFixture({ title: 'On Etsy', sales: { platforms: ['etsy'], price_cents: 900, currency: 'USD' } });
    const drafts = [productFixture({ title: 'Draft one' }), productFixture({ title: 'Draft two' })];
    const listing = listingFixture({ product_id: selling.id, platform: 'etsy', state: 'live' });
    const listings = {
      forProducts: (ids: readonly string[]) => {
        asked.push([...ids]);
        return okAsync([listing]);
      },
    };
    const views = productViews({ listings: { listings } as unknown as ListingDeps, warn: () => undefined });

    const shown = (await views.many([drafts[0], selling, drafts[1]].filter((product) => product !== undefined), null))._unsafeUnwrap();
    assert.deepEqual(asked, [[selling.id]]);
    assert.deepEqual(shown.map((product) => product.listings.map((view) => view.state)), [[], ['live'], []]);

    asked.length = 0;
    assert.deepEqual(((await views.many(drafts, null))._unsafeUnwrap()).map((product) => product.listings), [[], []]);
    assert.deepEqual(((await views.one(drafts[0] ?? selling, null))._unsafeUnwrap()).listings, []);
    assert.deepEqual(asked, [], 'nothing asked for products that sell nowhere');
  });
});
