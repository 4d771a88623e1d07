import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthorizationRepository, Connection, ConnectionRepository, PendingAuthorization } from '../sales/connection.js';

let counter = 0;

/** A connected Etsy account of a user of its own, connected at a time with milliseconds. */
export function connectionFixture(overrides: Partial<Connection> = {}): Connection {
  counter += 1;
  const connectedAt = new Date(Date.UTC(2026, 4, 1) + counter * 1000 + 321);
  return {
    user_id: `user-${String(counter).padStart(6, '0')}`,
    platform: 'etsy',
    account_id: `shop-${counter}`,
    account_name: `Shop ${counter}`,
    currency: 'EUR',
    sealed_secret: `v1.nonce-${counter}.tag.body`,
    status: 'connected',
    connected_at: connectedAt,
    updated_at: connectedAt,
    hook_digest: null,
    sealed_hook: null,
    sales_cursor: null,
    ...overrides,
  };
}

/** An authorization of a user of its own that expires ten minutes after 2026-05-01T10:00:00.000Z (at .456). */
export function authorizationFixture(overrides: Partial<PendingAuthorization> = {}): PendingAuthorization {
  counter += 1;
  return {
    id: counter.toString(16).padStart(64, 'a'),
    user_id: `user-${String(counter).padStart(6, '0')}`,
    platform: 'etsy',
    sealed_verifier: `v1.nonce-${counter}.tag.verifier`,
    expires_at: new Date('2026-05-01T10:10:00.456Z'),
    ...overrides,
  };
}

const byPlatform = (connections: readonly Connection[]): Connection[] => [...connections].sort((a, b) => (a.platform < b.platform ? -1 : 1));

