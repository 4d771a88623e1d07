/**
 * FerretDB on PostgreSQL: the GIN indexes `ensureEngineIndexes` adds on FerretDB's tables serve the containment
 * FerretDB pushes an equality filter down as (`_jsonb -> 'external_id' @> '"…"'`), which its own btree indexes
 * cannot (docs/scale.md). Other engines: nothing to do.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listingFixture, patternBytes, recipeFixture } from '@larder/domain/testing';
import { GridFsFileStore, MongoListingRepository, MongoRecipeRepository } from '../src/index.js';
import { ensureEngineIndexes } from '../src/engine/ferretdb-postgresql-indexes.js';
import { psqlIn } from '../src/engine/postgresql.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}] engine indexes`, () => {
    const database = testDatabaseFor(engine);

    if (engine.label !== 'ferretdb-postgresql') {
      it('are none on this engine', async () => {
        assert.deepEqual(await ensureEngineIndexes(database.handle, await database.indexedDb('engine_indexes')), []);
      });
      return;
    }

    it('a GIN index on _id and on external_id, created once (idempotent), serving the equality FerretDB pushes down', async () => {
      const db = await database.indexedDb('engine_indexes');
      const repository = new MongoRecipeRepository(db);
      (await repository.insert(recipeFixture({ external_id: 'gin-1' })))._unsafeUnwrap();
      const first = await ensureEngineIndexes(database.handle, db);
      assert.equal(first.length, 11, first.join(' '));
      assert.equal(first.filter((name) => name.startsWith('larder_gin_recipes_')).length, 2, first.join(' '));
      assert.equal(first.filter((name) => name.startsWith('larder_gin_listings_')).length, 2, first.join(' '));
      assert.equal(first.filter((name) => name.startsWith('larder_gin_connections_')).length, 2, first.join(' '));
      const tables = ['products_', 'files_files_', 'files_chunks_', 'jobs_', 'oauth_authorizations_'];
      assert.ok(tables.every((table) => first.some((name) => name.startsWith(`larder_gin_${table}`))), first.join(' '));
      assert.deepEqual(await ensureEngineIndexes(database.handle, db), first);

      const explained = await db.command({ explain: { find: 'recipes', filter: { external_id: { $eq: 'gin-1', $type: 'string' } } } });
      assert.equal(explained['filterPushdown'], true);
      // FerretDB's SQL: `_jsonb -> 'external_id' @> '"gin-1"'` on the collection's table.
      const pushed = JSON.stringify(explained['queryPlanner']);
      assert.match(pushed, /_jsonb -> 'external_id'::text\) @> /);
      const table = /"Relation Name":"([^"]+)"/.exec(pushed)?.[1];
      const postgresql = database.handle.postgresqlDatabase;
      assert.ok(postgresql !== undefined && table !== undefined);
      // With a handful of rows PostgreSQL prefers a sequential scan anyway: asked without one, it takes the index.
      const plan = await psqlIn(postgresql, `SET enable_seqscan = off; EXPLAIN SELECT _jsonb FROM "${db.databaseName}"."${table}" WHERE _jsonb -> 'external_id' @> '"gin-1"'`);
      assert.match(plan, /Bitmap Index Scan on larder_gin_recipes_\w+_external_id/);
    });

    it('serves a stored file\'s chunks by file from the GIN index (a download reads no other file\'s chunks)', async () => {
      const db = await database.indexedDb('engine_indexes_files');
      const files = new GridFsFileStore(db);
      (await files.put('documents/p/g/a4-original.pdf', patternBytes(300_000), { contentType: 'application/pdf' }))._unsafeUnwrap();
      await ensureEngineIndexes(database.handle, db);
      const stored = await db.collection('files.files').findOne({ filename: 'documents/p/g/a4-original.pdf' });
      const explained = await db.command({ explain: { find: 'files.chunks', filter: { files_id: stored?.['_id'] }, sort: { n: 1 } } });
      assert.equal(explained['filterPushdown'], true, JSON.stringify(explained['queryPlanner']));
      const pushed = JSON.stringify(explained['queryPlanner']);
      const table = /"Relation Name":"([^"]+)"/.exec(pushed)?.[1];
      const postgresql = database.handle.postgresqlDatabase;
      assert.ok(postgresql !== undefined && table !== undefined);
      const condition = (/_jsonb -> 'files_id'::text\) @> '([^']+)'/.exec(pushed)?.[1] ?? '').replace(/\\"/g, '"');
      const plan = await psqlIn(postgresql, `SET enable_seqscan = off; EXPLAIN SELECT _jsonb FROM "${db.databaseName}"."${table}" WHERE _jsonb -> 'files_id' @> '${condition}'`);
      assert.match(plan, /Bitmap Index Scan on larder_gin_files_chunks_\w+_files_id/);
    });

    it("serves a product's listings (the equality route of forProducts) from the GIN index on product_id", async () => {
      const db = await database.indexedDb('engine_indexes_listings');
      const listing = listingFixture();
      (await new MongoListingRepository(db).save(listing, null))._unsafeUnwrap();
      await ensureEngineIndexes(database.handle, db);
      const explained = await db.command({ explain: { find: 'listings', filter: { product_id: listing.product_id } } });
      assert.equal(explained['filterPushdown'], true, JSON.stringify(explained['queryPlanner']));
      const pushed = JSON.stringify(explained['queryPlanner']);
      const table = /"Relation Name":"([^"]+)"/.exec(pushed)?.[1];
      const postgresql = database.handle.postgresqlDatabase;
      assert.ok(postgresql !== undefined && table !== undefined);
      const plan = await psqlIn(postgresql, `SET enable_seqscan = off; EXPLAIN SELECT _jsonb FROM "${db.databaseName}"."${table}" WHERE _jsonb -> 'product_id' @> '"${listing.product_id}"'`);
      assert.match(plan, /Bitmap Index Scan on larder_gin_listings_\w+_product_id/);
    });

    it('skip a database whose collections FerretDB has not created yet', async () => {
      assert.deepEqual(await ensureEngineIndexes(database.handle, database.freshDb('engine_indexes_empty')), []);
    });
  });
}
