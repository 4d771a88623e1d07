/**
 * The Gumroad channel against the Gumroad fake: a token checked before it is kept, then a listing's whole life
 * (product, file, cover, published, found again by its marker, changed, files replaced, taken down, brought back),
 * with the fake holding exactly what a buyer would get.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { ListingContent, ListingFile, SalesChannel, TokenConnect } from '@larder/domain';
import { gumroadPlatform } from '../src/gumroad/index.js';
import { startGumroadFake, type RunningGumroadFake } from '../src/gumroad/fake/index.js';
import { failureOf, valueOf } from './support/channel-results.js';

const content: ListingContent = {
  marker: 'larder0a1b2c3d4e5f60',
  title: 'Sunday Suppers',
  description: 'Twelve slow dishes for <cold> evenings & "long" tables.\n\nDigital download: a PDF. Nothing is shipped.',
  priceCents: 1200,
  currency: 'USD',
  tags: ['cookbook', 'recipes'],
};

const pdf = (name: string, size: number): ListingFile => ({ name, contentType: 'application/pdf', bytes: new Uint8Array(randomBytes(size)) });
const png = (size: number): ListingFile => ({ name: 'cover.png', contentType: 'image/png', bytes: new Uint8Array(randomBytes(size)) });

const tokenConnect = (connect: TokenConnect | { kind: 'oauth' }): TokenConnect => {
  if (connect.kind !== 'token') assert.fail('Gumroad connects with a pasted token');
  return connect;
};

describe('connecting a Gumroad account', () => {
  let fake: RunningGumroadFake;
  before(async () => {
    fake = await startGumroadFake({ userName: 'Larder Test Kitchen', email: 'kitchen@example.com' });
  });
  after(() => fake.close());

  it('keeps a good token with the account it reaches, which sells in any currency', async () => {
    const platform = gumroadPlatform({ apiUrl: fake.url });
    assert.deepEqual([platform.id, platform.name], ['gumroad', 'Gumroad']);
    const connected = await valueOf(tokenConnect(platform.connect).verify(fake.accessToken));
    assert.deepEqual(connected, {
      accountId: fake.userId,
      account: { accountName: 'Larder Test Kitchen', currency: null },
      secret: { access_token: fake.accessToken },
    });
  });

  it('refuses a token Gumroad does not know, without echoing it', async () => {
    const failure = await failureOf(tokenConnect(gumroadPlatform({ apiUrl: fake.url }).connect).verify('not-a-real-token'));
    assert.equal(failure.type, 'ChannelUnauthorized');
    assert.doesNotMatch(failure.message, /not-a-real-token/);
  });

  it("names an account without a name by its e-mail", async () => {
    const nameless = await startGumroadFake({ userName: null, email: 'cook@example.com' });
    try {
      const connected = await valueOf(tokenConnect(gumroadPlatform({ apiUrl: nameless.url }).connect).verify(nameless.accessToken));
      assert.equal(connected.account.accountName, 'cook@example.com');
    } finally {
      await nameless.close();
    }
  });
});

describe('a Gumroad listing from draft to sale and back', () => {
  let fake: RunningGumroadFake;
  let channel: SalesChannel;
  let remoteId = '';
  let partPuts = 0;
  const listing = () => {
    const found = fake.listings().find((candidate) => candidate.remoteId === remoteId);
    if (found === undefined) assert.fail('the fake holds no such product');
    return found;
  };
  before(async () => {
    // Small parts, so that a file of a few kilobytes travels as a real multipart upload.
    fake = await startGumroadFake({ partSize: 1024 });
    const countingFetch: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('/s3/gumroad/')) partPuts += 1;
      return fetch(input, init);
    };
    channel = gumroadPlatform({ apiUrl: fake.url, fetch: countingFetch }).channel({ secret: { access_token: fake.accessToken }, onSecretChange: async () => {} });
  });
  after(() => fake.close());

  it('creates an unpublished product carrying the marker, at a buyer URL made of it', async () => {
    const created = await valueOf(channel.createListing(content));
    remoteId = created.remoteId;
    assert.equal(created.state, 'draft');
    assert.equal(created.marker, content.marker);
    assert.match(created.url, new RegExp(`^https://[a-z0-9-]+\\.gumroad\\.com/l/${content.marker}$`));
    const held = listing();
    assert.deepEqual(
      { state: held.state, title: held.title, description: held.description, price: held.priceCents, currency: held.currency, marker: held.marker, url: held.url },
      { state: 'draft', title: content.title, description: content.description, price: 1200, currency: 'USD', marker: content.marker, url: created.url },
    );
  });

  it('uploads the file a buyer downloads, byte for byte, in several parts', async () => {
    const book = pdf('sunday-suppers.pdf', 2600);
    partPuts = 0;
    const uploaded = await valueOf(channel.uploadFile(remoteId, book));
    assert.equal(partPuts, 3, 'three parts of at most 1024 bytes');
    assert.deepEqual({ name: uploaded.name, size: uploaded.size }, { name: 'sunday-suppers.pdf', size: 2600 });
    assert.deepEqual(listing().files.map((file) => [file.remoteFileId, file.name, Buffer.from(file.bytes).equals(book.bytes)]), [[uploaded.remoteFileId, 'sunday-suppers.pdf', true]]);
    assert.deepEqual(await valueOf(channel.listFiles(remoteId)), [uploaded]);
  });

  it('gives the product one cover, replacing the one before', async () => {
    await valueOf(channel.uploadImage(remoteId, png(700)));
    assert.equal(listing().imageCount, 1);
    await valueOf(channel.uploadImage(remoteId, png(900)));
    assert.equal(listing().imageCount, 1);
  });

  it('puts the product on sale', async () => {
    const live = await valueOf(channel.activate(remoteId));
    assert.deepEqual([live.state, live.remoteId], ['active', remoteId]);
    assert.equal(listing().state, 'active');
    assert.equal((await valueOf(channel.activate(remoteId))).state, 'active', 'publishing twice is harmless');
  });

  it('finds the product by its marker, also behind a page of newer products', async () => {
    for (let n = 0; n < 11; n += 1) {
      await valueOf(channel.createListing({ ...content, marker: `larderother${String(n).padStart(4, '0')}`, title: `Other ${n}` }));
    }
    const found = await valueOf(channel.findListing(content.marker));
    assert.deepEqual(found, { remoteId, url: listing().url, state: 'active', marker: content.marker });
    assert.equal(await valueOf(channel.findListing('larderneverlisted')), null);
  });

  it('changes the name and price and keeps the product on sale', async () => {
    const changed = await valueOf(channel.updateListing(remoteId, { ...content, title: 'Sunday Suppers, Second Helping', priceCents: 1500, currency: 'EUR' }));
    assert.equal(changed.state, 'active');
    const held = listing();
    assert.deepEqual([held.title, held.priceCents, held.currency, held.state], ['Sunday Suppers, Second Helping', 1500, 'EUR', 'active']);
  });

  it('adds a second file and deletes the first, keeping the other one whole', async () => {
    const [first] = await valueOf(channel.listFiles(remoteId));
    const epub: ListingFile = { name: 'sunday-suppers.epub', contentType: 'application/epub+zip', bytes: new Uint8Array(randomBytes(1500)) };
    const second = await valueOf(channel.uploadFile(remoteId, epub));
    assert.deepEqual((await valueOf(channel.listFiles(remoteId))).map((file) => file.name), ['sunday-suppers.pdf', 'sunday-suppers.epub']);
    await valueOf(channel.deleteFile(remoteId, first?.remoteFileId ?? ''));
    assert.deepEqual(await valueOf(channel.listFiles(remoteId)), [second]);
    assert.ok(Buffer.from(listing().files[0]?.bytes ?? []).equals(epub.bytes));
    const again = await failureOf(channel.deleteFile(remoteId, first?.remoteFileId ?? ''));
    assert.deepEqual([again.type, again.type === 'ChannelRejected' ? again.code : ''], ['ChannelRejected', 'not_found']);
  });

  it('takes the product down and brings the same one back', async () => {
    const down = await valueOf(channel.deactivate(remoteId));
    assert.equal(down.state, 'inactive');
    assert.equal(listing().state, 'inactive');
    assert.equal((await valueOf(channel.findListing(content.marker)))?.state, 'inactive');
    const back = await valueOf(channel.activate(remoteId));
    assert.deepEqual([back.state, back.remoteId], ['active', remoteId]);
    assert.equal(listing().state, 'active');
  });

  it("tells the account's name", async () => {
    assert.deepEqual(await valueOf(channel.account()), { accountName: 'Larder Test Kitchen', currency: null });
  });
});
