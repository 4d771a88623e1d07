/**
 * What the Gumroad channel says when Gumroad misbehaves or refuses, each fault switched on in the fake: slow down
 * (429 with Retry-After), failures on Gumroad's side, an answer lost after Gumroad acted, a revoked token, products
 * that are not there, and the refusals of Gumroad's own validation, in Gumroad's words.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import type { ChannelFailure, ListingContent, SalesChannel } from '@larder/domain';
import type { ResultAsync } from 'neverthrow';
import { gumroadPlatform } from '../src/gumroad/index.js';
import { startGumroadFake, type RunningGumroadFake } from '../src/gumroad/fake/index.js';
import { noFaults } from '../src/shared/fake-faults.js';
import { failureOf, valueOf } from './support/channel-results.js';

/** The failure without its prose, for comparing. */
const kind = (failure: ChannelFailure): string =>
  failure.type === 'ChannelRejected' ? `ChannelRejected:${failure.code}` : failure.type;

let markers = 0;
const content = (overrides: Partial<ListingContent> = {}): ListingContent => ({
  marker: `larderfault${String((markers += 1)).padStart(4, '0')}`,
  title: 'Weeknight Soups',
  description: 'Soups for tired evenings.',
  priceCents: 900,
  currency: 'USD',
  tags: ['soup'],
  ...overrides,
});

describe('the Gumroad channel when Gumroad misbehaves', () => {
  let fake: RunningGumroadFake;
  const connect = (apiUrl = fake.url, token = fake.accessToken, timeoutMs?: number): SalesChannel =>
    gumroadPlatform({ apiUrl, timeoutMs }).channel({ secret: { access_token: token }, onSecretChange: async () => {} });
  before(async () => {
    fake = await startGumroadFake({ maxFileSize: 4096 });
  });
  afterEach(() => {
    Object.assign(fake.faults, noFaults());
    fake.restoreToken();
  });
  after(() => fake.close());

  it("is rate limited for as long as Gumroad's Retry-After says", async () => {
    Object.assign(fake.faults, { tooManyEvery: 1, retryAfterSeconds: 7 });
    const failure = await failureOf(connect().account());
    assert.deepEqual({ type: failure.type, retryAfterMs: failure.type === 'ChannelRateLimited' ? failure.retryAfterMs : undefined }, { type: 'ChannelRateLimited', retryAfterMs: 7000 });
  });

  it('is unavailable while Gumroad answers 500 or 503', async () => {
    Object.assign(fake.faults, { serverErrorEvery: 1 });
    const channel = connect();
    const first = await failureOf(channel.findListing('larderanything'));
    const second = await failureOf(channel.createListing(content()));
    assert.deepEqual([kind(first), kind(second)], ['ChannelUnavailable', 'ChannelUnavailable']);
    assert.deepEqual([first.message, second.message], ['Gumroad answered 500', 'Gumroad answered 503']);
    assert.equal(fake.listings().length, 0, 'nothing was created while Gumroad failed');
  });

  it('is unavailable when Gumroad does not answer in time', async () => {
    Object.assign(fake.faults, { slowEvery: 1, slowMs: 400 });
    const failure = await failureOf(connect(fake.url, fake.accessToken, 100).account());
    assert.equal(kind(failure), 'ChannelUnavailable');
  });

  it('is unavailable when nothing listens at the address', async () => {
    const failure = await failureOf(connect('http://127.0.0.1:9').account());
    assert.equal(kind(failure), 'ChannelUnavailable');
  });

  it('finds exactly one product after a create whose answer was lost, and cannot make a second', async () => {
    const channel = connect();
    const lost = content();
    Object.assign(fake.faults, { dropAfterActingEvery: 1 });
    assert.equal(kind(await failureOf(channel.createListing(lost))), 'ChannelUnavailable');
    Object.assign(fake.faults, noFaults());
    const found = await valueOf(channel.findListing(lost.marker));
    assert.equal(found?.marker, lost.marker);
    assert.deepEqual(fake.listings().filter((listing) => listing.marker === lost.marker).map((listing) => listing.remoteId), [found?.remoteId]);
    const again = await failureOf(channel.createListing(lost));
    assert.deepEqual([kind(again), again.message], ['ChannelRejected:platform_rejected', 'Custom permalink has already been taken']);
    assert.equal(fake.listings().filter((listing) => listing.marker === lost.marker).length, 1);
  });

  it('is unauthorized once the seller revokes the token, and no token reaches a message', async () => {
    const channel = connect();
    fake.revokeToken();
    const failure = await failureOf(channel.account());
    assert.equal(kind(failure), 'ChannelUnauthorized');
    assert.ok(!failure.message.includes(fake.accessToken));
    fake.restoreToken();
    await valueOf(channel.account());
  });

  it('stays unauthorized after the expiring-token fault until the token is restored (Gumroad does not refresh)', async () => {
    const channel = connect();
    const expiredBefore = fake.counts.expiredTokens;
    Object.assign(fake.faults, { expireTokenEvery: 1 });
    assert.equal(kind(await failureOf(channel.account())), 'ChannelUnauthorized');
    Object.assign(fake.faults, noFaults());
    assert.equal(kind(await failureOf(channel.account())), 'ChannelUnauthorized');
    assert.equal(fake.counts.expiredTokens - expiredBefore, 1);
    fake.restoreToken();
    await valueOf(channel.account());
  });

  it('is unauthorized without any token kept, without asking Gumroad', async () => {
    const channel = gumroadPlatform({ apiUrl: fake.url }).channel({ secret: {}, onSecretChange: async () => {} });
    const requests = fake.counts.requests;
    assert.equal(kind(await failureOf(channel.account())), 'ChannelUnauthorized');
    assert.equal(fake.counts.requests, requests);
  });

  it('says not_found for a product Gumroad does not have, whether Gumroad says so in JSON or with a 404', async () => {
    const channel = connect();
    for (const attempt of [channel.activate('bm90IGEgcHJvZHVjdA=='), channel.deactivate('nothing'), channel.listFiles('nothing'), channel.updateListing('nothing', content())]) {
      const failure = await failureOf<unknown>(attempt);
      assert.deepEqual([kind(failure), failure.message], ['ChannelRejected:not_found', 'The product was not found.']);
    }
    const unrouted = await failureOf(connect(`${fake.url}/no-api-here`).account());
    assert.equal(kind(unrouted), 'ChannelRejected:not_found');
  });
});

