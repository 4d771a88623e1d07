import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { everyFault, noFaults } from '@larder/adapters-sales/fakes';
import { listingMarker } from '@larder/domain';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { connectBoth, publishingWorld, type PublishingWorld } from './publishing-world.js';

interface ListingBody {
  platform: string;
  state: string;
  remote_id: string | null;
  url: string | null;
  error: { code: string; message: string } | null;
  attempts: number;
}
interface ProductWithListings {
  id: string;
  version: number;
  status: string;
  listings: ListingBody[];
}

const publish = (world: PublishingWorld, id: string, body: Record<string, unknown> = {}) =>
  world.h.request({ method: 'POST', url: `/api/products/${id}/publish`, body: { platforms: ['etsy', 'gumroad'], price_cents: 1200, currency: 'USD', ...body } });
const read = async (world: PublishingWorld, id: string) => (await world.h.request({ method: 'GET', url: `/api/products/${id}` })).json<ProductWithListings>();
const stateOf = (product: ProductWithListings) => Object.fromEntries(product.listings.map((listing) => [listing.platform, listing.state]));

async function anEbook(world: PublishingWorld, title = 'Sunday Suppers'): Promise<string> {
  const recipes = [];
  for (const name of ['Braised Leeks', 'Lemon Tart', 'Barley Risotto']) recipes.push((await createRecipe(world.h, { title: name })).id);
  return (await createEbook(world.h, recipes, title)).id;
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array): boolean => a !== undefined && Buffer.from(a).equals(Buffer.from(b));

async function pdfOf(world: PublishingWorld, id: string): Promise<Uint8Array> {
  const response = await world.h.request({ method: 'GET', url: `/api/products/${id}/document.pdf` });
  assert.equal(response.statusCode, 200);
  return new Uint8Array(response.rawPayload);
}

describe('publishing to Etsy and Gumroad (loopback fakes, every fault switched on)', () => {
  let world: PublishingWorld;
  let id: string;
  before(async () => {
    world = await publishingWorld();
    await connectBoth(world);
    await world.h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'Maple & Thyme Kitchen', website_url: 'https://mapleandthyme.example' } });
    id = await anEbook(world);
    // A first publish asks Etsy about ten things (it is not looked for before it is created, refusals are sent again
    // alone): every fault comes sooner there, so that each still hits it.
    Object.assign(world.etsy.faults, { ...everyFault(), tooManyEvery: 11, serverErrorEvery: 9, dropAfterActingEvery: 5 });
    // Gumroad's tokens do not expire: its fake's expiry switch revokes the token, which the revoked-token test covers.
    Object.assign(world.gumroad.faults, { ...everyFault(), expireTokenEvery: 0 });
  });
  after(() => world.close());

  it('answers at once with pending listings, then ends with exactly one live listing per platform', async () => {
    const published = await publish(world, id);
    assert.equal(published.statusCode, 200);
    assert.deepEqual(stateOf(published.json<ProductWithListings>()), { etsy: 'pending', gumroad: 'pending' });
    await world.runner.drained();
    const product = await read(world, id);
    assert.deepEqual(stateOf(product), { etsy: 'live', gumroad: 'live' }, JSON.stringify(product.listings));
    for (const fake of [world.etsy, world.gumroad]) {
      const remote = fake.listings();
      assert.equal(remote.length, 1, `one listing on ${fake.url}`);
      assert.equal(remote[0]?.state, 'active');
      assert.equal(remote[0]?.marker, listingMarker(id));
      assert.match(remote[0]?.description ?? '', /More from Maple & Thyme Kitchen: https:\/\/mapleandthyme\.example$/, 'the description ends with the website');
      assert.equal(remote[0]?.priceCents, 1200);
      const listing = product.listings.find((candidate) => candidate.remote_id === remote[0]?.remoteId);
      assert.equal(listing?.url, remote[0]?.url);
    }
    const counts = [world.etsy.counts, world.gumroad.counts];
    assert.ok(counts.every((count) => count.tooMany > 0 && count.serverErrors > 0 && count.dropped > 0), JSON.stringify(counts));
  });

  it('gives buyers the very file we render, and the EPUB beside it', async () => {
    const pdf = await pdfOf(world, id);
    for (const fake of [world.etsy, world.gumroad]) {
      const files = fake.listings()[0]?.files ?? [];
      assert.deepEqual(files.map((file) => file.name).sort(), ['sunday-suppers.epub', 'sunday-suppers.pdf']);
      assert.ok(sameBytes(files.find((file) => file.name.endsWith('.pdf'))?.bytes, pdf), 'the PDF on the platform is our render, byte for byte');
    }
  });

  it('shows the product’s cover as the listing image: its generated cover, the very file the API serves', async () => {
    const cover = (await world.h.request({ method: 'GET', url: `/api/products/${id}` })).json<{ cover: { url: string; generated: boolean } }>().cover;
    assert.equal(cover.generated, true);
    const served = await world.h.app.inject({ method: 'GET', url: cover.url });
    for (const fake of [world.etsy, world.gumroad]) {
      const images = fake.listings()[0]?.images ?? [];
      assert.equal(images.length, 1, `one image on ${fake.url}`);
      assert.ok(sameBytes(images[0], new Uint8Array(served.rawPayload)), 'the listing image is the stored generated cover, byte for byte');
    }
  });

  it('updates the remote listings when the product changes, with the new file and no second listing', async () => {
    const changed = await world.h.request({ method: 'PATCH', url: `/api/products/${id}`, body: { title: 'Sunday Suppers, Revised' } });
    assert.equal(changed.statusCode, 200);
    assert.deepEqual(stateOf(changed.json<ProductWithListings>()), { etsy: 'pending', gumroad: 'pending' });
    await world.runner.drained();
    assert.deepEqual(stateOf(await read(world, id)), { etsy: 'live', gumroad: 'live' });
    const pdf = await pdfOf(world, id);
    for (const fake of [world.etsy, world.gumroad]) {
      const remote = fake.listings();
      assert.equal(remote.length, 1);
      assert.equal(remote[0]?.title, 'Sunday Suppers, Revised');
      const pdfs = (remote[0]?.files ?? []).filter((file) => file.name.endsWith('.pdf'));
      assert.equal(pdfs.length, 1, 'the old file is gone');
      assert.ok(sameBytes(pdfs[0]?.bytes, pdf), 'the new PDF, byte for byte');
    }
  });

  it('takes the listings down on unpublish and brings the same ones back on publish', async () => {
    const remoteIds = [world.etsy.listings()[0]?.remoteId, world.gumroad.listings()[0]?.remoteId];
    const unpublished = await world.h.request({ method: 'PATCH', url: `/api/products/${id}`, body: { status: 'draft' } });
    assert.equal(unpublished.statusCode, 200);
    await world.runner.drained();
    assert.deepEqual(stateOf(await read(world, id)), { etsy: 'unlisted', gumroad: 'unlisted' });
    assert.deepEqual([world.etsy.listings()[0]?.state, world.gumroad.listings()[0]?.state], ['inactive', 'inactive']);

    assert.equal((await publish(world, id)).statusCode, 200);
    await world.runner.drained();
    assert.deepEqual(stateOf(await read(world, id)), { etsy: 'live', gumroad: 'live' });
    assert.deepEqual([world.etsy.listings()[0]?.remoteId, world.gumroad.listings()[0]?.remoteId], remoteIds);
    assert.equal(world.etsy.listings().length + world.gumroad.listings().length, 2);
  });

  it('takes them down when the product is archived', async () => {
    const archived = await world.h.request({ method: 'PATCH', url: `/api/products/${id}`, body: { status: 'archived' } });
    assert.equal(archived.statusCode, 200);
    await world.runner.drained();
    assert.deepEqual(stateOf(await read(world, id)), { etsy: 'unlisted', gumroad: 'unlisted' });
    assert.deepEqual([world.etsy.listings()[0]?.state, world.gumroad.listings()[0]?.state], ['inactive', 'inactive']);
  });
});

