/**
 * A database written in the old shape (recipes carrying `search_keys` and `title_keys`, and the indexes on them) is
 * migrated: the obsolete indexes are dropped when indexes are ensured, the fields are removed in batches, once (a
 * mark in `migrations`), and every recipe, listing and search is as before. Running it again, or twice at once, or
 * after a stopped run, is harmless.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recipeListQueryFrom, recipeSearchKeys, type Recipe, type RecipeListParams } from '@larder/domain';
import { ingredient, InMemoryRecipeRepository, recipeFixture } from '@larder/domain/testing';
import type { Db } from 'mongodb';
import { ensureIndexes, MongoRecipeRepository } from '../src/index.js';
import { serverCapabilities } from '../src/engine/server-capabilities.js';
import { OBSOLETE_RECIPE_INDEXES } from '../src/indexes/index-specs.js';
import { toRecipeDocument } from '../src/recipes/recipe-document.js';
import { MIGRATIONS_COLLECTION, SLIM_RECIPES_MIGRATION, slimRecipeDocuments } from '../src/recipes/recipe-slimming.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

const WORDS = ['lentil', 'Jalapeño', 'soup', 'crème', 'roast', 'chicken'];

const library = (size: number): Recipe[] =>
  Array.from({ length: size }, (_, index) =>
    recipeFixture({
      title: `${WORDS[index % WORDS.length] ?? ''} ${WORDS[(index * 5 + 1) % WORDS.length] ?? ''}`,
      description: index % 3 === 0 ? `with ${WORDS[(index + 2) % WORDS.length] ?? ''}` : null,
      ingredients: [ingredient(WORDS[(index + 3) % WORDS.length]?.toLowerCase() ?? 'salt', 1)],
      engagement_score: (index * 7) % 50,
      status: index % 4 === 3 ? 'draft' : 'active',
    }),
  );

/** What the previous version wrote: the document with its search keys, and the indexes on them. */
async function writeOldShape(db: Db, recipes: readonly Recipe[]): Promise<void> {
  const documents = recipes.map((recipe) => {
    const keys = recipeSearchKeys(recipe);
    return { ...toRecipeDocument(recipe), search_keys: keys.all, title_keys: keys.title };
  });
  await db.collection('recipes').insertMany(documents as never[]);
  await db.collection('recipes').createIndexes([
    { key: { search_keys: 1, status: 1, created_at: 1, _id: 1 }, name: 'search_keys_created_at' },
    { key: { title_keys: 1, status: 1, engagement_score: -1, _id: -1 }, name: 'title_keys_relevance' },
  ]);
}

const withKeys = (db: Db) => db.collection('recipes').countDocuments({ $or: [{ search_keys: { $exists: true } }, { title_keys: { $exists: true } }] });
const recipeIndexes = async (db: Db) => ((await db.collection('recipes').listIndexes().toArray()) as { name?: unknown }[]).map((index) => String(index.name));

const SEARCHES: RecipeListParams[] = [{ q: 'lentil' }, { q: 'jalapeno soup' }, { q: 'chiken' }, { q: 'cr', sort: 'title' }, { status: 'draft', sort: 'engagement_score' }];

async function assertListsAsReference(db: Db, recipes: readonly Recipe[]): Promise<void> {
  const repository = new MongoRecipeRepository(db);
  const reference = new InMemoryRecipeRepository();
  (await reference.saveBatch(recipes.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
  for (const params of SEARCHES) {
    const query = recipeListQueryFrom(params, { page: 1, perPage: 7 });
    const summary = (page: Awaited<ReturnType<MongoRecipeRepository['list']>>) => {
      const { items, total, fuzzyMatches } = page._unsafeUnwrap();
      return { ids: items.map((recipe) => recipe.id), total, fuzzyMatches };
    };
    const expected = summary(await reference.list(query));
    assert.ok(expected.total > 0, JSON.stringify(params));
    assert.deepEqual(summary(await repository.list(query)), expected, JSON.stringify(params));
  }
  const stored = (await repository.findByIds(recipes.map((recipe) => recipe.id)))._unsafeUnwrap();
  assert.deepEqual(new Map(stored.map((recipe) => [recipe.id, recipe])), new Map(recipes.map((recipe) => [recipe.id, recipe])), 'every recipe, unchanged');
}

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    /** A database as an earlier version left it, after this version's `ensureIndexes` (every start runs it). */
    async function oldShapeDatabase(name: string, size: number): Promise<{ db: Db; recipes: Recipe[] }> {
      const db = database.freshDb(name);
      const recipes = library(size);
      await writeOldShape(db, recipes);
      (await ensureIndexes(db))._unsafeUnwrap();
      return { db, recipes };
    }

    it('migrates a database of the old shape once: indexes dropped, keys removed, recipes, listings and searches unchanged', async () => {
      const db = database.freshDb('old-shape');
      const recipes = library(23);
      await writeOldShape(db, recipes);

      const ensured = (await ensureIndexes(db))._unsafeUnwrap();
      if ((await serverCapabilities(db)).adminCommands) {
        assert.deepEqual((await recipeIndexes(db)).filter((name) => OBSOLETE_RECIPE_INDEXES.includes(name)), []);
        assert.deepEqual(ensured.find((entry) => entry.collection === 'recipes')?.dropped.slice().sort(), ['search_keys_created_at', 'title_keys_relevance']);
      }
      const progress: number[] = [];
      const report = await slimRecipeDocuments(db, { batchSize: 5, onProgress: (slimmed) => progress.push(slimmed) });
      assert.deepEqual(report, { alreadyDone: false, slimmed: 23, done: true });
      assert.deepEqual(progress, [5, 10, 15, 20, 23], 'in batches');
      assert.equal(await withKeys(db), 0);
      assert.ok((await db.collection(MIGRATIONS_COLLECTION).findOne({ _id: SLIM_RECIPES_MIGRATION as never })) !== null, 'marked done');
      await assertListsAsReference(db, recipes);

      // Again (the next start): only the mark is read; nothing changes.
      assert.deepEqual(await slimRecipeDocuments(db), { alreadyDone: true, slimmed: 0, done: true });
      assert.deepEqual((await ensureIndexes(db))._unsafeUnwrap().find((entry) => entry.collection === 'recipes')?.dropped, []);
      await assertListsAsReference(db, recipes);
    });

    it('lists and searches right before the migration has run (the old fields are ignored)', async () => {
      const { db, recipes } = await oldShapeDatabase('not-yet', 12);
      await assertListsAsReference(db, recipes);
    });

    it('a stopped run leaves no mark and the next run finishes; two runs at once both finish', async () => {
      const { db, recipes } = await oldShapeDatabase('resumed', 20);
      const stop = new AbortController();
      const stopped = await slimRecipeDocuments(db, { batchSize: 4, signal: stop.signal, onProgress: () => stop.abort() });
      assert.deepEqual(stopped, { alreadyDone: false, slimmed: 4, done: false });
      assert.equal(await withKeys(db), 16);
      assert.equal(await db.collection(MIGRATIONS_COLLECTION).countDocuments(), 0, 'not marked');

      const [first, second] = await Promise.all([slimRecipeDocuments(db, { batchSize: 4 }), slimRecipeDocuments(db, { batchSize: 4 })]);
      assert.deepEqual([first.done, second.done], [true, true]);
      assert.equal(first.slimmed + second.slimmed >= 16, true, 'every document left was slimmed by one or the other');
      assert.equal(await withKeys(db), 0);
      assert.equal(await db.collection(MIGRATIONS_COLLECTION).countDocuments(), 1);
      await assertListsAsReference(db, recipes);
    });
  });
}
