/**
 * What the Gumroad channel's sale methods say when Gumroad misbehaves, each fault of the fake switched on against
 * each of them: slow down, failures on Gumroad's side, answers that never come, a subscription whose answer was lost,
 * a revoked token, and Gumroad's refusal of a post URL.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { ChannelFailure, SalesChannel } from '@larder/domain';
import type { ResultAsync } from 'neverthrow';
import { gumroadPlatform } from '../src/gumroad/index.js';
import { startGumroadFake, type RunningGumroadFake } from '../src/gumroad/fake/index.js';
import { noFaults } from '../src/shared/fake-faults.js';
import { failureOf, valueOf } from './support/channel-results.js';

const kind = (failure: ChannelFailure): string => (failure.type === 'ChannelRejected' ? `ChannelRejected:${failure.code}` : failure.type);
const HOOK = 'https://larder.example/hooks/gumroad/faults';

describe("the Gumroad channel's sale methods when Gumroad misbehaves", () => {
  let fake: RunningGumroadFake;
  let saleId = '';
  const connect = (timeoutMs?: number): SalesChannel =>
    gumroadPlatform({ apiUrl: fake.url, timeoutMs }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
  /** Each sale method once, named. */
  const everyMethod = (channel: SalesChannel): [string, () => ResultAsync<unknown, ChannelFailure>][] => [
    ['salesSince', () => channel.salesSince(null)],
    ['findSale', () => channel.findSale(saleId)],
    ['subscribeToSales', () => channel.subscribeToSales(HOOK)],
    ['unsubscribeFromSales', () => channel.unsubscribeFromSales(HOOK)],
  ];
  const failures = async (channel: SalesChannel) => {
    const said: Record<string, string> = {};
    for (const [name, call] of everyMethod(channel)) said[name] = kind(await failureOf(call()));
    return said;
  };
  const all = (value: string) => ({ salesSince: value, findSale: value, subscribeToSales: value, unsubscribeFromSales: value });

  before(async () => {
    fake = await startGumroadFake({ pings: { retryDelaysMs: [] } });
    const channel = connect();
    const product = await valueOf(channel.createListing({ marker: 'larder0000000000fault', title: 'Soups', description: '', priceCents: 800, currency: 'USD', tags: [] }));
    await valueOf(channel.activate(product.remoteId));
    saleId = fake.sell(product.remoteId);
  });
  afterEach(() => {
    Object.assign(fake.faults, noFaults());
    fake.restoreToken();
  });
  after(() => fake.close());

  it("is rate limited for as long as Gumroad's Retry-After says", async () => {
    Object.assign(fake.faults, { tooManyEvery: 1, retryAfterSeconds: 7 });
    for (const [name, call] of everyMethod(connect())) {
      const failure = await failureOf(call());
      assert.deepEqual([name, failure.type, failure.type === 'ChannelRateLimited' ? failure.retryAfterMs : null], [name, 'ChannelRateLimited', 7000]);
    }
  });

  it('is unavailable while Gumroad answers 500 or 503', async () => {
    Object.assign(fake.faults, { serverErrorEvery: 1 });
    assert.deepEqual(await failures(connect()), all('ChannelUnavailable'));
  });

  it('is unavailable when Gumroad does not answer in time', async () => {
    Object.assign(fake.faults, { slowEvery: 1, slowMs: 300 });
    assert.deepEqual(await failures(connect(80)), all('ChannelUnavailable'));
  });

  it('is unauthorized once the token is revoked, or expires by the fault', async () => {
    fake.revokeToken();
    assert.deepEqual(await failures(connect()), all('ChannelUnauthorized'));
    fake.restoreToken();
    Object.assign(fake.faults, { expireTokenEvery: 1 });
    assert.deepEqual(await failures(connect()), all('ChannelUnauthorized'));
  });

  it('subscribes exactly once after a subscription whose answer was lost, and unsubscribes after a lost delete', async () => {
    const channel = connect();
    Object.assign(fake.faults, { dropAfterActingEvery: 1 });
    assert.equal(kind(await failureOf(channel.subscribeToSales(HOOK))), 'ChannelUnavailable');
    Object.assign(fake.faults, noFaults());
    await valueOf(channel.subscribeToSales(HOOK));
    assert.deepEqual(fake.resourceSubscriptions().map((made) => `${made.resourceName} ${made.postUrl}`).sort(), [`refund ${HOOK}`, `sale ${HOOK}`]);
    Object.assign(fake.faults, { dropAfterActingEvery: 1 });
    assert.equal(kind(await failureOf(channel.unsubscribeFromSales(HOOK))), 'ChannelUnavailable');
    Object.assign(fake.faults, noFaults());
    await valueOf(channel.unsubscribeFromSales(HOOK));
    assert.deepEqual(fake.resourceSubscriptions(), []);
  });

  it("passes on Gumroad's refusal of a post URL in its words", async () => {
    const failure = await failureOf(connect().subscribeToSales('ftp://larder.example/hooks'));
    assert.deepEqual([kind(failure), failure.message], ['ChannelRejected:platform_rejected', "Invalid post URL 'ftp://larder.example/hooks'"]);
  });
});
