/**
 * The calls a first publish costs on each platform: a listing that was never created is not looked for first (no
 * earlier attempt can have made it), so Etsy is asked 6 things and Gumroad 14 for an ebook (a PDF and an EPUB), none of them twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { connectBoth, publishingWorld, type PublishingWorld } from './publishing-world.js';

describe('the calls of a first publish', () => {
  let world: PublishingWorld;
  before(async () => {
    world = await publishingWorld();
    await connectBoth(world);
  });
  after(() => world.close());

  it('creates without looking first, and asks nothing twice', async () => {
    const recipe = (await createRecipe(world.h, { title: 'Quince Paste' })).id;
    const id = (await createEbook(world.h, [recipe], 'Quince')).id;
    const before = { etsy: world.etsy.counts.requests, gumroad: world.gumroad.counts.requests };
    const published = await world.h.request({ method: 'POST', url: `/api/products/${id}/publish`, body: { platforms: ['etsy', 'gumroad'], price_cents: 500, currency: 'USD' } });
    assert.equal(published.statusCode, 200);
    await world.runner.drained();
    const product = (await world.h.request({ method: 'GET', url: `/api/products/${id}` })).json<{ listings: { state: string }[] }>();
    assert.deepEqual(product.listings.map((listing) => listing.state), ['live', 'live']);
    // Etsy: create, list files, the PDF, the EPUB, the image, activate. Gumroad: create, list files, each file (read
    // the product, presign, complete, attach), the cover (read the product, direct upload, add it), publish.
    assert.deepEqual(
      { etsy: world.etsy.counts.requests - before.etsy, gumroad: world.gumroad.counts.requests - before.gumroad },
      { etsy: 6, gumroad: 14 },
    );
  });
});