describe("the Gumroad channel refused by Gumroad's validation", () => {
  let fake: RunningGumroadFake;
  let channel: SalesChannel;
  before(async () => {
    fake = await startGumroadFake({ maxFileSize: 4096 });
    channel = gumroadPlatform({ apiUrl: fake.url }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
  });
  after(() => fake.close());

  const refusal = async (pending: ResultAsync<unknown, ChannelFailure>): Promise<[string, string]> => {
    const failure = await failureOf(pending);
    return [kind(failure), failure.message];
  };

  it('refuses a product without a name, below the least price, or in a currency Gumroad does not sell in', async () => {
    assert.deepEqual(await refusal(channel.createListing(content({ title: ' ' }))), ['ChannelRejected:platform_rejected', "Name can't be blank"]);
    assert.deepEqual(await refusal(channel.createListing(content({ priceCents: 50 }))), ['ChannelRejected:platform_rejected', 'Sorry, a product must be at least $0.99.']);
    assert.deepEqual(await refusal(channel.createListing(content({ priceCents: -100 }))), ['ChannelRejected:platform_rejected', 'Sorry, a product must be at least $0.99.']);
    assert.deepEqual(await refusal(channel.createListing(content({ currency: 'SEK' }))), ['ChannelRejected:platform_rejected', "'sek' is not a supported currency."]);
    assert.equal(fake.listings().length, 0);
    const free = await valueOf(channel.createListing(content({ priceCents: 0 })));
    assert.equal(free.state, 'draft', 'a free product is fine');
  });

  it('refuses a file over the size limit before any byte is sent, and an image Gumroad cannot show', async () => {
    const created = await valueOf(channel.createListing(content()));
    const big = { name: 'big.pdf', contentType: 'application/pdf', bytes: new Uint8Array(randomBytes(5000)) };
    assert.deepEqual(await refusal(channel.uploadFile(created.remoteId, big)), ['ChannelRejected:platform_rejected', 'file_size exceeds the 4096 bytes maximum']);
    const webp = { name: 'cover.webp', contentType: 'image/webp', bytes: new Uint8Array(randomBytes(100)) };
    assert.deepEqual(await refusal(channel.uploadImage(created.remoteId, webp)), ['ChannelRejected:platform_rejected', 'content_type must be JPEG, PNG, GIF, or video.']);
    const held = fake.listings().find((listing) => listing.remoteId === created.remoteId);
    assert.deepEqual([held?.files.length, held?.imageCount], [0, 0]);
  });
});
