/**
 * The domain's idempotency store contract against a real engine (with the production indexes), and what only the
 * stored documents can show: keys never reach the database in clear, and the TTL index exists for housekeeping.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runIdempotencyStoreContract } from '@larder/domain/testing';
import { IDEMPOTENCY_COLLECTION, MongoIdempotencyStore } from '../src/index.js';
import { ID_INDEX, queryShape, servingIndex } from '../src/indexes/query-shape.js';
import { IDEMPOTENCY_INDEXES } from '../src/indexes/index-specs.js';
import { startTestDatabase, type TestDatabase } from '../src/testing/test-database.js';

let database: TestDatabase;
before(async () => {
  database = await startTestDatabase();
});
after(() => database.stop());

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
