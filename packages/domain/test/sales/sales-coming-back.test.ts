import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errAsync, okAsync } from 'neverthrow';
import {
  acceptSaleNotice,
  connectWithToken,
  disconnect,
  hookDigest,
  hookSecretContext,
  queueSalesPolls,
  ratePacer,
  recordSale,
  revenueTally,
  saleJobHandlers,
  startJobRunner,
  type RemoteSale,
  type Sale,
  type SalesChannel,
  type SalesPlatform,
} from '../../src/index.js';
import {
  inMemoryPublishingStores,
  InMemorySaleRepository,
  listingFixture,
  ManualClock,
  runSaleRepositoryContract,
  saleFixture,
  sequentialIds,
} from '../../src/testing/index.js';

runSaleRepositoryContract('in memory', () => {
  const sales = new InMemorySaleRepository();
  return { sales, outbox: sales.outbox };
});

const remoteSale = (overrides: Partial<RemoteSale> = {}): RemoteSale => ({
  remoteId: 'sale-1',
  remoteListingId: 'gum-product-1',
  amountCents: 1500,
  currency: 'USD',
  refundedCents: 0,
  soldAt: new Date('2026-06-01T12:00:00.000Z'),
  ...overrides,
});

function recordingWorld() {
  const stores = inMemoryPublishingStores();
  const sales = new InMemorySaleRepository();
  const unmatched: Sale[] = [];
  const deps = { sales, listings: stores.listings, clock: new ManualClock(), ids: sequentialIds('event'), onUnmatched: (sale: Sale) => void unmatched.push(sale) };
  return { stores, sales, unmatched, record: recordSale(deps) };
}

const eventTypes = async (sales: InMemorySaleRepository) => (await sales.outbox.pending(100))._unsafeUnwrap().map((pending) => pending.event.type);

describe('recording a sale', () => {
  it('keeps one sale per platform and remote id, found through its listing, with sale.created once', async () => {
    const world = recordingWorld();
    await world.stores.listings.save(listingFixture({ product_id: 'product-7', platform: 'gumroad', remote_id: 'gum-product-1', state: 'live' }), null);
    const first = (await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale() }))._unsafeUnwrap();
    const again = (await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale() }))._unsafeUnwrap();
    assert.equal(first.outcome, 'created');
    assert.equal(again.outcome, 'unchanged');
    assert.equal(first.sale.product_id, 'product-7');
    assert.equal(first.sale.id, 'gumroad:sale-1');
    assert.deepEqual(await eventTypes(world.sales), ['sale.created']);
    const [created] = (await world.sales.outbox.pending(1))._unsafeUnwrap();
    assert.equal(created?.event.user_id, 'user-1');
    assert.deepEqual(created?.event.data, { id: 'gumroad:sale-1', product_id: 'product-7', platform: 'gumroad', remote_id: 'sale-1', amount_cents: 1500, currency: 'USD', refunded_cents: 0, sold_at: '2026-06-01T12:00:00.000Z' });
  });

  it('takes refunds as they grow, never back, and says sale.refunded for each growth', async () => {
    const world = recordingWorld();
    await world.stores.listings.save(listingFixture({ product_id: 'product-7', platform: 'gumroad', remote_id: 'gum-product-1' }), null);
    await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale() });
    assert.equal((await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale({ refundedCents: 500 }) }))._unsafeUnwrap().outcome, 'refunded');
    assert.equal((await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale({ refundedCents: 0 }) }))._unsafeUnwrap().outcome, 'unchanged', 'an older report');
    const full = (await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale({ refundedCents: 9999 }) }))._unsafeUnwrap();
    assert.equal(full.sale.refunded_cents, 1500, 'never more than was paid');
    assert.deepEqual(await eventTypes(world.sales), ['sale.created', 'sale.refunded', 'sale.refunded']);
  });

  it('a sale first seen refunded says both events; one that matches no product is kept, reported, and matched later', async () => {
    const world = recordingWorld();
    const lone = (await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale({ remoteId: 'sale-2', refundedCents: 1500 }) }))._unsafeUnwrap();
    assert.equal(lone.sale.product_id, null);
    assert.deepEqual(world.unmatched.map((sale) => sale.id), ['gumroad:sale-2']);
    assert.deepEqual(await eventTypes(world.sales), ['sale.created', 'sale.refunded']);
    const older = (await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale({ remoteId: 'sale-2', refundedCents: 0 }) }))._unsafeUnwrap();
    assert.equal(older.sale.refunded_cents, 1500, 'an older report does not undo the refund');
    await world.stores.listings.save(listingFixture({ product_id: 'product-9', platform: 'gumroad', remote_id: 'gum-product-1' }), null);
    const matched = (await world.record({ userId: 'user-1', platform: 'gumroad', sale: remoteSale({ remoteId: 'sale-2', refundedCents: 1500 }) }))._unsafeUnwrap();
    assert.equal(matched.outcome, 'updated');
    assert.equal(matched.sale.product_id, 'product-9');
    assert.equal((await eventTypes(world.sales)).length, 2, 'matching says nothing new');
  });
});

