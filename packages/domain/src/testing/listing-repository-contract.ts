import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NO_PROGRESS, type Listing } from '../sales/listing.js';
import type { ListingRepository } from '../sales/listing-repository.js';

let counter = 0;

/** A pending listing on Etsy of a product of its own, last changed at a time with milliseconds. */
export function listingFixture(overrides: Partial<Listing> = {}): Listing {
  counter += 1;
  return {
    product_id: `product-${String(counter).padStart(6, '0')}`,
    platform: 'etsy',
    state: 'pending',
    remote_id: null,
    url: null,
    error: null,
    attempts: 0,
    updated_at: new Date(Date.UTC(2026, 3, 1) + counter * 1000 + 7),
    user_id: 'user-1',
    progress: NO_PROGRESS,
    version: 1,
    ...overrides,
  };
}

const at = (iso: string): Date => new Date(iso);
const ids = (listings: readonly Listing[]): string[] => listings.map((listing) => `${listing.product_id}:${listing.platform}`);
const sortedIds = (listings: readonly Listing[]): string[] => ids(listings).sort();

/** What every listing repository must do; the in-memory one and the Mongo one (on each engine) run it. */
export function runListingRepositoryContract(name: string, makeRepository: () => ListingRepository | Promise<ListingRepository>): void {
  describe(`ListingRepository contract: ${name}`, () => {
    it('stores listings and finds each by product and platform, every field intact', async () => {
      const repository = await makeRepository();
      const live = listingFixture({
        state: 'live',
        remote_id: '1234567890',
        url: 'https://www.etsy.com/listing/1234567890',
        error: { code: 'rate_limited', message: 'Etsy asked us to slow down' },
        attempts: 3,
        updated_at: at('2026-05-05T05:05:05.123Z'),
        user_id: 'user-7',
        progress: {
          content: 'sha256:9f86d081884c7d65',
          files: [
            { key: 'documents/p1/g1/a4.pdf', remoteFileId: 'file-1' },
            { key: 'documents/p1/g1/letter.pdf', remoteFileId: 'file-2' },
          ],
          image: 'covers/p1/cover.webp',
          createSent: true,
        },
        version: 4,
      });
      const pending = listingFixture({ product_id: live.product_id, platform: 'gumroad' });
      for (const listing of [live, pending]) assert.equal((await repository.save(listing, null))._unsafeUnwrap(), 'written');

      const found = (await repository.find(live.product_id, 'etsy'))._unsafeUnwrap();
      assert.deepEqual(found, live);
      assert.ok(found?.updated_at instanceof Date, 'dates come back as dates');
      assert.equal(found.updated_at.getTime(), live.updated_at.getTime(), 'to the millisecond');
      assert.deepEqual((await repository.find(live.product_id, 'gumroad'))._unsafeUnwrap(), pending);
      assert.equal((await repository.find(live.product_id, 'payhip'))._unsafeUnwrap(), null);
      assert.equal((await repository.find('product-none', 'etsy'))._unsafeUnwrap(), null);
    });

    it('inserts once: a second insert for the same product and platform is stale and changes nothing', async () => {
      const repository = await makeRepository();
      const first = listingFixture();
      assert.equal((await repository.save(first, null))._unsafeUnwrap(), 'written');
      const second = { ...first, state: 'live' as const, remote_id: 'other', user_id: 'user-2' };
      assert.equal((await repository.save(second, null))._unsafeUnwrap(), 'stale');
      assert.deepEqual((await repository.find(first.product_id, first.platform))._unsafeUnwrap(), first);
    });

    it('writes over the expected version only', async () => {
      const repository = await makeRepository();
      const listing = listingFixture();
      await repository.save(listing, null);
      const live: Listing = { ...listing, state: 'live', remote_id: 'r-1', url: 'https://example.com/r-1', updated_at: at('2026-06-01T00:00:00.250Z'), version: 2 };
      assert.equal((await repository.save(live, 1))._unsafeUnwrap(), 'written');
      assert.deepEqual((await repository.find(listing.product_id, listing.platform))._unsafeUnwrap(), live);
      assert.equal((await repository.save({ ...listing, state: 'failed', version: 2 }, 1))._unsafeUnwrap(), 'stale', 'the version it expected is gone');
      assert.equal((await repository.save({ ...listing, state: 'failed', version: 6 }, 5))._unsafeUnwrap(), 'stale', 'a version never stored');
      assert.deepEqual((await repository.find(listing.product_id, listing.platform))._unsafeUnwrap(), live);

      const absent = listingFixture({ version: 2 });
      assert.equal((await repository.save(absent, 1))._unsafeUnwrap(), 'stale', 'an update of a listing that does not exist');
      assert.equal((await repository.find(absent.product_id, absent.platform))._unsafeUnwrap(), null);
    });

    it('lets exactly one of simultaneous writers of a version, and of an insert, win', async () => {
      const repository = await makeRepository();
      const listing = listingFixture();
      await repository.save(listing, null);
      const updates = Array.from({ length: 10 }, (_, index): Listing => ({ ...listing, remote_id: `r-${index}`, version: 2 }));
      const outcomes = (await Promise.all(updates.map((update) => repository.save(update, 1)))).map((result) => result._unsafeUnwrap());
      assert.equal(outcomes.filter((outcome) => outcome === 'written').length, 1, outcomes.join(' '));
      const winner = updates[outcomes.indexOf('written')];
      assert.deepEqual((await repository.find(listing.product_id, listing.platform))._unsafeUnwrap(), winner);

      const fresh = listingFixture();
      const inserts = Array.from({ length: 10 }, (_, index): Listing => ({ ...fresh, user_id: `user-${index}` }));
      const inserted = (await Promise.all(inserts.map((insert) => repository.save(insert, null)))).map((result) => result._unsafeUnwrap());
      assert.equal(inserted.filter((outcome) => outcome === 'written').length, 1, inserted.join(' '));
      assert.deepEqual((await repository.find(fresh.product_id, fresh.platform))._unsafeUnwrap(), inserts[inserted.indexOf('written')]);
    });

    it('finds every listing of the given products and none of the others', async () => {
      const repository = await makeRepository();
      const a = listingFixture();
      const aOnGumroad = listingFixture({ product_id: a.product_id, platform: 'gumroad' });
      const b = listingFixture();
      const other = listingFixture();
      for (const listing of [a, aOnGumroad, b, other]) await repository.save(listing, null);
      const found = (await repository.forProducts([a.product_id, b.product_id, 'product-none']))._unsafeUnwrap();
      assert.deepEqual(sortedIds(found), sortedIds([a, aOnGumroad, b]));
      assert.deepEqual(found.find((listing) => listing.platform === 'gumroad'), aOnGumroad);
      assert.deepEqual((await repository.forProducts([other.product_id]))._unsafeUnwrap(), [other]);
      assert.deepEqual((await repository.forProducts([]))._unsafeUnwrap(), []);
    });

    it('finds a listing by its remote id on a platform (how a sale finds its product)', async () => {
      const repository = await makeRepository();
      const onEtsy = listingFixture({ platform: 'etsy', remote_id: '4455' });
      const onGumroad = listingFixture({ platform: 'gumroad', remote_id: '4455' });
      const withoutRemote = listingFixture({ platform: 'etsy' });
      for (const listing of [onEtsy, onGumroad, withoutRemote]) await repository.save(listing, null);

      assert.equal((await repository.findByRemoteId('etsy', '4455'))._unsafeUnwrap()?.product_id, onEtsy.product_id);
      assert.equal((await repository.findByRemoteId('gumroad', '4455'))._unsafeUnwrap()?.product_id, onGumroad.product_id);
      assert.equal((await repository.findByRemoteId('etsy', '4456'))._unsafeUnwrap(), null);
      assert.equal((await repository.findByRemoteId('gumroad', '44'))._unsafeUnwrap(), null);
    });

    it('lists the listings in a state last changed before a time, oldest first, up to a limit', async () => {
      const repository = await makeRepository();
      const before = at('2026-07-01T12:00:00.000Z');
      const second = listingFixture({ updated_at: at('2026-07-01T11:00:00.002Z') });
      const first = listingFixture({ updated_at: at('2026-07-01T11:00:00.001Z') });
      const third = listingFixture({ updated_at: at('2026-07-01T11:59:59.999Z') });
      const atTheTime = listingFixture({ updated_at: before });
      const later = listingFixture({ updated_at: at('2026-07-01T12:00:00.001Z') });
      const live = listingFixture({ state: 'live', updated_at: at('2026-07-01T10:00:00.000Z') });
      const moved = listingFixture({ updated_at: at('2026-07-01T09:00:00.000Z') });
      for (const listing of [second, first, third, atTheTime, later, live, moved]) await repository.save(listing, null);
      // Changed since: no longer pending, and changed after the time.
      await repository.save({ ...moved, state: 'live', updated_at: at('2026-07-01T12:30:00.000Z'), version: 2 }, 1);

      assert.deepEqual(ids((await repository.inState('pending', before, 10))._unsafeUnwrap()), ids([first, second, third]));
      assert.deepEqual(ids((await repository.inState('pending', before, 2))._unsafeUnwrap()), ids([first, second]));
      assert.deepEqual((await repository.inState('live', before, 10))._unsafeUnwrap(), [live]);
      assert.deepEqual((await repository.inState('failed', before, 10))._unsafeUnwrap(), []);
      assert.deepEqual(ids((await repository.inState('pending', at('2026-07-02T00:00:00.000Z'), 10))._unsafeUnwrap()), ids([first, second, third, atTheTime, later]));
    });
  });
}