describe('listings that cannot go live', () => {
  it('fails an Etsy listing whose price is not in the shop currency, before creating anything there', async () => {
    const world = await publishingWorld({ etsyCurrency: 'EUR' });
    try {
      await connectBoth(world);
      const id = await anEbook(world);
      await publish(world, id);
      await world.runner.drained();
      const product = await read(world, id);
      const etsy = product.listings.find((listing) => listing.platform === 'etsy');
      assert.equal(etsy?.state, 'failed');
      assert.equal(etsy?.error?.code, 'currency_mismatch');
      assert.match(etsy?.error?.message ?? '', /EUR/);
      assert.equal(world.etsy.listings().length, 0);
      assert.equal(product.listings.find((listing) => listing.platform === 'gumroad')?.state, 'live');
    } finally {
      await world.close();
    }
  });

  it('marks a platform without a connection not_connected, and a retry after connecting makes it live', async () => {
    const world = await publishingWorld();
    try {
      const id = await anEbook(world);
      const published = await publish(world, id);
      assert.deepEqual(stateOf(published.json<ProductWithListings>()), { etsy: 'not_connected', gumroad: 'not_connected' });
      assert.equal(published.json<ProductWithListings>().listings[0]?.error?.code, 'not_connected');
      await connectBoth(world);
      for (const platform of ['etsy', 'gumroad']) {
        const retried = await world.h.request({ method: 'POST', url: `/api/products/${id}/listings/${platform}/retry` });
        assert.equal(retried.statusCode, 200);
      }
      await world.runner.drained();
      assert.deepEqual(stateOf(await read(world, id)), { etsy: 'live', gumroad: 'live' });
      const again = await world.h.request({ method: 'POST', url: `/api/products/${id}/listings/etsy/retry` });
      assert.equal(again.statusCode, 409, 'a live listing is not retried');
    } finally {
      await world.close();
    }
  });

  it('fails a listing whose token was revoked, marks the connection needs_reconnect, and a retry after reconnecting makes it live once', async () => {
    const world = await publishingWorld();
    try {
      await connectBoth(world);
      const id = await anEbook(world);
      world.gumroad.revokeToken();
      await publish(world, id);
      await world.runner.drained();
      const failed = (await read(world, id)).listings.find((listing) => listing.platform === 'gumroad');
      assert.equal(failed?.state, 'failed');
      assert.equal(failed?.error?.code, 'not_connected');
      const connections = (await world.h.request({ method: 'GET', url: '/api/connections' })).json<{ data: { platform: string; status: string }[] }>();
      assert.equal(connections.data.find((connection) => connection.platform === 'gumroad')?.status, 'needs_reconnect');

      world.gumroad.restoreToken();
      await world.h.request({ method: 'PUT', url: '/api/connections/gumroad', body: { access_token: world.gumroad.accessToken } });
      Object.assign(world.gumroad.faults, noFaults());
      assert.equal((await world.h.request({ method: 'POST', url: `/api/products/${id}/listings/gumroad/retry` })).statusCode, 200);
      await world.runner.drained();
      assert.equal((await read(world, id)).listings.find((listing) => listing.platform === 'gumroad')?.state, 'live');
      assert.equal(world.gumroad.listings().length, 1);
    } finally {
      await world.close();
    }
  });
});