describe('the revenue report', () => {
  it('adds up per group and currency, never across currencies, refunds apart', () => {
    const tally = revenueTally('product');
    tally.add([
      saleFixture({ product_id: 'p1', amount_cents: 1000, currency: 'USD' }),
      saleFixture({ product_id: 'p1', amount_cents: 500, currency: 'USD', refunded_cents: 500 }),
      saleFixture({ product_id: 'p1', amount_cents: 900, currency: 'EUR' }),
      saleFixture({ product_id: null, amount_cents: 100, currency: 'USD' }),
    ]);
    assert.deepEqual(tally.rows(), [
      { key: 'p1', currency: 'EUR', sales: 1, gross_cents: 900, refunded_cents: 0, net_cents: 900 },
      { key: 'p1', currency: 'USD', sales: 2, gross_cents: 1500, refunded_cents: 500, net_cents: 1000 },
      { key: null, currency: 'USD', sales: 1, gross_cents: 100, refunded_cents: 0, net_cents: 100 },
    ]);
    const byDay = revenueTally('day');
    byDay.add([saleFixture({ sold_at: new Date('2026-02-03T23:59:59.999Z') }), saleFixture({ sold_at: new Date('2026-02-04T00:00:00.000Z') })]);
    assert.deepEqual(byDay.rows().map((row) => row.key), ['2026-02-03', '2026-02-04']);
  });
});

/** A platform whose channel serves sales from a list and records subscription calls. */
function fakeSalesPlatform() {
  const known = new Map<string, RemoteSale>();
  const calls: string[] = [];
  const pages: { sales: RemoteSale[]; cursor: string; more: boolean }[] = [];
  const cursorsAsked: (string | null)[] = [];
  /** The account's owner took Larder's access away: every call is refused for its credentials. */
  const access = { revoked: false };
  const refusedCredentials = () => errAsync({ type: 'ChannelUnauthorized' as const, message: 'invalid_grant: the token is revoked' });
  const unsupported = () => errAsync({ type: 'ChannelRejected' as const, code: 'platform_rejected' as const, message: 'not in this test' });
  const channel: SalesChannel = {
    platform: 'gumroad',
    saleNotices: 'push',
    account: () => okAsync({ accountName: 'Cook', currency: null }),
    findListing: unsupported,
    createListing: unsupported,
    updateListing: unsupported,
    listFiles: unsupported,
    uploadFile: unsupported,
    deleteFile: unsupported,
    uploadImage: unsupported,
    activate: unsupported,
    deactivate: unsupported,
    salesSince: (cursor) => {
      if (access.revoked) return refusedCredentials();
      cursorsAsked.push(cursor);
      return okAsync(pages.shift() ?? { sales: [], cursor: cursor ?? 'start', more: false });
    },
    findSale: (remoteId) => (access.revoked ? refusedCredentials() : okAsync(known.get(remoteId) ?? null)),
    subscribeToSales: (url) => {
      calls.push(`subscribe ${url}`);
      return okAsync(undefined);
    },
    unsubscribeFromSales: (url) => {
      calls.push(`unsubscribe ${url}`);
      return okAsync(undefined);
    },
  };
  const platform: SalesPlatform = {
    id: 'gumroad',
    name: 'Gumroad',
    connect: { kind: 'token', verify: (token) => okAsync({ accountId: token.startsWith('other') ? 'acct-2' : 'acct-1', account: { accountName: 'Cook', currency: null }, secret: { token } }) },
    channel: () => channel,
  };
  return { platform, known, calls, pages, cursorsAsked, access };
}

