/**
 * The domain's listing, connection and authorization contracts on every test engine (with the production indexes),
 * the secret key that processes starting together must agree on, and what only the stored documents show.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { okAsync } from 'neverthrow';
import { aesGcmSecretBox, connectionSecretContext, connectWithToken, systemClock, type SalesPlatform } from '@larder/domain';
import {
  authorizationFixture,
  listingFixture,
  runAuthorizationRepositoryContract,
  runConnectionRepositoryContract,
  runListingRepositoryContract,
  runApiKeyRepositoryContract,
  runSaleRepositoryContract,
} from '@larder/domain/testing';
import {
  AUTHORIZATIONS_COLLECTION,
  CONNECTIONS_COLLECTION,
  LISTINGS_COLLECTION,
  loadOrCreateSecretKey,
  MongoAuthorizationRepository,
  MongoConnectionRepository,
  MongoApiKeyRepository,
  MongoEventOutbox,
  MongoListingRepository,
  MongoSaleRepository,
  SALES_COLLECTION,
  SECRET_KEY_SETTING,
  SETTINGS_COLLECTION,
} from '../src/index.js';
import { serverCapabilities } from '../src/engine/server-capabilities.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

/** A stored document as the tests read it: keyed by a string. */
type Stored = { _id: string } & Record<string, unknown>;

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runListingRepositoryContract('mongo', async () => new MongoListingRepository(await database.indexedDb('listings')));
    runConnectionRepositoryContract('mongo', async () => new MongoConnectionRepository(await database.indexedDb('connections')));
    runAuthorizationRepositoryContract('mongo', async () => new MongoAuthorizationRepository(await database.indexedDb('authorizations')));
    runApiKeyRepositoryContract('mongo', async () => new MongoApiKeyRepository(await database.indexedDb('api-keys')));
    runSaleRepositoryContract('mongo', async () => {
      const db = await database.indexedDb('sales');
      return { sales: new MongoSaleRepository(db), outbox: new MongoEventOutbox(db, [SALES_COLLECTION]) };
    });

    describe('stored documents', () => {
      it('a connection keeps its token only sealed: the raw document holds no token, and the seal opens with the key', async () => {
        const db = await database.indexedDb('connections-sealed');
        const token = 'gumroad-token-in-clear-0123456789';
        const { key } = await loadOrCreateSecretKey(db);
        // A platform that accepts the token as Gumroad would: the account, and the token as the secret to keep.
        const platform = {
          id: 'gumroad',
          name: 'Gumroad',
          connect: { kind: 'token', verify: (accessToken: string) => okAsync({ accountId: 'u1', account: { accountName: 'Kitchen', currency: null }, secret: { access_token: accessToken } }) },
          channel: () => assert.fail('no channel is made while connecting'),
        } satisfies SalesPlatform;
        const connect = connectWithToken({
          connections: new MongoConnectionRepository(db),
          authorizations: new MongoAuthorizationRepository(db),
          secrets: aesGcmSecretBox(key),
          platforms: [platform],
          clock: systemClock,
          redirectUri: () => 'http://127.0.0.1:3000/unused',
        });
        (await connect({ userId: 'user-1', platform: 'gumroad', body: { access_token: token } }))._unsafeUnwrap();
        const stored = await db.collection<Stored>(CONNECTIONS_COLLECTION).find({}).toArray();
        assert.equal(stored.length, 1);
        assert.ok(!JSON.stringify(stored).includes(token), 'no token in clear in the stored document');
        const sealed = String(stored[0]?.['sealed_secret']);
        assert.match(sealed, /^v1\./);
        const opened = JSON.parse(aesGcmSecretBox(key).open(sealed, connectionSecretContext('user-1', 'gumroad')) ?? '{}') as { access_token?: string };
        assert.equal(opened.access_token, token);
      });

      it('a listing is one document keyed by product and platform, with the domain fields and dates as dates', async () => {
        const db = await database.indexedDb('listings-documents');
        const listing = listingFixture({ progress: { content: 'sha256:ab', files: [{ key: 'documents/p/a4.pdf', remoteFileId: '77' }], image: null, createSent: null } });
        (await new MongoListingRepository(db).save(listing, null))._unsafeUnwrap();
        const stored = await db.collection<Stored>(LISTINGS_COLLECTION).find({}).toArray();
        assert.deepEqual(stored, [{ _id: `${listing.product_id}:etsy`, ...listing }]);
        assert.ok(stored[0]?.['updated_at'] instanceof Date);
      });

      it('an authorization asked for after it expired is removed, not only refused', async () => {
        const db = await database.indexedDb('authorizations-expired');
        const repository = new MongoAuthorizationRepository(db);
        const expired = authorizationFixture();
        const kept = authorizationFixture({ expires_at: new Date('2026-05-01T11:00:00.000Z') });
        await repository.insert(expired);
        await repository.insert(kept);
        // A first take just before it expires: any sweep of the repository happens then, and not for a minute after.
        assert.equal((await repository.take('0'.repeat(64), new Date('2026-05-01T10:10:00.000Z')))._unsafeUnwrap(), null);
        assert.equal(await db.collection(AUTHORIZATIONS_COLLECTION).countDocuments(), 2);
        assert.equal((await repository.take(expired.id, new Date('2026-05-01T10:10:30.000Z')))._unsafeUnwrap(), null);
        const left = await db.collection<Stored>(AUTHORIZATIONS_COLLECTION).find({}).toArray();
        assert.deepEqual(left.map((document) => document._id), [kept.id]);
      });

      it('expired authorizations nobody asks for are swept where TTL indexes remove nothing', async () => {
        const db = await database.indexedDb('authorizations-sweep');
        if ((await serverCapabilities(db)).ttlExpiry) return;
        const abandoned = authorizationFixture();
        await new MongoAuthorizationRepository(db).insert(abandoned);
        const later = new MongoAuthorizationRepository(db);
        assert.equal((await later.take('0'.repeat(64), new Date('2026-05-01T10:30:00.000Z')))._unsafeUnwrap(), null);
        assert.equal(await db.collection(AUTHORIZATIONS_COLLECTION).countDocuments(), 0);
      });
    });

    describe('loadOrCreateSecretKey', () => {
      it('creates 32 random bytes once, stored as base64, and gives the same key back from then on', async () => {
        const db = await database.indexedDb('secret-key');
        const first = await loadOrCreateSecretKey(db);
        assert.equal(first.created, true);
        assert.equal(first.key.byteLength, 32);
        assert.ok(first.key.some((byte) => byte !== 0));
        const again = await loadOrCreateSecretKey(db);
        assert.deepEqual(again, { key: first.key, created: false });
        const stored = await db.collection<Stored>(SETTINGS_COLLECTION).findOne({ _id: SECRET_KEY_SETTING });
        assert.equal(stored?.['value'], Buffer.from(first.key).toString('base64'));
        assert.notDeepEqual((await loadOrCreateSecretKey(await database.indexedDb('secret-key-other'))).key, first.key, 'another database, another key');
      });

      it('gives processes starting together (two connections) one key, created by exactly one of them', async () => {
        const db = await database.indexedDb('secret-key-race');
        const other = new MongoClient(database.handle.url);
        try {
          const dbs = [db, other.db(db.databaseName)];
          const results = await Promise.all(Array.from({ length: 12 }, (_, index) => loadOrCreateSecretKey(dbs[index % 2] ?? db)));
          assert.equal(results.filter((result) => result.created).length, 1);
          assert.equal(new Set(results.map((result) => Buffer.from(result.key).toString('hex'))).size, 1);
          assert.equal(await db.collection(SETTINGS_COLLECTION).countDocuments(), 1);
        } finally {
          await other.close();
        }
      });

      it('refuses a damaged key rather than replacing it (sealed secrets would no longer open)', async () => {
        const db = await database.indexedDb('secret-key-damaged');
        await db.collection<Stored>(SETTINGS_COLLECTION).insertOne({ _id: SECRET_KEY_SETTING, value: Buffer.alloc(16, 1).toString('base64'), created_at: new Date() });
        await assert.rejects(loadOrCreateSecretKey(db), /not 32 bytes of base64/);
      });
    });
  });
}
