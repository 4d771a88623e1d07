import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Db } from 'mongodb';
import { ensureIndexes, INDEX_SPECS } from '../src/index.js';
import { serverCapabilities, serverFamily } from '../src/engine/server-capabilities.js';
import { indexesFor } from '../src/indexes/ensure-indexes.js';
import { startTestDatabase, testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    /** What `listIndexes` reports, as far as these tests read it. */
    interface ListedIndex {
      name: string;
      key: Record<string, number>;
      unique?: boolean;
      partialFilterExpression?: object;
      expireAfterSeconds?: number;
    }

    async function indexesOnEngine(db: Db, collection: string): Promise<ListedIndex[]> {
      const listed = (await db.collection(collection).listIndexes().toArray()) as ListedIndex[];
      return listed.filter((index) => index.name !== '_id_');
    }

    describe('ensureIndexes', () => {
      it('creates every declared index the engine gets, with its keys, uniqueness and partial filter', async () => {
        const db = database.freshDb('indexes');
        const report = (await ensureIndexes(db))._unsafeUnwrap();
        const can = await serverCapabilities(db);
        const collections = [
          'api_keys', 'browser_sessions', 'connections', 'files.chunks', 'files.files', 'idempotency_keys', 'job_pauses', 'jobs', 'listings', 'mail_budget', 'oauth_authorizations', 'product_changes', 'product_changes_ids', 'products', 'recipe_changes', 'recipe_changes_ids', 'recipes', 'sales', 'subscribers', 'users', 'webhook_deliveries', 'webhook_endpoints',
        ];
        assert.deepEqual(report.map((entry) => entry.collection).sort(), collections);
        for (const collection of collections) {
          const declared = indexesFor(INDEX_SPECS, can).filter((spec) => spec.collection === collection);
          const actual = await indexesOnEngine(db, collection);
          assert.deepEqual(actual.map((index) => index.name).sort(), declared.map((spec) => spec.name).sort());
          for (const spec of declared) {
            const found = actual.find((index) => index.name === spec.name);
            assert.deepEqual(Object.entries(found?.key ?? {}), Object.entries(spec.key), spec.name);
            assert.equal(found?.unique === true, spec.unique === true, spec.name);
            // FerretDB holds neither option: the unique index and the idempotency store take their place (below).
            assert.deepEqual(found?.partialFilterExpression, can.partialIndexes ? spec.partialFilterExpression : undefined, spec.name);
            assert.equal(found?.expireAfterSeconds, can.ttlIndexOption ? spec.expireAfterSeconds : undefined, spec.name);
          }
        }
      });

      it('makes no listing index where listings cannot use one (FerretDB), every one elsewhere', async () => {
        const db = database.freshDb('listing-indexes');
        (await ensureIndexes(db))._unsafeUnwrap();
        const names = (await indexesOnEngine(db, 'recipes')).map((index) => index.name);
        const family = await serverFamily(db);
        assert.deepEqual(names.filter((name) => name.startsWith('list_') || name.startsWith('cuisine_key_')).length, family === 'ferretdb' ? 0 : 8);
        assert.ok(names.includes('external_id_unique') && names.includes('source_url_lookup'));
      });

      it('can run again on a database that has the indexes (every start-up does)', async () => {
        const db = database.freshDb('indexes-twice');
        (await ensureIndexes(db))._unsafeUnwrap();
        const before = await indexesOnEngine(db, 'recipes');
        (await ensureIndexes(db))._unsafeUnwrap();
        assert.deepEqual(await indexesOnEngine(db, 'recipes'), before);
      });
    });
  });
}

describe('what the server says it can do', () => {
  it('tells FerretDB, the emulator and MongoDB apart from buildInfo', async () => {
    for (const engine of await testEngines()) {
      const database = await startTestDatabase(engine);
      try {
        const family = await serverFamily(database.freshDb('family'));
        const expected = engine.label.startsWith('ferretdb') ? 'ferretdb' : engine.label === 'jongodb' ? 'jongodb' : 'mongodb';
        assert.equal(family, expected, engine.label);
      } finally {
        await database.stop();
      }
    }
  });
});