function salesWorld() {
  const stores = inMemoryPublishingStores();
  const sales = new InMemorySaleRepository();
  const fake = fakeSalesPlatform();
  const clock = new ManualClock(new Date('2026-06-02T00:00:00.000Z'));
  const logged: string[] = [];
  const hookUrl = (platform: string, secret: string) => `https://larder.example/hooks/${platform}/${secret}`;
  const jobDeps = {
    ...stores,
    sales,
    clock,
    ids: sequentialIds('event'),
    pacer: ratePacer({}),
    platforms: [fake.platform],
    hookUrl,
    log: (message: string) => void logged.push(message),
  };
  const connectionDeps = { ...stores, platforms: [fake.platform], clock, redirectUri: () => 'https://larder.example/cb', saleWork: { queue: stores.queue } };
  const runAll = async () => {
    const runner = startJobRunner({ queue: stores.queue, handlers: saleJobHandlers(jobDeps), clock: { now: () => new Date() }, owner: 'test', pollMs: 5 });
    await runner.drained();
    await runner.stop();
  };
  return { stores, sales, fake, clock, logged, hookUrl, jobDeps, connectionDeps, runAll };
}

describe('sales coming back through jobs', () => {
  it('connecting subscribes the notices at an address whose secret only its digest is kept for, and polls once', async () => {
    const world = salesWorld();
    (await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'token-123456' } }))._unsafeUnwrap();
    await world.runAll();
    const connection = (await world.stores.connections.find('user-1', 'gumroad'))._unsafeUnwrap();
    const [subscribed] = world.fake.calls;
    const secret = subscribed?.replace('subscribe https://larder.example/hooks/gumroad/', '') ?? '';
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(connection?.hook_digest, hookDigest(secret));
    assert.equal(world.stores.secrets.open(connection?.sealed_hook ?? '', hookSecretContext('user-1', 'gumroad')), secret);
    assert.ok(!JSON.stringify(connection).includes(secret), 'the raw secret is not kept');
    assert.deepEqual(world.fake.cursorsAsked, [null], 'one first poll');
    assert.equal(connection?.sales_cursor, 'start');

    // The same account again keeps its address; disconnecting removes that very subscription, credentials gone or not.
    (await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'token-7654321' } }))._unsafeUnwrap();
    assert.equal((await world.stores.connections.find('user-1', 'gumroad'))._unsafeUnwrap()?.hook_digest, connection?.hook_digest);
    await world.runAll();
    (await disconnect(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad' }))._unsafeUnwrap();
    await world.runAll();
    assert.equal((await world.stores.connections.find('user-1', 'gumroad'))._unsafeUnwrap(), null);
    assert.deepEqual(world.fake.calls, [`subscribe ${world.hookUrl('gumroad', secret)}`, `subscribe ${world.hookUrl('gumroad', secret)}`, `unsubscribe ${world.hookUrl('gumroad', secret)}`]);
  });

  it('another account gets a new address and the old one is unsubscribed', async () => {
    const world = salesWorld();
    await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'token-123456' } });
    await world.runAll();
    const first = world.fake.calls[0]?.split(' ')[1];
    await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'other-123456' } });
    await world.runAll();
    assert.ok(world.fake.calls.includes(`unsubscribe ${first ?? ''}`));
    assert.equal(world.fake.calls.filter((call) => call.startsWith('subscribe')).length, 2);
    assert.notEqual(world.fake.calls.at(-1), `subscribe ${first ?? ''}`);
  });

  it('a notice counts only once the platform confirms the sale; duplicates are one job and one sale; a forged one counts nothing', async () => {
    const world = salesWorld();
    await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'token-123456' } });
    await world.runAll();
    const secret = world.fake.calls[0]?.split('/').at(-1) ?? '';
    const accept = acceptSaleNotice({ connections: world.stores.connections, queue: world.stores.queue, clock: world.clock });

    world.fake.known.set('real-1', remoteSale({ remoteId: 'real-1' }));
    for (let i = 0; i < 3; i += 1) (await accept({ platform: 'gumroad', secret, fields: { sale_id: 'real-1' } }))._unsafeUnwrap();
    (await accept({ platform: 'gumroad', secret, fields: { sale_id: 'forged-1' } }))._unsafeUnwrap();
    assert.equal((await world.stores.queue.size())._unsafeUnwrap(), 2, 'three notices of one sale are one job');
    await world.runAll();

    const kept = (await world.sales.list({ userId: 'user-1' }, { page: 1, perPage: 10 }))._unsafeUnwrap();
    assert.deepEqual(kept.items.map((sale) => sale.id), ['gumroad:real-1']);
    assert.ok(world.logged.some((line) => line.includes('not confirmed')));

    assert.equal((await accept({ platform: 'gumroad', secret: 'A'.repeat(43), fields: { sale_id: 'real-1' } }))._unsafeUnwrapErr().type, 'HookNotFound');
    assert.equal((await accept({ platform: 'etsy', secret, fields: { sale_id: 'real-1' } }))._unsafeUnwrapErr().type, 'HookNotFound', 'the platform is part of the address');
    assert.equal((await accept({ platform: 'gumroad', secret, fields: {} }))._unsafeUnwrapErr().type, 'ValidationFailed');
    world.stores.queue.unavailable = true;
    assert.equal((await accept({ platform: 'gumroad', secret, fields: { sale_id: 'real-2' } }))._unsafeUnwrapErr().type, 'StoreUnavailable', 'so the platform sends it again');
  });

  it('polls changed sales page after page, keeping the cursor, and the timer queues one poll per connection', async () => {
    const world = salesWorld();
    await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'token-123456' } });
    await world.runAll();
    world.fake.pages.push(
      { sales: [remoteSale({ remoteId: 'p-1' }), remoteSale({ remoteId: 'p-2' })], cursor: 'c1', more: true },
      { sales: [remoteSale({ remoteId: 'p-1', refundedCents: 1500 })], cursor: 'c2', more: false },
    );
    assert.equal((await queueSalesPolls({ ...world.stores, clock: world.clock }, 'gumroad'))._unsafeUnwrap(), 1);
    assert.equal((await queueSalesPolls({ ...world.stores, clock: world.clock }, 'gumroad'))._unsafeUnwrap(), 1);
    assert.equal((await world.stores.queue.size())._unsafeUnwrap(), 1, 'a poll already waiting is not doubled');
    await world.runAll();
    assert.deepEqual(world.fake.cursorsAsked, [null, 'start', 'c1']);
    assert.equal((await world.stores.connections.find('user-1', 'gumroad'))._unsafeUnwrap()?.sales_cursor, 'c2');
    const kept = (await world.sales.list({ userId: 'user-1' }, { page: 1, perPage: 10 }))._unsafeUnwrap();
    assert.deepEqual(kept.items.map((sale) => [sale.id, sale.refunded_cents]).sort(), [['gumroad:p-1', 1500], ['gumroad:p-2', 0]]);
  });

  it('a poll or a sale lookup refused for its credentials marks the connection needs_reconnect, as listing work does', async () => {
    const world = salesWorld();
    await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'token-123456' } });
    await world.runAll();
    world.fake.access.revoked = true;
    assert.equal((await queueSalesPolls({ ...world.stores, clock: world.clock }, 'gumroad'))._unsafeUnwrap(), 1);
    await world.runAll();
    assert.equal((await world.stores.connections.find('user-1', 'gumroad'))._unsafeUnwrap()?.status, 'needs_reconnect');
    assert.equal((await queueSalesPolls({ ...world.stores, clock: world.clock }, 'gumroad'))._unsafeUnwrap(), 0, 'no more polls until it is connected again');

    // Connected again, then a notice whose lookup is refused.
    world.fake.access.revoked = false;
    await connectWithToken(world.connectionDeps)({ userId: 'user-1', platform: 'gumroad', body: { access_token: 'token-123456' } });
    await world.runAll();
    assert.equal((await world.stores.connections.find('user-1', 'gumroad'))._unsafeUnwrap()?.status, 'connected');
    const secret = world.fake.calls[0]?.split('/').at(-1) ?? '';
    world.fake.access.revoked = true;
    (await acceptSaleNotice({ connections: world.stores.connections, queue: world.stores.queue, clock: world.clock })({ platform: 'gumroad', secret, fields: { sale_id: 'real-3' } }))._unsafeUnwrap();
    await world.runAll();
    assert.equal((await world.stores.connections.find('user-1', 'gumroad'))._unsafeUnwrap()?.status, 'needs_reconnect');
  });
});