/** What every connection repository must do; the in-memory one and the Mongo one (on each engine) run it. */
export function runConnectionRepositoryContract(name: string, makeRepository: () => ConnectionRepository | Promise<ConnectionRepository>): void {
  describe(`ConnectionRepository contract: ${name}`, () => {
    it('stores a connection and finds it by user and platform, every field intact', async () => {
      const repository = await makeRepository();
      const etsy = connectionFixture({ connected_at: new Date('2026-05-05T05:05:05.005Z'), updated_at: new Date('2026-05-06T06:06:06.066Z') });
      const gumroad = connectionFixture({ user_id: etsy.user_id, platform: 'gumroad', currency: null, status: 'needs_reconnect' });
      for (const connection of [etsy, gumroad]) (await repository.save(connection))._unsafeUnwrap();
      const found = (await repository.find(etsy.user_id, 'etsy'))._unsafeUnwrap();
      assert.deepEqual(found, etsy);
      assert.ok(found?.connected_at instanceof Date && found.updated_at instanceof Date, 'dates come back as dates');
      assert.equal(found.updated_at.getTime(), etsy.updated_at.getTime(), 'to the millisecond');
      assert.deepEqual((await repository.find(etsy.user_id, 'gumroad'))._unsafeUnwrap(), gumroad);
      assert.equal((await repository.find(etsy.user_id, 'payhip'))._unsafeUnwrap(), null);
      assert.equal((await repository.find('user-none', 'etsy'))._unsafeUnwrap(), null);
    });

    it('replaces the connection of a user and platform when saved again', async () => {
      const repository = await makeRepository();
      const first = connectionFixture();
      await repository.save(first);
      const again = connectionFixture({ user_id: first.user_id, account_id: 'shop-other', account_name: 'Other shop', currency: 'USD' });
      (await repository.save(again))._unsafeUnwrap();
      assert.deepEqual((await repository.find(first.user_id, 'etsy'))._unsafeUnwrap(), again);
      assert.deepEqual((await repository.listForUser(first.user_id))._unsafeUnwrap(), [again]);
    });

    it("lists a user's connections and no one else's", async () => {
      const repository = await makeRepository();
      const gumroad = connectionFixture({ platform: 'gumroad' });
      const etsy = connectionFixture({ user_id: gumroad.user_id });
      const someoneElse = connectionFixture();
      for (const connection of [gumroad, etsy, someoneElse]) await repository.save(connection);
      assert.deepEqual(byPlatform((await repository.listForUser(gumroad.user_id))._unsafeUnwrap()), [etsy, gumroad]);
      assert.deepEqual((await repository.listForUser(someoneElse.user_id))._unsafeUnwrap(), [someoneElse]);
      assert.deepEqual((await repository.listForUser('user-none'))._unsafeUnwrap(), []);
    });

    it("finds a connection by its sale-notice digest, lists a platform's connections and keeps a sales cursor", async () => {
      const repository = await makeRepository();
      const gumroad = connectionFixture({ platform: 'gumroad', hook_digest: 'a'.repeat(64), sealed_hook: 'v1.n.t.hook' });
      const otherGumroad = connectionFixture({ platform: 'gumroad', hook_digest: 'b'.repeat(64) });
      const etsy = connectionFixture({ user_id: gumroad.user_id, hook_digest: 'c'.repeat(64) });
      for (const connection of [gumroad, otherGumroad, etsy]) await repository.save(connection);

      assert.deepEqual((await repository.findByHook('gumroad', 'a'.repeat(64)))._unsafeUnwrap(), gumroad);
      assert.deepEqual((await repository.findByHook('gumroad', 'b'.repeat(64)))._unsafeUnwrap(), otherGumroad);
      assert.equal((await repository.findByHook('etsy', 'a'.repeat(64)))._unsafeUnwrap(), null, 'the platform must match too');
      assert.equal((await repository.findByHook('gumroad', 'd'.repeat(64)))._unsafeUnwrap(), null);

      const byUser = (connections: Connection[]) => connections.map((connection) => connection.user_id).sort();
      assert.deepEqual(byUser((await repository.connectedTo('gumroad'))._unsafeUnwrap()), [gumroad.user_id, otherGumroad.user_id].sort());
      assert.deepEqual(byUser((await repository.connectedTo('etsy'))._unsafeUnwrap()), [etsy.user_id]);

      assert.equal((await repository.saveSalesCursor(etsy.user_id, 'etsy', 'updated:1767225600'))._unsafeUnwrap(), true);
      assert.deepEqual((await repository.find(etsy.user_id, 'etsy'))._unsafeUnwrap(), { ...etsy, sales_cursor: 'updated:1767225600' });
      assert.deepEqual((await repository.find(gumroad.user_id, 'gumroad'))._unsafeUnwrap(), gumroad, 'the other platform is untouched');
      assert.equal((await repository.saveSalesCursor('user-none', 'etsy', 'x'))._unsafeUnwrap(), false);
      assert.equal((await repository.find('user-none', 'etsy'))._unsafeUnwrap(), null, 'nothing was created');
    });

    it('replaces the sealed secret and marks the connection connected; false when there is none', async () => {
      const repository = await makeRepository();
      const stale = connectionFixture({ status: 'needs_reconnect' });
      const other = connectionFixture({ user_id: stale.user_id, platform: 'gumroad' });
      await repository.save(stale);
      await repository.save(other);
      const now = new Date('2026-08-08T08:08:08.808Z');
      assert.equal((await repository.replaceSecret(stale.user_id, 'etsy', 'v1.new.tag.body', now))._unsafeUnwrap(), true);
      assert.deepEqual((await repository.find(stale.user_id, 'etsy'))._unsafeUnwrap(), { ...stale, sealed_secret: 'v1.new.tag.body', status: 'connected', updated_at: now });
      assert.deepEqual((await repository.find(other.user_id, 'gumroad'))._unsafeUnwrap(), other, 'the other platform is untouched');
      assert.equal((await repository.replaceSecret('user-none', 'etsy', 'v1.x.y.z', now))._unsafeUnwrap(), false);
      assert.equal((await repository.replaceSecret(stale.user_id, 'payhip', 'v1.x.y.z', now))._unsafeUnwrap(), false);
      assert.equal((await repository.find('user-none', 'etsy'))._unsafeUnwrap(), null, 'nothing was created');
      assert.equal((await repository.find(stale.user_id, 'payhip'))._unsafeUnwrap(), null, 'nothing was created');
    });

    it('marks a connection as needing a reconnect, keeping its secret; a missing one stays missing', async () => {
      const repository = await makeRepository();
      const connection = connectionFixture();
      await repository.save(connection);
      const now = new Date('2026-09-09T09:09:09.909Z');
      (await repository.markNeedsReconnect(connection.user_id, 'etsy', now))._unsafeUnwrap();
      assert.deepEqual((await repository.find(connection.user_id, 'etsy'))._unsafeUnwrap(), { ...connection, status: 'needs_reconnect', updated_at: now });
      (await repository.markNeedsReconnect('user-none', 'etsy', now))._unsafeUnwrap();
      assert.equal((await repository.find('user-none', 'etsy'))._unsafeUnwrap(), null);
    });

    it("removes a connection once, and only that one", async () => {
      const repository = await makeRepository();
      const connection = connectionFixture();
      const sameUser = connectionFixture({ user_id: connection.user_id, platform: 'gumroad' });
      const otherUser = connectionFixture();
      for (const saved of [connection, sameUser, otherUser]) await repository.save(saved);
      assert.equal((await repository.remove(connection.user_id, 'etsy'))._unsafeUnwrap(), true);
      assert.equal((await repository.remove(connection.user_id, 'etsy'))._unsafeUnwrap(), false);
      assert.equal((await repository.find(connection.user_id, 'etsy'))._unsafeUnwrap(), null);
      assert.deepEqual((await repository.listForUser(connection.user_id))._unsafeUnwrap(), [sameUser]);
      assert.deepEqual((await repository.find(otherUser.user_id, 'etsy'))._unsafeUnwrap(), otherUser);
    });
  });
}

