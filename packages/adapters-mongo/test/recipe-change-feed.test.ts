/**
 * The search index on MongoDB: the recipe contract suite against "Mongo repository + index" (listings answered by
 * the index), and two instances on one database, each with its own index, converging through `recipe_changes`:
 * inserts, updates and archives by one (and by a plain repository, as the CLI writes) listed by the other.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applyRecipeFeedChanges,
  buildRecipeIndex,
  IndexedRecipeRepository,
  InMemoryRecipeSearchIndex,
  recipeListQueryFrom,
  type Recipe,
  type RecipeListParams,
} from '@larder/domain';
import { ResultAsync } from 'neverthrow';
import { recipeFixture, runRecipeRepositoryContract } from '@larder/domain/testing';
import type { Db } from 'mongodb';
import { MongoRecipeChangeFeed, MongoRecipeRepository, RECIPE_CHANGES_COLLECTION } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

/** One service instance's recipe store: its own index, built from the database, and its own feed. */
async function instance(db: Db) {
  const store = new MongoRecipeRepository(db);
  const feed = new MongoRecipeChangeFeed(db, store);
  const recipes = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex());
  (await buildRecipeIndex(recipes, feed))._unsafeUnwrap();
  return { recipes, follow: async () => (await applyRecipeFeedChanges(recipes, feed))._unsafeUnwrap() };
}

