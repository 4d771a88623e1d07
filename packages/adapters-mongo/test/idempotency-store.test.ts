/**
 * The domain's idempotency store contract against a real engine (with the production indexes), and what only the
 * stored documents can show: keys never reach the database in clear, and the TTL index exists for housekeeping.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runIdempotencyStoreContract } from '@larder/domain/testing';
import { IDEMPOTENCY_COLLECTION, MongoIdempotencyStore } from '../src/index.js';
import { ID_INDEX, queryShape, servingIndex } from '../src/indexes/query-shape.js';
import { IDEMPOTENCY_INDEXES } from '../src/indexes/index-specs.js';
import { startTestDatabase, testDatabaseFor, testEngines } from '../src/testing/test-database.js';
import { serverCapabilities } from '../src/engine/server-capabilities.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runIdempotencyStoreContract('mongo', async () => new MongoIdempotencyStore(await database.indexedDb('idempotency')));

    describe('MongoIdempotencyStore documents', () => {
      it('stores a digest of user and key, never the key itself', async () => {
        const db = await database.indexedDb('idempotency-docs');
        const store = new MongoIdempotencyStore(db);
        const key = 'order-7f3a {"$where":"sleep(1000)"}';
        (await store.claim({ userId: 'user-1', key }, 'fp', new Date()))._unsafeUnwrap();
        const documents = await db.collection(IDEMPOTENCY_COLLECTION).find({}).toArray();
        assert.equal(documents.length, 1);
        assert.match(String(documents[0]?._id), /^[0-9a-f]{64}$/);
        assert.equal(JSON.stringify(documents).includes('order-7f3a'), false);
        assert.equal(documents[0]?.['user_id'], 'user-1');
      });

      it('removes the expired record it replaces, so one key is one document', async () => {
        const db = await database.indexedDb('idempotency-replace');
        const store = new MongoIdempotencyStore(db);
        const scope = { userId: 'user-1', key: 'k' };
        const first = (await store.claim(scope, 'fp', new Date('2026-01-01T00:00:00Z')))._unsafeUnwrap();
        assert.equal(first.kind, 'new');
        const second = (await store.claim(scope, 'fp-2', new Date('2026-01-03T00:00:00Z')))._unsafeUnwrap();
        assert.equal(second.kind, 'new');
        assert.equal(await db.collection(IDEMPOTENCY_COLLECTION).countDocuments(), 1);
      });

      it('answers every lookup from the _id index; the TTL index sweeps by expires_at', () => {
        assert.equal(servingIndex(queryShape({ _id: 'x' }), [...IDEMPOTENCY_INDEXES, ID_INDEX(IDEMPOTENCY_COLLECTION)])?.name, '_id_');
        assert.deepEqual(IDEMPOTENCY_INDEXES.map((spec) => [spec.key, spec.expireAfterSeconds]), [[{ expires_at: 1 }, 0]]);
      });
    });
  });
}

describe('expired keys on an engine without TTL indexes', () => {
  it('are swept by the store itself, at most once a minute', async () => {
    for (const engine of await testEngines()) {
      const database = await startTestDatabase(engine);
      try {
        const db = await database.indexedDb('idempotency-sweep');
        if ((await serverCapabilities(db)).ttlExpiry) continue;
        const keys = db.collection(IDEMPOTENCY_COLLECTION);
        const old = new MongoIdempotencyStore(db);
        (await old.claim({ userId: 'u', key: 'old' }, 'fp', new Date('2026-01-01T00:00:00Z')))._unsafeUnwrap();
        const store = new MongoIdempotencyStore(db);
        (await store.claim({ userId: 'u', key: 'new' }, 'fp', new Date('2026-01-03T00:00:00Z')))._unsafeUnwrap();
        assert.equal(await keys.countDocuments(), 1, `${engine.label}: the expired key is gone`);
        (await store.claim({ userId: 'u', key: 'later' }, 'fp', new Date('2026-01-03T00:00:30Z')))._unsafeUnwrap();
        (await new MongoIdempotencyStore(db).claim({ userId: 'u', key: 'x' }, 'fp', new Date('2026-01-01T00:00:00Z')))._unsafeUnwrap();
        (await store.claim({ userId: 'u', key: 'within-a-minute' }, 'fp', new Date('2026-01-03T00:00:40Z')))._unsafeUnwrap();
        assert.equal(await keys.countDocuments(), 4, `${engine.label}: no second sweep within a minute`);
      } finally {
        await database.stop();
      }
    }
  });
});
