/**
 * Listings against the in-memory reference repository on a larger library than the contract's, walked page by page
 * with a page size that makes pages straddle relevance's two segments. Also what a stored document looks like.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recipeListQueryFrom, type Recipe, type RecipeListParams } from '@larder/domain';
import { ingredient, InMemoryRecipeRepository, recipeFixture } from '@larder/domain/testing';
import { MongoRecipeRepository } from '../src/index.js';
import { startTestDatabase, testEngines, type TestDatabase } from '../src/testing/test-database.js';

const WORDS = ['apple', 'Jalapeño', 'bread', 'crème', 'soup', 'roast', 'pepper', 'lemon'];
const CUISINES = ['Thai', 'french', 'FRENCH', null];
const TAGS = [[], ['vegan'], ['vegan', 'gluten-free'], ['vegetarian']];

/** A deterministic library with repeated titles, scores and timestamps, so every order needs its id tie-break. */
function library(size: number): Recipe[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    // The high bits: an LCG's low bits repeat with a short period.
    return (seed >>> 16) % n;
  };
  const pick = <T>(items: readonly T[]): T => items[next(items.length)] as T;
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
  return Array.from({ length: size }, () =>
    recipeFixture({
      title: `${pick(WORDS)} ${pick(WORDS)}`,
      description: next(3) === 0 ? `with ${pick(WORDS)}` : null,
      ingredients: [ingredient(pick(WORDS).toLowerCase(), 1)],
      cuisine: pick(CUISINES),
      dietary_tags: pick(TAGS),
      engagement_score: next(4) * 10,
      cook_time_minutes: pick([null, 0, 15, 45]),
      email_ready: next(2) === 0,
      status: pick(['active', 'active', 'draft', 'archived'] as const),
      created_at: day(next(5)),
      updated_at: day(next(5)),
    }),
  );
}

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    let database: TestDatabase;
    let mongo: MongoRecipeRepository;
    const reference = new InMemoryRecipeRepository();
    const recipes = library(150);

    before(async () => {
      database = await startTestDatabase(engine);
      const db = await database.indexedDb('listing');
      mongo = new MongoRecipeRepository(db);
      const writes = recipes.map((recipe) => ({ kind: 'insert' as const, recipe }));
      assert.ok((await mongo.saveBatch(writes))._unsafeUnwrap().every((outcome) => outcome === 'written'));
      (await reference.saveBatch(writes))._unsafeUnwrap();
    });
    after(() => database.stop());

    async function walk(repository: MongoRecipeRepository | InMemoryRecipeRepository, params: RecipeListParams, perPage: number) {
      const pages: { ids: string[]; total: number }[] = [];
      for (let page = 1; pages.length === 0 || (page - 1) * perPage < (pages[0]?.total ?? 0) + perPage; page += 1) {
        const result = (await repository.list(recipeListQueryFrom(params, { page, perPage })))._unsafeUnwrap();
        pages.push({ ids: result.items.map((recipe) => recipe.id), total: result.total });
      }
      return pages;
    }

    const cases: RecipeListParams[] = [
      { q: 'jalapeno' },
      { q: 'ap' },
      { q: 'pepper le' },
      { q: 'creme', cuisine: 'French' },
      { q: 'soup', dietary_tags: ['vegan'], status: 'archived' },
      { q: 'bread', sort: 'title' },
      { cuisine: 'french', sort: 'engagement_score', order: 'asc' },
      { dietary_tags: ['vegan', 'gluten-free'], sort: 'updated_at' },
      { max_cook_time_minutes: 15, email_ready: false, sort: 'created_at', order: 'asc' },
      { status: 'draft', sort: 'title', order: 'desc' },
    ];

    describe('listings agree with the reference page by page', () => {
      for (const params of cases) {
        it(JSON.stringify(params), async () => {
          const [actual, expected] = await Promise.all([walk(mongo, params, 7), walk(reference, params, 7)]);
          assert.ok((expected[0]?.total ?? 0) > 0, 'the case matches something');
          assert.deepEqual(actual, expected);
        });
      }

      it('relevance pages straddle the title-match boundary without overlap or gap', async () => {
        const params = { q: 'apple' };
        const everything = (await mongo.list(recipeListQueryFrom(params, { page: 1, perPage: 100 })))._unsafeUnwrap().items;
        const titleMatches = everything.filter((recipe) => /apple/i.test(recipe.title)).length;
        assert.ok(titleMatches > 0 && titleMatches < everything.length, 'both segments have recipes');
        // A page size that puts the boundary inside a page rather than between two.
        const perPage = [3, 4, 5, 6, 7].find((size) => titleMatches % size !== 0) ?? 3;
        const walked = (await walk(mongo, params, perPage)).flatMap((page) => page.ids);
        assert.deepEqual(walked, everything.map((recipe) => recipe.id));
        assert.ok(everything.slice(0, titleMatches).every((recipe) => /apple/i.test(recipe.title)), 'title matches come first');
      });
    });

    describe('a search with few matches (read in one query, ordered by the adapter)', () => {
      // Engagement runs against relevance: the fuzzy matches score highest, an exact title match lowest.
      const few = [
        recipeFixture({ title: 'Roast chicken', engagement_score: 10 }),
        recipeFixture({ title: 'Chicken roast', engagement_score: 10 }),
        recipeFixture({ title: 'Soup', ingredients: [ingredient('chicken', 1)], engagement_score: 90 }),
        recipeFixture({ title: 'Chiken pie', engagement_score: 95 }),
        recipeFixture({ title: 'Stew', ingredients: [ingredient('chickn', 1)], engagement_score: 99 }),
        recipeFixture({ title: 'Pie', description: 'chicken and leek', engagement_score: 50 }),
        recipeFixture({ title: 'Chicken pie', status: 'archived', engagement_score: 70 }),
        recipeFixture({ title: 'Bread', engagement_score: 80 }),
      ];
      const fewReference = new InMemoryRecipeRepository();
      let fewMongo: MongoRecipeRepository;

      before(async () => {
        fewMongo = new MongoRecipeRepository(await database.indexedDb('few'));
        const writes = few.map((recipe) => ({ kind: 'insert' as const, recipe }));
        (await fewMongo.saveBatch(writes))._unsafeUnwrap();
        (await fewReference.saveBatch(writes))._unsafeUnwrap();
      });

      const searches: RecipeListParams[] = [
        { q: 'chicken' },
        { q: 'chicken pie' },
        { q: 'pie chicken' },
        { q: 'chicken', sort: 'engagement_score' },
        { q: 'chicken', sort: 'title', order: 'desc' },
        { q: 'chicken', status: 'archived' },
        { q: 'chick le' },
      ];
      for (const params of searches) {
        it(`${JSON.stringify(params)}: order, total and fuzzy count as the reference's, whole and in pages`, async () => {
          const whole = (await fewReference.list(recipeListQueryFrom(params, { page: 1, perPage: 20 })))._unsafeUnwrap();
          assert.ok(whole.total > 0, 'the search matches something');
          if (params.q === 'chicken' && params.status === undefined) assert.deepEqual([whole.total, whole.fuzzyMatches], [6, 2], 'exact and fuzzy matches both');
          for (const perPage of [20, 3, 2]) {
            for (let page = 1; page <= Math.ceil(few.length / perPage); page += 1) {
              const query = recipeListQueryFrom(params, { page, perPage });
              const summary = (result: Awaited<ReturnType<MongoRecipeRepository['list']>>) => {
                const { items, total, fuzzyMatches } = result._unsafeUnwrap();
                return { ids: items.map((recipe) => recipe.title), total, fuzzyMatches };
              };
              assert.deepEqual(summary(await fewMongo.list(query)), summary(await fewReference.list(query)), `page ${page} of ${perPage}`);
            }
          }
        });
      }
    });

    describe('a search whose exact title matches fill the page (read in one query, then counted)', () => {
      // Title matches score highest, so the first read's are enough for every page within its span.
      const many = [
        ...Array.from({ length: 30 }, (_, index) => recipeFixture({ title: `Chicken ${index}`, engagement_score: 50 + (index % 4) })),
        ...Array.from({ length: 5 }, () => recipeFixture({ title: 'Soup', ingredients: [ingredient('chicken', 1)], engagement_score: 20 })),
        ...Array.from({ length: 4 }, () => recipeFixture({ title: 'Chiken pie', engagement_score: 10 })),
      ];
      const manyReference = new InMemoryRecipeRepository();
      let manyMongo: MongoRecipeRepository;

      before(async () => {
        manyMongo = new MongoRecipeRepository(await database.indexedDb('many'));
        const writes = many.map((recipe) => ({ kind: 'insert' as const, recipe }));
        (await manyMongo.saveBatch(writes))._unsafeUnwrap();
        (await manyReference.saveBatch(writes))._unsafeUnwrap();
      });

      it('pages, total and fuzzy count as the reference\'s', async () => {
        for (const perPage of [5, 7]) {
          for (let page = 1; page <= Math.ceil(many.length / perPage); page += 1) {
            const query = recipeListQueryFrom({ q: 'chicken' }, { page, perPage });
            const summary = (result: Awaited<ReturnType<MongoRecipeRepository['list']>>) => {
              const { items, total, fuzzyMatches } = result._unsafeUnwrap();
              return { ids: items.map((recipe) => recipe.id), total, fuzzyMatches };
            };
            const expected = summary(await manyReference.list(query));
            assert.deepEqual([expected.total, expected.fuzzyMatches], [39, 4]);
            assert.deepEqual(summary(await manyMongo.list(query)), expected, `page ${page} of ${perPage}`);
          }
        }
      });
    });

    describe('a filter value holding U+0000', () => {
      it('matches nothing, on every engine (FerretDB on PostgreSQL cannot even compare such a string)', async () => {
        for (const params of [{ cuisine: 'Thai\u0000' }, { dietary_tags: ['\u0000'] }, { season: '\u0000' }] satisfies RecipeListParams[]) {
          const page = (await mongo.list(recipeListQueryFrom(params, { page: 1, perPage: 10 })))._unsafeUnwrap();
          assert.deepEqual({ items: page.items.length, total: page.total }, { items: 0, total: 0 }, JSON.stringify(params));
        }
      });
    });

    describe('stored documents', () => {
      it('keep the domain id as _id, dates as dates, carry the derived sort and facet fields but no search keys', async () => {
        const recipe = recipeFixture({ title: 'Jalapeño Crème', cuisine: ' Thai ', notes: 'Smoky' });
        const db = database.freshDb('documents');
        (await new MongoRecipeRepository(db).insert(recipe))._unsafeUnwrap();
        const stored = await db.collection('recipes').findOne({ _id: recipe.id as unknown as never });
        assert.ok(stored !== null);
        assert.equal(stored['id'], undefined);
        assert.ok(stored['created_at'] instanceof Date);
        assert.equal(stored['title_sort'], 'jalapeno creme');
        assert.equal(stored['cuisine_key'], 'thai');
        // The search index owns the search keys; the adapter matches a text query on the stored text.
        assert.deepEqual([stored['search_keys'], stored['title_keys']], [undefined, undefined]);
        for (const q of ['jal', 'creme', 'smo']) {
          const found = (await new MongoRecipeRepository(db).list(recipeListQueryFrom({ q }, { page: 1, perPage: 10 })))._unsafeUnwrap();
          assert.deepEqual(found.items.map((item) => item.id), [recipe.id], q);
        }
      });
    });
  });
}
