/**
 * What the Etsy channel says when Etsy misbehaves, each fault switched on in the fake: slow down (429), failures on
 * Etsy's side, answers lost after Etsy acted, expired and revoked tokens, listings that are gone, budgets spent.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { listingMarker, type ChannelFailure, type ChannelSecret, type ListingContent, type SalesChannel } from '@larder/domain';
import type { ResultAsync } from 'neverthrow';
import { etsyPlatform } from '../src/etsy/index.js';
import { startEtsyFake, type RunningEtsyFake } from '../src/etsy/fake/index.js';
import { noFaults } from '../src/shared/fake-faults.js';
import { failureOf, valueOf } from './support/channel-results.js';

const content = (product: string): ListingContent => ({
  marker: listingMarker(product),
  title: `Recipes of ${product}`,
  description: 'A small book of recipes.',
  priceCents: 900,
  currency: 'USD',
  tags: ['cookbook'],
});

interface Harness {
  channel: SalesChannel;
  secrets: ChannelSecret[];
  /** How many requests the fake had seen when each new secret was handed over. */
  requestsAtChange: number[];
}

describe('the Etsy channel when Etsy misbehaves', () => {
  let fake: RunningEtsyFake;
  const connect = (secret: ChannelSecret = fake.connectedSecret(), timeoutMs?: number): Harness => {
    const secrets: ChannelSecret[] = [];
    const requestsAtChange: number[] = [];
    const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret, timeoutMs });
    const onSecretChange = async (next: ChannelSecret) => {
      requestsAtChange.push(fake.counts.requests);
      secrets.push(next);
    };
    return { channel: platform.channel({ secret, onSecretChange }), secrets, requestsAtChange };
  };
  before(async () => {
    fake = await startEtsyFake();
  });
  afterEach(() => {
    Object.assign(fake.faults, noFaults());
  });
  after(() => fake.close());

  it("is rate limited for as long as Etsy's Retry-After says", async () => {
    const { channel } = connect();
    Object.assign(fake.faults, { tooManyEvery: 1, retryAfterSeconds: 7 });
    const failure = await failureOf(channel.account());
    assert.deepEqual({ type: failure.type, retryAfterMs: failure.type === 'ChannelRateLimited' ? failure.retryAfterMs : undefined }, { type: 'ChannelRateLimited', retryAfterMs: 7000 });
  });

  it('is unavailable when Etsy fails on its side, 500 or 503', async () => {
    const { channel } = connect();
    fake.faults.serverErrorEvery = 1;
    const first = await failureOf(channel.findListing(listingMarker('x')));
    const second = await failureOf(channel.createListing(content('never-made')));
    assert.deepEqual([first.type, second.type], ['ChannelUnavailable', 'ChannelUnavailable']);
    assert.match(first.message, /500/);
    assert.match(second.message, /503/);
    fake.faults.serverErrorEvery = 0;
    assert.equal(await valueOf(channel.findListing(listingMarker('never-made'))), null, 'nothing was created');
  });

  it('is unavailable when Etsy does not answer in time', async () => {
    const { channel } = connect(undefined, 200);
    Object.assign(fake.faults, { slowEvery: 1, slowMs: 1000 });
    const failure = await failureOf(channel.account());
    assert.equal(failure.type, 'ChannelUnavailable');
    assert.match(failure.message, /did not answer/);
  });

  it('says unavailable when the answer to a create is lost, and the listing is then found exactly once', async () => {
    const { channel } = connect();
    const lost = content('lost-answer');
    fake.faults.dropAfterActingEvery = 1;
    const failure = await failureOf(channel.createListing(lost));
    assert.equal(failure.type, 'ChannelUnavailable');
    fake.faults.dropAfterActingEvery = 0;
    const found = await valueOf(channel.findListing(lost.marker));
    assert.equal(found?.state, 'draft');
    assert.equal(fake.listings().filter((listing) => listing.marker === lost.marker).length, 1);
    assert.equal(found?.remoteId, fake.listings().find((listing) => listing.marker === lost.marker)?.remoteId);
  });

  it('refreshes an expired access token, keeps the new one before using it, and repeats the call once', async () => {
    const { channel, secrets, requestsAtChange } = connect();
    const made = await valueOf(channel.createListing(content('refresh-on-401')));
    fake.expireAccessTokens();
    const before = fake.counts.requests;
    assert.deepEqual(await valueOf(channel.listFiles(made.remoteId)), []);
    assert.equal(secrets.length, 1);
    assert.deepEqual(requestsAtChange, [before + 2], 'kept after the 401 and the refresh, before the call was repeated');
    assert.equal(fake.counts.requests, before + 3);
    const kept = secrets[0] ?? {};
    assert.match(String(kept['access_token']), new RegExp(`^${fake.userId}\\.`));
    assert.ok(Number(kept['expires_at']) > Date.now() + 3500_000, 'the new token lasts an hour');
    assert.equal(kept['shop_id'], fake.shopId);
    await valueOf(channel.account());
    assert.equal(secrets.length, 1, 'the refreshed token is the one used next');
  });

  it('does not use a refreshed token that could not be kept', async () => {
    const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret });
    const channel = platform.channel({
      secret: fake.connectedSecret(),
      onSecretChange: async () => {
        throw new Error('database down');
      },
    });
    fake.expireAccessTokens();
    const before = fake.counts.requests;
    const failure = await failureOf(channel.findListing(listingMarker('kept-nowhere')));
    assert.equal(failure.type, 'ChannelUnavailable');
    assert.equal(fake.counts.requests, before + 2, 'the call and the refresh, no repeat');
  });

  it('refreshes a token that expires within a minute before using it', async () => {
    const soon = { ...fake.connectedSecret(), expires_at: Date.now() + 30_000 };
    const { channel, secrets } = connect(soon);
    await valueOf(channel.account());
    assert.equal(secrets.length, 1);
    assert.notEqual(secrets[0]?.['access_token'], soon.access_token);
    assert.notEqual(secrets[0]?.['refresh_token'], soon.refresh_token);
  });

  it('refreshes once when several calls find the token expired at the same time', async () => {
    const { channel, secrets } = connect();
    fake.expireAccessTokens();
    const results = await Promise.all([channel.account(), channel.findListing(listingMarker('a')), channel.account()]);
    assert.ok(results.every((result) => result.isOk()), 'every call succeeded');
    assert.equal(secrets.length, 1);
  });

  it('keeps working while Etsy expires the token every few requests', async () => {
    const { channel, secrets } = connect();
    fake.faults.expireTokenEvery = 3;
    const expiredBefore = fake.counts.expiredTokens;
    const made = await valueOf(channel.createListing(content('expiring-tokens')));
    await valueOf(channel.uploadFile(made.remoteId, { name: 'book.pdf', contentType: 'application/pdf', bytes: randomBytes(2048) }));
    await valueOf(channel.updateListing(made.remoteId, { ...content('expiring-tokens'), priceCents: 1100 }));
    await valueOf(channel.listFiles(made.remoteId));
    assert.ok(fake.counts.expiredTokens > expiredBefore, 'the fault expired tokens');
    assert.equal(secrets.length, fake.counts.expiredTokens - expiredBefore);
  });

  it('is unauthorized when Etsy refuses to refresh the token, and keeps nothing', async () => {
    const { channel, secrets } = connect();
    fake.revokeTokens();
    const failure = await failureOf(channel.findListing(listingMarker('anything')));
    assert.equal(failure.type, 'ChannelUnauthorized');
    assert.match(failure.message, /invalid_grant/);
    assert.equal(secrets.length, 0);
  });

  it('is unauthorized once the owner removes the access by hand (POST /__fake/revoke-tokens)', async () => {
    const { channel } = connect();
    assert.equal((await fetch(`${fake.url}/__fake/revoke-tokens`, { method: 'POST' })).status, 200);
    assert.equal((await failureOf(channel.findListing(listingMarker('anything')))).type, 'ChannelUnauthorized');
  });

  it('is unauthorized when Etsy refuses the app key', async () => {
    const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: '' });
    const channel = platform.channel({ secret: fake.connectedSecret(), onSecretChange: async () => undefined });
    const failure = await failureOf(channel.account());
    assert.equal(failure.type, 'ChannelUnauthorized');
    assert.match(failure.message, /Shared secret is required/);
  });

  it('says not found for a listing or a file that is gone', async () => {
    const { channel } = connect();
    const attempts: ResultAsync<unknown, ChannelFailure>[] = [channel.activate('1'), channel.listFiles('1'), channel.deactivate('1'), channel.uploadImage('1', { name: 'c.png', contentType: 'image/png', bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47]) })];
    for (const attempt of attempts) {
      const failure = await failureOf(attempt);
      assert.deepEqual({ type: failure.type, code: failure.type === 'ChannelRejected' ? failure.code : null }, { type: 'ChannelRejected', code: 'not_found' });
    }
  });

  it("passes Etsy's refusal on in Etsy's words", async () => {
    const { channel } = connect();
    const failure = await failureOf(channel.createListing({ ...content('free'), priceCents: 0 }));
    assert.deepEqual({ type: failure.type, code: failure.type === 'ChannelRejected' ? failure.code : null }, { type: 'ChannelRejected', code: 'platform_rejected' });
    assert.match(failure.message, /price/);
  });

  it('refuses a price in another currency than the shop sells in, before asking Etsy anything', async () => {
    const { channel } = connect();
    const requests = fake.counts.requests;
    const failure = await failureOf(channel.createListing({ ...content('euro-book'), currency: 'EUR' }));
    assert.equal(failure.type, 'ChannelRejected');
    assert.match(failure.message, /sells in USD/);
    assert.equal(fake.counts.requests, requests);
  });
});