const titles = async (recipes: IndexedRecipeRepository, params: RecipeListParams) =>
  (await recipes.list(recipeListQueryFrom(params, { page: 1, perPage: 50 })))._unsafeUnwrap().items.map((recipe) => recipe.title).sort();

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runRecipeRepositoryContract('mongo + in-memory search index', async () => {
      const indexed = new IndexedRecipeRepository(new MongoRecipeRepository(await database.indexedDb('indexed')), new InMemoryRecipeSearchIndex());
      indexed.markReady();
      return indexed;
    });

    describe('two instances on one database', () => {
      it('builds each index from the stored recipes, and lists what the other instance writes after its next poll', async () => {
        const db = await database.indexedDb('converge');
        const before = recipeFixture({ title: 'Barley soup' });
        (await new MongoRecipeRepository(db).insert(before))._unsafeUnwrap();
        const [a, b] = [await instance(db), await instance(db)];
        assert.deepEqual(await titles(b.recipes, { q: 'soup' }), ['Barley soup']);

        const lentil = recipeFixture({ title: 'Lentil soup' });
        (await a.recipes.insert(lentil))._unsafeUnwrap();
        assert.deepEqual(await titles(a.recipes, { q: 'soup' }), ['Barley soup', 'Lentil soup'], 'the writer lists it at once');
        assert.deepEqual(await titles(b.recipes, { q: 'soup' }), ['Barley soup'], 'the other not before its poll');
        assert.equal(await b.follow(), 1);
        assert.deepEqual(await titles(b.recipes, { q: 'soup' }), ['Barley soup', 'Lentil soup']);
        assert.equal(await b.follow(), 0, 'a poll with nothing new reads no recipe');

        // An update and an archive (the library's "delete": archived recipes leave the default listing).
        (await a.recipes.update({ ...lentil, title: 'Lentil stew', version: 2 }, 1))._unsafeUnwrap();
        (await a.recipes.update({ ...before, status: 'archived', archived_at: new Date(), version: 2 }, 1))._unsafeUnwrap();
        await b.follow();
        assert.deepEqual(await titles(b.recipes, { q: 'soup' }), []);
        assert.deepEqual(await titles(b.recipes, { q: 'stew' }), ['Lentil stew']);
        assert.deepEqual(await titles(b.recipes, { q: 'soup', status: 'archived' }), ['Barley soup']);

        // A batch written by a process without an index (the CLI's import), seen by both.
        const batch = [recipeFixture({ title: 'Pea soup' }), recipeFixture({ title: 'Corn soup' })];
        (await new MongoRecipeRepository(db).saveBatch(batch.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
        await Promise.all([a.follow(), b.follow()]);
        for (const one of [a, b]) assert.deepEqual(await titles(one.recipes, { q: 'soup' }), ['Corn soup', 'Pea soup']);
        assert.equal(await db.collection(RECIPE_CHANGES_COLLECTION).countDocuments(), 5, 'one record per write');
      });

      it('says when the database is not the one the index was built from (its count of writes went back)', async () => {
        const db = await database.indexedDb('replaced');
        const a = await instance(db);
        (await a.recipes.insert(recipeFixture({ title: 'Gone soup' })))._unsafeUnwrap();
        assert.equal(await a.follow(), 1);
        await Promise.all(['recipes', 'change_marks', RECIPE_CHANGES_COLLECTION].map((name) => db.collection(name).deleteMany({})));
        assert.equal(await a.follow(), 'replaced');
        assert.equal(a.recipes.ready, false, 'listings go to the store until the index is built again');
        assert.deepEqual(await titles(a.recipes, { q: 'soup' }), []);
      });

      it('does not miss a write made while the index was being built', async () => {
        const db = await database.indexedDb('during-build');
        const store = new MongoRecipeRepository(db);
        const feed = new MongoRecipeChangeFeed(db, store);
        const recipes = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex());
        (await store.insert(recipeFixture({ title: 'Miso soup' })))._unsafeUnwrap();
        const late = recipeFixture({ title: 'Onion soup' });
        (await feed.begin())._unsafeUnwrap();
        (await feed.scan(100, (page) => page.forEach((recipe) => recipes.index.put(recipe))))._unsafeUnwrap();
        (await store.insert(late))._unsafeUnwrap();
        (await applyRecipeFeedChanges(recipes, feed))._unsafeUnwrap();
        recipes.markReady();
        assert.deepEqual(await titles(recipes, { q: 'soup' }), ['Miso soup', 'Onion soup']);
      });

      it("keeps a large batch's ids out of its record, and the other instance still applies every one", async () => {
        const db = await database.indexedDb('large-batch');
        const [a, b] = [await instance(db), await instance(db)];
        const batch = Array.from({ length: 120 }, (_, index) => recipeFixture({ title: `Batch soup ${index}` }));
        (await new MongoRecipeRepository(db).saveBatch(batch.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
        const small = recipeFixture({ title: 'Single soup' });
        (await a.recipes.insert(small))._unsafeUnwrap();
        const records = await db.collection<{ ids: string[]; detached?: number }>(RECIPE_CHANGES_COLLECTION).find().toArray();
        assert.deepEqual(records.map((record) => [record.ids.length, record.detached ?? 0]).sort(), [[0, 120], [1, 0]], 'the batch is counted, its ids kept apart');
        assert.equal(await b.follow(), 121);
        assert.equal((await b.recipes.list(recipeListQueryFrom({ q: 'soup' }, { page: 1, perPage: 1 })))._unsafeUnwrap().total, 121);
        assert.equal(await a.follow(), 121, 'the writer too reads them (its own insert again: harmless)');
      });

      it('reads a large batch of changes to the end while every read answers within the deadline (a start just after an import)', async () => {
        const db = database.freshDb('slow-reads');
        // 1,600 recipes written in the window before the scan began: four reads of 500 ids, each slower than a
        // quarter of the deadline and all together slower than it.
        const ids = Array.from({ length: 1600 }, (_, index) => `recipe-${index}`);
        let reads = 0;
        const reader = {
          findByIds: () => {
            reads += 1;
            return ResultAsync.fromSafePromise(new Promise<Recipe[]>((resolve) => setTimeout(() => resolve([]), 150)));
          },
        };
        const feed = new MongoRecipeChangeFeed(db, reader, { deadlineMs: 400 });
        (await feed.begin())._unsafeUnwrap();
        await db.collection(RECIPE_CHANGES_COLLECTION).insertOne({ _id: 'import' as never, ids, at: new Date() });
        await db.collection('change_marks').insertOne({ _id: 'recipes' as never, seq: 1 });
        const changed = await feed.changes();
        assert.deepEqual(changed.isOk() ? changed.value : changed.error, { kind: 'changed', recipes: [] });
        assert.equal(reads, 4);
      });

      it('still gives up a read that does not answer within the deadline', async () => {
        const db = database.freshDb('frozen-read');
        const reader = { findByIds: () => ResultAsync.fromSafePromise(new Promise<Recipe[]>((resolve) => setTimeout(() => resolve([]), 1000))) };
        const feed = new MongoRecipeChangeFeed(db, reader, { deadlineMs: 200 });
        (await feed.begin())._unsafeUnwrap();
        await db.collection(RECIPE_CHANGES_COLLECTION).insertOne({ _id: 'one' as never, ids: ['recipe-1'], at: new Date() });
        await db.collection('change_marks').insertOne({ _id: 'recipes' as never, seq: 1 });
        const changed = await feed.changes();
        assert.equal(changed.isErr() && changed.error.type, 'StoreUnavailable');
      });
    });

    describe('resuming from a snapshot', () => {
      const HOUR_AGO = () => new Date(Date.now() - 3_600_000);

      it('resumes from a snapshot of any age when nothing was written since, else only within the records kept', async () => {
        const db = await database.indexedDb('resume');
        (await new MongoRecipeRepository(db).insert(recipeFixture({ title: 'Idle soup' })))._unsafeUnwrap();
        const built = new MongoRecipeChangeFeed(db, new MongoRecipeRepository(db));
        (await buildRecipeIndex(new IndexedRecipeRepository(new MongoRecipeRepository(db), new InMemoryRecipeSearchIndex()), built))._unsafeUnwrap();
        const { mark } = built.position();
        const feed = () => new MongoRecipeChangeFeed(db, new MongoRecipeRepository(db));
        assert.equal((await feed().resume({ at: HOUR_AGO(), mark }))._unsafeUnwrap(), true, 'an idle library: nothing to read since');
        assert.equal((await feed().resume({ at: new Date(), mark }))._unsafeUnwrap(), true);

        (await new MongoRecipeRepository(db).insert(recipeFixture({ title: 'Busy soup' })))._unsafeUnwrap();
        assert.equal((await feed().resume({ at: HOUR_AGO(), mark }))._unsafeUnwrap(), false, 'written since, and its records may be gone');
        assert.equal((await feed().resume({ at: new Date(Date.now() - 60_000), mark }))._unsafeUnwrap(), true, 'written since, its records kept');
        assert.equal((await feed().resume({ at: new Date(), mark: String(Number(mark) + 5) }))._unsafeUnwrap(), false, 'fewer writes than then');
      });
    });
  });
}
