/**
 * FerretDB on SQLite, the default engine where no PostgreSQL answers. It finds a document by `_id` through the
 * collection's `_id` index: FerretDB 1.24 as released writes the lookup as `_ferretdb_sjson->'$._id'`, which its own
 * index (`_ferretdb_sjson->"_id"`) does not serve, and pushes `_id` down only when it is the filter's one field, so
 * every find, update and delete by `_id`, versioned writes above all, scanned the collection; scripts/build-ferretdb.sh
 * patches both. FerretDB's `explain` on SQLite answers with SQLite's own query plan, which says SEARCH ... USING INDEX
 * or SCAN. Any other equality is not pushed down at all, so the adapter asks for many values of such a field in one
 * `$in` (one pass over the collection instead of one per value).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { recipeFixture } from '@larder/domain/testing';
import { MongoClient, type CommandStartedEvent, type Document } from 'mongodb';
import { locateFerretdb, startFerretdb, type StartedFerretdb } from '../src/engine/ferretdb.js';
import { serverCapabilities } from '../src/engine/server-capabilities.js';
import { MongoRecipeRepository } from '../src/index.js';
import { ferretdbTestEngine } from '../src/testing/test-database.js';

/**
 * Why this does not run: what keeps FerretDB's suites from running (no binary, `LARDER_TEST_FERRETDB=off`), or a
 * FerretDB of one's own that lacks the patch.
 */
async function notRun(): Promise<string | false> {
  const engine = await ferretdbTestEngine();
  if ('notRun' in engine) return engine.notRun;
  const located = locateFerretdb();
  if (!('path' in located) || process.env['FERRETDB_BINARY_PATH'] === undefined || process.env['FERRETDB_BINARY_PATH'] === '') return false;
  const version = /^version: (\S+)/m.exec(spawnSync(located.path, ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? '?';
  return version.includes('-larder.') ? false : `FERRETDB_BINARY_PATH is FerretDB ${version}, without the project's patch`;
}

describe('FerretDB on SQLite', { skip: await notRun() }, () => {
  let engine: StartedFerretdb;
  let client: MongoClient;
  const finds: Document[] = [];
  before(async () => {
    engine = await startFerretdb({ backend: 'sqlite' });
    client = await MongoClient.connect(engine.url, { monitorCommands: true });
    client.on('commandStarted', (event: CommandStartedEvent) => {
      if (event.commandName === 'find' && event.command['find'] === 'recipes') finds.push(event.command['filter'] as Document);
    });
  });
  after(async () => {
    await client?.close();
    await engine?.stop();
  });

  it('finds by _id through the _id index, not a scan of the collection', async () => {
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

  it('writes a version through the _id index too, and still refuses a stale one', async () => {
    const db = client.db('versioned');
    const repository = new MongoRecipeRepository(db);
    const recipe = recipeFixture({ title: 'Versioned Soup' });
    (await repository.insert(recipe))._unsafeUnwrap();
    const explained = await db.command({ explain: { find: 'recipes', filter: { _id: recipe.id, version: recipe.version } } });
    const plan = JSON.stringify(explained['queryPlanner']);
    assert.match(plan, /SEARCH \S+ USING INDEX \S+__id_ /, plan);
    const renamed = { ...recipe, title: 'Versioned Soup, Renamed', version: recipe.version + 1 };
    assert.equal((await repository.update(renamed, recipe.version))._unsafeUnwrap(), 'written');
    assert.equal((await repository.update({ ...recipe, title: 'Lost' }, recipe.version))._unsafeUnwrap(), 'stale');
    assert.equal((await repository.findById(recipe.id))._unsafeUnwrap()?.title, 'Versioned Soup, Renamed');
  });

  it('is told apart from FerretDB on PostgreSQL, and asked for many external ids in one $in', async () => {
    const db = client.db('external_ids');
    const empty = await serverCapabilities(db);
    assert.equal(empty.equalityPushdown, true, 'with no collection to ask about, the backend is not known yet');
    const repository = new MongoRecipeRepository(db);
    const recipes = Array.from({ length: 12 }, (_, index) => recipeFixture({ external_id: `sqlite-${index}` }));
    for (const recipe of recipes) (await repository.insert(recipe))._unsafeUnwrap();
    assert.equal((await serverCapabilities(db)).equalityPushdown, false);
    finds.length = 0;
    const found = (await repository.findByExternalIds(recipes.map((recipe) => recipe.external_id ?? '')))._unsafeUnwrap();
    assert.deepEqual(found.map((recipe) => recipe.id).sort(), recipes.map((recipe) => recipe.id).sort());
    assert.equal(finds.length, 1, JSON.stringify(finds));
    assert.equal(((finds[0]?.['external_id'] as Document | undefined)?.['$in'] as unknown[] | undefined)?.length, recipes.length, JSON.stringify(finds));
  });
});
