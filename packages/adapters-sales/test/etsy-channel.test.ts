/**
 * A product's Etsy listing through its life, against the loopback fake: a digital draft carrying the marker, its
 * file and cover, made active, found again by marker, changed, its file replaced, taken down and brought back.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { listingMarker, type ChannelSecret, type ListingContent, type RateBudget, type SalesChannel } from '@larder/domain';
import { etsyPlatform } from '../src/etsy/index.js';
import { startEtsyFake, type RunningEtsyFake } from '../src/etsy/fake/index.js';
import { failureOf, valueOf } from './support/channel-results.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(64)]);
const pdf = (size: number) => Uint8Array.from([...Buffer.from('%PDF-1.7\n'), ...randomBytes(size)]);

describe('an Etsy listing through its life', () => {
  let fake: RunningEtsyFake;
  let channel: SalesChannel;
  const budgets: RateBudget[] = [];
  const secrets: ChannelSecret[] = [];
  const marker = listingMarker('product-sunday-suppers');
  const content: ListingContent = {
    marker,
    title: 'Sunday Suppers: twelve slow dinners',
    description: 'Twelve recipes for long Sunday evenings.',
    priceCents: 1299,
    currency: 'USD',
    tags: ['cookbook', 'dinner recipes', 'Slow Cooking!', 'COOKBOOK', 'pdf'],
  };
  const firstFile = { name: 'sunday-suppers.pdf', contentType: 'application/pdf', bytes: pdf(300_000) };
  const secondFile = { name: 'sunday-suppers-v2.pdf', contentType: 'application/pdf', bytes: pdf(320_000) };
  let remoteId = '';
  let firstFileId = '';

  before(async () => {
    fake = await startEtsyFake({ shopName: 'SundaySuppersKitchen' });
    const platform = etsyPlatform({ apiUrl: fake.url, oauthUrl: fake.oauthUrl, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret });
    channel = platform.channel({
      secret: { ...fake.connectedSecret() },
      onSecretChange: async (secret) => {
        secrets.push(secret);
      },
      onBudget: (budget) => budgets.push(budget),
    });
  });
  after(() => fake.close());

  it('names the shop and the currency it sells in', async () => {
    assert.equal(channel.platform, 'etsy');
    assert.deepEqual(await valueOf(channel.account()), { accountName: 'SundaySuppersKitchen', currency: 'USD' });
  });

  it('creates a digital draft listing that carries the marker among its tags, at the price in the shop currency', async () => {
    const created = await valueOf(channel.createListing(content));
    assert.equal(created.state, 'draft');
    assert.equal(created.marker, marker);
    assert.match(created.url, new RegExp(`^${fake.url}/listing/${created.remoteId}/`));
    remoteId = created.remoteId;
    const [held, ...others] = fake.listings();
    assert.equal(others.length, 0);
    assert.deepEqual(
      { remoteId: held?.remoteId, marker: held?.marker, state: held?.state, title: held?.title, priceCents: held?.priceCents, currency: held?.currency },
      { remoteId, marker, state: 'draft', title: content.title, priceCents: 1299, currency: 'USD' },
    );
    const raw = (await (await fetch(`${fake.url}/v3/application/listings/${remoteId}`, { headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}` } })).json()) as Record<string, unknown>;
    assert.equal(raw['listing_type'], 'download');
    assert.equal(raw['who_made'], 'i_did');
    assert.equal(raw['when_made'], `2020_${new Date().getUTCFullYear()}`);
    assert.equal(raw['is_supply'], false);
    assert.equal(raw['quantity'], 999);
    assert.deepEqual(raw['tags'], [marker, 'cookbook', 'dinner recipes', 'Slow Cooking', 'pdf']);
  });

  it('will not go live without its file, nor without an image', async () => {
    const noFile = await failureOf(channel.activate(remoteId));
    assert.equal(noFile.type, 'ChannelRejected');
    assert.match(noFile.message, /upload a file/);
    const uploaded = await valueOf(channel.uploadFile(remoteId, firstFile));
    firstFileId = uploaded.remoteFileId;
    assert.deepEqual(uploaded, { remoteFileId: firstFileId, name: 'sunday-suppers.pdf', size: firstFile.bytes.byteLength });
    const noImage = await failureOf(channel.activate(remoteId));
    assert.equal(noImage.type, 'ChannelRejected');
    assert.match(noImage.message, /image/);
    assert.equal(fake.listings()[0]?.state, 'draft');
  });

  it('uploads the file byte for byte', () => {
    const files = fake.listings()[0]?.files ?? [];
    assert.equal(files.length, 1);
    assert.equal(files[0]?.name, 'sunday-suppers.pdf');
    assert.ok(Buffer.from(files[0]?.bytes ?? []).equals(Buffer.from(firstFile.bytes)), 'the fake holds the bytes uploaded');
  });

  it('goes live once it has its cover, and is then found by its marker with its buyer URL', async () => {
    await valueOf(channel.uploadImage(remoteId, { name: 'cover.png', contentType: 'image/png', bytes: PNG }));
    await valueOf(channel.uploadImage(remoteId, { name: 'cover-2.png', contentType: 'image/png', bytes: PNG }));
    assert.equal(fake.listings()[0]?.imageCount, 1, 'a second cover replaces the first');
    const live = await valueOf(channel.activate(remoteId));
    assert.equal(live.state, 'active');
    assert.equal(live.marker, marker);
    const found = await valueOf(channel.findListing(marker));
    assert.deepEqual(found, { remoteId, url: live.url, state: 'active', marker });
    assert.equal((await fetch(live.url)).status, 200);
    assert.equal(await valueOf(channel.findListing(listingMarker('another-product'))), null);
  });

  it('changes title, description, tags and price, and stays live', async () => {
    const changed: ListingContent = { ...content, title: 'Sunday Suppers, revised', description: 'Now fourteen recipes.', priceCents: 1599, tags: ['cookbook'] };
    const updated = await valueOf(channel.updateListing(remoteId, changed));
    assert.deepEqual({ state: updated.state, marker: updated.marker, remoteId: updated.remoteId }, { state: 'active', marker, remoteId });
    const held = fake.listings()[0];
    assert.deepEqual(
      { title: held?.title, description: held?.description, priceCents: held?.priceCents, marker: held?.marker, state: held?.state },
      { title: 'Sunday Suppers, revised', description: 'Now fourteen recipes.', priceCents: 1599, marker, state: 'active' },
    );
    const raw = (await (await fetch(`${fake.url}/v3/application/listings/${remoteId}`, { headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}` } })).json()) as Record<string, unknown>;
    assert.deepEqual(raw['tags'], [marker, 'cookbook']);
  });

  it('replaces the file: the new one uploaded first, then the old one deleted', async () => {
    const second = await valueOf(channel.uploadFile(remoteId, secondFile));
    assert.deepEqual((await valueOf(channel.listFiles(remoteId))).map((file) => file.name), ['sunday-suppers.pdf', 'sunday-suppers-v2.pdf']);
    await valueOf(channel.deleteFile(remoteId, firstFileId));
    assert.deepEqual(await valueOf(channel.listFiles(remoteId)), [{ remoteFileId: second.remoteFileId, name: 'sunday-suppers-v2.pdf', size: secondFile.bytes.byteLength }]);
    const files = fake.listings()[0]?.files ?? [];
    assert.ok(Buffer.from(files[0]?.bytes ?? []).equals(Buffer.from(secondFile.bytes)), 'the fake holds the new bytes');
    const gone = await failureOf(channel.deleteFile(remoteId, firstFileId));
    assert.deepEqual({ type: gone.type, code: gone.type === 'ChannelRejected' ? gone.code : null }, { type: 'ChannelRejected', code: 'not_found' });
  });

  it('is taken down and brought back, each as often as asked', async () => {
    assert.equal((await valueOf(channel.deactivate(remoteId))).state, 'inactive');
    assert.equal((await valueOf(channel.deactivate(remoteId))).state, 'inactive');
    assert.equal(fake.listings()[0]?.state, 'inactive');
    assert.equal((await valueOf(channel.findListing(marker)))?.state, 'inactive');
    assert.equal((await fetch(fake.listings()[0]?.url ?? '')).status, 404, 'an inactive listing is not for sale');
    assert.equal((await valueOf(channel.activate(remoteId))).state, 'active');
    assert.equal((await valueOf(channel.activate(remoteId))).state, 'active');
    assert.equal(fake.listings().length, 1);
  });

  it("leaves a draft that never went live as it is when it is taken down", async () => {
    const draft = await valueOf(channel.createListing({ ...content, marker: listingMarker('product-never-live') }));
    const down = await valueOf(channel.deactivate(draft.remoteId));
    assert.equal(down.state, 'draft');
    assert.equal((await valueOf(channel.findListing(listingMarker('product-never-live'))))?.remoteId, draft.remoteId);
  });

  it("told the budget Etsy reported, and never needed a new token", () => {
    assert.ok(budgets.length >= 10, `${budgets.length} budgets heard`);
    const last = budgets.at(-1);
    assert.equal(typeof last?.remainingThisSecond, 'number');
    assert.equal(typeof last?.remainingToday, 'number');
    assert.ok((last?.remainingToday ?? 0) < 100_000, 'the day budget went down');
    assert.equal(secrets.length, 0);
  });
});
