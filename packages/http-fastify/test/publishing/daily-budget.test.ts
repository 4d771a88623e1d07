/**
 * A platform's daily request budget running low slows publishing down and says so on the listing (`pending`, with a
 * reason), instead of spending the rest of the day's budget at once or failing the listing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { connectBoth, publishingWorld, type PublishingWorld } from './publishing-world.js';

interface ListingBody {
  platform: string;
  state: string;
  error: { code: string; message: string } | null;
}

describe("publishing when Etsy's daily budget runs low", () => {
  let world: PublishingWorld;
  before(async () => {
    world = await publishingWorld({ etsyLimitPerDay: 40 });
    await connectBoth(world);
  });
  after(() => world.close());

  it('keeps the listing pending with the reason, refuses nothing, and leaves the work queued for later', async () => {
    const recipe = (await createRecipe(world.h, { title: 'Pickled Plums' })).id;
    const id = (await createEbook(world.h, [recipe], 'Plum Cards')).id;
    const published = await world.h.request({ method: 'POST', url: `/api/products/${id}/publish`, body: { platforms: ['etsy'], price_cents: 500, currency: 'USD' } });
    assert.equal(published.statusCode, 200);
    let listing: ListingBody | undefined;
    for (let tries = 0; tries < 200; tries += 1) {
      const product = (await world.h.request({ method: 'GET', url: `/api/products/${id}` })).json<{ listings: ListingBody[] }>();
      listing = product.listings.find((candidate) => candidate.platform === 'etsy');
      if (listing?.error !== null || listing.state !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.equal(listing?.state, 'pending', JSON.stringify(listing));
    assert.equal(listing.error?.code, 'rate_limited');
    assert.match(listing.error?.message ?? '', /Etsy's daily request budget is running low \(\d+ of 40 left\)/);
    assert.match(listing.error?.message ?? '', /publishing slowed down/);
    await world.runner.idle();
    assert.equal(world.etsy.counts.overBudget, 0, 'no request was refused for the budget');
    assert.equal((await world.h.publishing.queue.size())._unsafeUnwrap(), 1, 'the work waits in the queue');
  });
});