/** What every store of OAuth authorizations under way must do. */
export function runAuthorizationRepositoryContract(name: string, makeRepository: () => AuthorizationRepository | Promise<AuthorizationRepository>): void {
  describe(`AuthorizationRepository contract: ${name}`, () => {
    const beforeExpiry = new Date('2026-05-01T10:05:00.000Z');

    it('gives an authorization back once, every field intact; a second take finds nothing', async () => {
      const repository = await makeRepository();
      const authorization = authorizationFixture();
      const other = authorizationFixture();
      (await repository.insert(authorization))._unsafeUnwrap();
      (await repository.insert(other))._unsafeUnwrap();
      const taken = (await repository.take(authorization.id, beforeExpiry))._unsafeUnwrap();
      assert.deepEqual(taken, authorization);
      assert.ok(taken?.expires_at instanceof Date && taken.expires_at.getTime() === authorization.expires_at.getTime(), 'a date, to the millisecond');
      assert.equal((await repository.take(authorization.id, beforeExpiry))._unsafeUnwrap(), null);
      assert.deepEqual((await repository.take(other.id, beforeExpiry))._unsafeUnwrap(), other, 'taking one leaves the others');
    });

    it('gives nothing for an authorization that has expired, from the instant it expires', async () => {
      const repository = await makeRepository();
      const atExpiry = authorizationFixture();
      const afterExpiry = authorizationFixture();
      await repository.insert(atExpiry);
      await repository.insert(afterExpiry);
      assert.equal((await repository.take(atExpiry.id, atExpiry.expires_at))._unsafeUnwrap(), null);
      assert.equal((await repository.take(afterExpiry.id, new Date(afterExpiry.expires_at.getTime() + 1)))._unsafeUnwrap(), null);
      const stillValid = authorizationFixture({ expires_at: new Date(beforeExpiry.getTime() + 1) });
      await repository.insert(stillValid);
      assert.deepEqual((await repository.take(stillValid.id, beforeExpiry))._unsafeUnwrap(), stillValid, 'a millisecond before its end it still counts');
    });

    it('gives nothing for an unknown authorization', async () => {
      const repository = await makeRepository();
      await repository.insert(authorizationFixture());
      assert.equal((await repository.take('f'.repeat(64), beforeExpiry))._unsafeUnwrap(), null);
    });

    it('gives an authorization to exactly one of simultaneous takers', async () => {
      const repository = await makeRepository();
      const authorization = authorizationFixture();
      await repository.insert(authorization);
      const taken = (await Promise.all(Array.from({ length: 10 }, () => repository.take(authorization.id, beforeExpiry)))).map((result) => result._unsafeUnwrap());
      assert.deepEqual(taken.filter((one) => one !== null), [authorization]);
    });
  });
}