describe("the Etsy channel and Etsy's request budget", () => {
  it('is rate limited once the budget of the second is spent, and told the budget along the way', async () => {
    // The fake's clock stands still inside one second, so that the test never straddles two.
    const frozen = Date.now();
    const fake = await startEtsyFake({ limitPerSecond: 3, now: () => frozen });
    try {
      const budgets: (number | null)[] = [];
      const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret });
      const channel = platform.channel({ secret: fake.connectedSecret(), onSecretChange: async () => undefined, onBudget: (budget) => budgets.push(budget.remainingThisSecond) });
      for (let call = 0; call < 3; call += 1) await valueOf(channel.account());
      const failure = await failureOf(channel.account());
      assert.deepEqual({ type: failure.type, retryAfterMs: failure.type === 'ChannelRateLimited' ? failure.retryAfterMs : undefined }, { type: 'ChannelRateLimited', retryAfterMs: 1000 });
      assert.deepEqual(budgets, [2, 1, 0, 0]);
    } finally {
      await fake.close();
    }
  });

  it("is rate limited until the day's budget comes back once it is spent", async () => {
    const frozen = Date.now();
    const fake = await startEtsyFake({ limitPerDay: 2, now: () => frozen });
    try {
      const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret });
      const channel = platform.channel({ secret: fake.connectedSecret(), onSecretChange: async () => undefined });
      await valueOf(channel.account());
      await valueOf(channel.account());
      const failure = await failureOf(channel.account());
      assert.equal(failure.type, 'ChannelRateLimited');
      assert.equal(failure.type === 'ChannelRateLimited' ? failure.retryAfterMs : null, 24 * 3600 * 1000);
    } finally {
      await fake.close();
    }
  });
});
