/**
 * What the Etsy channel's sale methods say when Etsy misbehaves, each fault of the fake switched on: slow down (429,
 * or the budget spent), failures on Etsy's side, answers that never come, expired tokens (refreshed, the call made
 * again), revoked ones, and a token without the `transactions_r` scope. Every sale method only reads, so the
 * drop-after-acting fault, which hits writes, cannot reach them.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { listingMarker, type ChannelFailure, type ChannelSecret, type SalesChannel } from '@larder/domain';
import type { ResultAsync } from 'neverthrow';
import { etsyPlatform } from '../src/etsy/index.js';
import { startEtsyFake, type RunningEtsyFake } from '../src/etsy/fake/index.js';
import { noFaults } from '../src/shared/fake-faults.js';
import { failureOf, valueOf } from './support/channel-results.js';

describe("the Etsy channel's sale methods when Etsy misbehaves", () => {
  let fake: RunningEtsyFake;
  let transactionId = '';
  const connect = (secret: ChannelSecret = fake.connectedSecret(), timeoutMs?: number) => {
    const kept: ChannelSecret[] = [];
    const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret, timeoutMs });
    return { channel: platform.channel({ secret, onSecretChange: async (next) => void kept.push(next) }), kept };
  };
  const both = (channel: SalesChannel): [string, () => ResultAsync<unknown, ChannelFailure>][] => [
    ['salesSince', () => channel.salesSince(null)],
    ['findSale', () => channel.findSale(transactionId)],
  ];
  const failures = async (channel: SalesChannel) => {
    const said: Record<string, string> = {};
    for (const [name, call] of both(channel)) said[name] = (await failureOf(call())).type;
    return said;
  };

  before(async () => {
    fake = await startEtsyFake({ requireImageToActivate: false });
    const { channel } = connect();
    const listing = await valueOf(channel.createListing({ marker: listingMarker('faults'), title: 'Soups', description: 'Soups.', priceCents: 800, currency: 'USD', tags: [] }));
    await valueOf(channel.uploadFile(listing.remoteId, { name: 'soups.pdf', contentType: 'application/pdf', bytes: randomBytes(32) }));
    await valueOf(channel.activate(listing.remoteId));
    transactionId = String(fake.sell(listing.remoteId).transactionId);
  });
  afterEach(() => {
    Object.assign(fake.faults, noFaults());
  });
  after(() => fake.close());

  it("is rate limited for as long as Etsy's Retry-After says", async () => {
    Object.assign(fake.faults, { tooManyEvery: 1, retryAfterSeconds: 7 });
    for (const [name, call] of both(connect().channel)) {
      const failure = await failureOf(call());
      assert.deepEqual([name, failure.type, failure.type === 'ChannelRateLimited' ? failure.retryAfterMs : null], [name, 'ChannelRateLimited', 7000]);
    }
  });

  it('is unavailable when Etsy fails on its side or does not answer in time', async () => {
    fake.faults.serverErrorEvery = 1;
    assert.deepEqual(await failures(connect().channel), { salesSince: 'ChannelUnavailable', findSale: 'ChannelUnavailable' });
    Object.assign(fake.faults, noFaults(), { slowEvery: 1, slowMs: 300 });
    assert.deepEqual(await failures(connect(undefined, 80).channel), { salesSince: 'ChannelUnavailable', findSale: 'ChannelUnavailable' });
  });

  it('refreshes an expired token, keeps it, and reads the sales all the same', async () => {
    const { channel, kept } = connect();
    fake.expireAccessTokens();
    assert.ok((await valueOf(channel.salesSince(null))).sales.some((sale) => sale.remoteId === transactionId));
    assert.equal(kept.length, 1);
    // Every second authenticated request finds its token expired: each of findSale's two calls may need a refresh.
    fake.faults.expireTokenEvery = 2;
    const expiredBefore = fake.counts.expiredTokens;
    assert.equal((await valueOf(channel.findSale(transactionId)))?.remoteId, transactionId);
    assert.ok(fake.counts.expiredTokens > expiredBefore, 'a token expired on the way');
  });

  it("is unavailable when Etsy's answer lacks what a sale is read from, rather than inventing one", async () => {
    // Something between the channel and Etsy (a proxy, a truncated body) strips the receipts' prices.
    const stripping: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const text = await answer.text();
      return new Response(text.replaceAll('"price":', '"was_price":'), { status: answer.status, headers: answer.headers });
    };
    const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret, fetch: stripping });
    const channel = platform.channel({ secret: fake.connectedSecret(), onSecretChange: async () => undefined });
    assert.deepEqual(await failures(channel), { salesSince: 'ChannelUnavailable', findSale: 'ChannelUnavailable' });
  });

  it('is unauthorized when the tokens are revoked, or lack the transactions_r scope', async () => {
    const withoutScope = { ...fake.connectedSecret(['listings_r', 'listings_w', 'shops_r']) };
    assert.deepEqual(await failures(connect(withoutScope).channel), { salesSince: 'ChannelUnauthorized', findSale: 'ChannelUnauthorized' });
    const { channel } = connect();
    fake.revokeTokens();
    assert.deepEqual(await failures(channel), { salesSince: 'ChannelUnauthorized', findSale: 'ChannelUnauthorized' });
  });
});

describe("the Etsy channel's sale methods and Etsy's request budget", () => {
  it('is rate limited once the budget of the second is spent', async () => {
    const frozen = Date.now();
    const fake = await startEtsyFake({ limitPerSecond: 2, now: () => frozen });
    try {
      const channel = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret }).channel({ secret: fake.connectedSecret(), onSecretChange: async () => undefined });
      await valueOf(channel.salesSince(null));
      await valueOf(channel.salesSince(null));
      const failure = await failureOf(channel.salesSince(null));
      assert.deepEqual([failure.type, failure.type === 'ChannelRateLimited' ? failure.retryAfterMs : null], ['ChannelRateLimited', 1000]);
    } finally {
      await fake.close();
    }
  });
});
