/**
 * `findByExternalIds` by both routes on every engine: one `$in` query (where the engine serves `$in` from an index,
 * or reads the whole collection for an equality too: FerretDB on SQLite) and one equality query per id (FerretDB 1.24
 * on PostgreSQL, which reads the whole collection for `$in`; docs/scale.md). Both return exactly the stored recipes
 * of the ids asked, once each, whatever the duplicates and unknown ids.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MongoClient, type CommandStartedEvent, type Document } from 'mongodb';
import { recipeFixture } from '@larder/domain/testing';
import { MongoRecipeRepository, type ExternalIdLookup } from '../src/recipes/mongo-recipe-repository.js';
import { manyValuesInOneQuery } from '../src/engine/capabilities.js';
import { serverCapabilities } from '../src/engine/server-capabilities.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

const ROUTES: readonly ExternalIdLookup[] = ['in', 'equality'];

for (const engine of await testEngines()) {
  describe(`[${engine.label}] recipes by external id`, () => {
    const database = testDatabaseFor(engine);

    for (const route of ROUTES) {
      it(`${route}: the recipes of the ids asked, each once; unknown ids and recipes without one left out`, async () => {
        const repository = new MongoRecipeRepository(await database.indexedDb('external_ids'), { externalIdLookup: route });
        const [a, b, c, none] = [
          recipeFixture({ external_id: 'shop-a' }),
          recipeFixture({ external_id: 'shop-b' }),
          recipeFixture({ external_id: 'shop-c' }),
          recipeFixture(),
        ];
        for (const recipe of [a, b, c, none]) (await repository.insert(recipe))._unsafeUnwrap();
        const found = (await repository.findByExternalIds(['shop-b', 'missing', 'shop-a', 'shop-b']))._unsafeUnwrap();
        assert.deepEqual(
          found.map((recipe) => recipe.id).sort(),
          [a.id, b.id].sort(),
        );
        assert.deepEqual(found.find((recipe) => recipe.id === a.id), a);
        assert.deepEqual((await repository.findByExternalIds(['nothing-here']))._unsafeUnwrap(), []);
      });
    }

    // FerretDB 1.24 on PostgreSQL reads the whole collection for `$in` and pushes an equality down; on SQLite it
    // reads the whole collection for either, so one `$in` reads it once; every other engine serves `$in` from the
    // index.
    const byEquality = engine.label === 'ferretdb-postgresql';
    it(`by default asks ${byEquality ? 'one equality query per id' : 'one $in query'}`, async () => {
      const db = await database.indexedDb('external_id_route');
      const seeded = new MongoRecipeRepository(db);
      const recipes = Array.from({ length: 12 }, (_, index) => recipeFixture({ external_id: `route-${index}` }));
      for (const recipe of recipes) (await seeded.insert(recipe))._unsafeUnwrap();
      const client = new MongoClient(database.handle.url, { monitorCommands: true });
      const filters: Document[] = [];
      client.on('commandStarted', (event: CommandStartedEvent) => {
        if (event.commandName === 'find' && event.command['find'] === 'recipes') filters.push(event.command['filter'] as Document);
      });
      try {
        const watched = client.db(db.databaseName);
        const found = (await new MongoRecipeRepository(watched).findByExternalIds(recipes.map((recipe) => recipe.external_id ?? '')))._unsafeUnwrap();
        assert.equal(found.length, recipes.length);
        const conditions = filters.map((filter) => filter['external_id'] as Document);
        assert.equal(manyValuesInOneQuery(await serverCapabilities(watched)), !byEquality);
        if (!byEquality) {
          assert.equal(conditions.length, 1);
          assert.equal((conditions[0]?.['$in'] as unknown[]).length, recipes.length);
        } else {
          assert.equal(conditions.length, recipes.length);
          assert.ok(conditions.every((condition) => typeof condition['$eq'] === 'string' && condition['$in'] === undefined), JSON.stringify(conditions));
        }
      } finally {
        await client.close();
      }
    });
  });
}
