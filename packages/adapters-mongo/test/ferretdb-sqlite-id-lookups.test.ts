/**
 * FerretDB on SQLite finds a document by `_id` through the collection's `_id` index. FerretDB 1.24 as released writes
 * the lookup as `_ferretdb_sjson->'$._id'`, which its own index (`_ferretdb_sjson->"_id"`) does not serve, so every
 * find, update and delete by `_id` scanned the collection; scripts/build-ferretdb.sh patches the expression. FerretDB's
 * `explain` on SQLite answers with SQLite's own query plan, which says SEARCH ... USING INDEX or SCAN.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recipeFixture } from '@larder/domain/testing';
import { MongoClient } from 'mongodb';
import { locateFerretdb, startFerretdb, type StartedFerretdb } from '../src/engine/ferretdb.js';
import { MongoRecipeRepository } from '../src/index.js';

const located = locateFerretdb();

describe('FerretDB on SQLite, by _id', { skip: 'reason' in located ? located.reason : false }, () => {
  let engine: StartedFerretdb;
  let client: MongoClient;
  before(async () => {
    engine = await startFerretdb({ backend: 'sqlite' });
    client = await MongoClient.connect(engine.url);
  });
  after(async () => {
    await client?.close();
    await engine?.stop();
  });

  it('finds through the _id index, not a scan of the collection', async () => {
    const db = client.db('id_lookups');
    const repository = new MongoRecipeRepository(db);
    const recipe = recipeFixture({ title: 'Indexed Soup' });
    (await repository.insert(recipe))._unsafeUnwrap();
    assert.equal((await repository.findById(recipe.id))._unsafeUnwrap()?.title, 'Indexed Soup');
    const explained = await db.command({ explain: { find: 'recipes', filter: { _id: recipe.id } } });
    assert.equal(explained['filterPushdown'], true);
    const plan = JSON.stringify(explained['queryPlanner']);
    assert.match(plan, /SEARCH \S+ USING INDEX \S+__id_ /, plan);
    assert.doesNotMatch(plan, /SCAN/, plan);
  });
});
