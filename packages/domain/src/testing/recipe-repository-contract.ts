/**
 * The behaviour every `RecipeRepository` must have. Adapters run it against a real engine:
 * `runRecipeRepositoryContract('mongo', () => new MongoRecipeRepository(freshDb()))`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Recipe } from '../recipe/recipe.js';
import { recipeListQueryFrom, recipeMatchesFilter, type RecipeListParams } from '../recipe/recipe-query.js';
import { examplePhoto, ingredient, recipeFixture } from './recipe-fixtures.js';
import { expected, ids, listAll, seed, type MakeRepository } from './recipe-contract-support.js';
import { runRecipeSearchContract } from './recipe-search-contract.js';

/** A library with deliberate ties on every sort key. */
function library(): Recipe[] {
  const sameTime = new Date('2026-03-01T12:00:00.000Z');
  return [
    recipeFixture({ title: 'Jalapeño Poppers', cuisine: 'Mexican', dietary_tags: ['vegetarian', 'spicy'], engagement_score: 50, cook_time_minutes: 20, email_ready: true, meal_type: 'Snack' }),
    recipeFixture({ title: 'apple pie', description: 'A classic with a jalapeno twist', season: 'Autumn', engagement_score: 50, cook_time_minutes: 60, created_at: sameTime, updated_at: sameTime }),
    recipeFixture({ title: 'Banana Bread', notes: 'Freezes well', dietary_tags: ['vegetarian'], engagement_score: 10, cook_time_minutes: null, created_at: sameTime, updated_at: sameTime, collection_id: 'baking' }),
    recipeFixture({ title: 'Crème Brûlée', ingredients: [ingredient('heavy cream', 2, 'cup'), ingredient('sugar')], cuisine: 'french', engagement_score: 99.5, season: 'winter', status: 'draft' }),
    recipeFixture({ title: 'Zucchini Fritters', dietary_tags: ['vegan', 'vegetarian'], cuisine: 'FRENCH', engagement_score: 10, meal_type: 'snack', collection_id: 'baking', cook_time_minutes: 15 }),
    recipeFixture({ title: 'Apple Crumble', description: 'Warm pudding', season: 'autumn', engagement_score: 0, status: 'archived', archived_at: new Date('2026-04-01T00:00:00.000Z') }),
    recipeFixture({ title: 'Pepper steak', ingredients: [ingredient('jalapeño peppers', 3)], engagement_score: 70, email_ready: true, cook_time_minutes: 20 }),
    recipeFixture({ title: 'banana split', engagement_score: 10, cook_time_minutes: 0 }),
  ];
}

export function runRecipeRepositoryContract(name: string, makeRepository: MakeRepository): void {
  describe(`RecipeRepository contract: ${name}`, () => {
    it('stores and returns a recipe with every field intact', async () => {
      const repository = await makeRepository();
      const recipe = recipeFixture({
        description: 'd', notes: 'n', dietary_tags: ['vegan'], cuisine: 'Thai', meal_type: 'dinner', season: 'summer',
        collection_id: 'c1', email_ready: true, engagement_score: 12.5, image_url: 'https://example.com/a.jpg',
        source_url: 'https://example.com/a', external_id: 'ext-1', status: 'draft',
        ingredients: [
          { quantity: 1.5, quantity_max: 2, unit: 'cup', name: 'flour', note: 'sifted', text: '1 ½–2 cups flour, sifted', section: 'For the crust' },
          { quantity: null, quantity_max: null, unit: null, name: 'salt', note: null, text: 'salt', section: null },
        ],
      });
      assert.deepEqual((await repository.insert(recipe))._unsafeUnwrap(), recipe);
      assert.deepEqual((await repository.findById(recipe.id))._unsafeUnwrap(), recipe);
      assert.equal((await repository.findById('no-such-id'))._unsafeUnwrap(), null);
    });

    it('keeps a photo, replaces it through an update, and removes it', async () => {
      const repository = await makeRepository();
      const recipe = recipeFixture();
      await seed(repository, [recipe]);
      const withPhoto = { ...recipe, photo: examplePhoto('a'), version: 2 };
      assert.equal((await repository.update(withPhoto, 1))._unsafeUnwrap(), 'written');
      assert.deepEqual((await repository.findById(recipe.id))._unsafeUnwrap(), withPhoto);
      const inserted = recipeFixture({ photo: examplePhoto('b') });
      assert.deepEqual((await repository.insert(inserted))._unsafeUnwrap(), inserted);
      assert.deepEqual((await repository.findById(inserted.id))._unsafeUnwrap(), inserted);
      const removed = { ...withPhoto, photo: null, version: 3 };
      assert.equal((await repository.update(removed, 2))._unsafeUnwrap(), 'written');
      assert.deepEqual((await repository.findById(recipe.id))._unsafeUnwrap(), removed);
    });

    it('refuses a second recipe with the same external_id, but not two without one', async () => {
      const repository = await makeRepository();
      await seed(repository, [recipeFixture({ external_id: 'same' }), recipeFixture(), recipeFixture()]);
      const clash = await repository.insert(recipeFixture({ external_id: 'same' }));
      assert.deepEqual(clash._unsafeUnwrapErr(), { type: 'DuplicateExternalId', externalId: 'same' });
      const found = (await repository.findByExternalIds(['same', 'other']))._unsafeUnwrap();
      assert.equal(found.length, 1);
    });

    it('updates only when the stored version is the expected one', async () => {
      const repository = await makeRepository();
      const recipe = recipeFixture();
      await seed(repository, [recipe]);
      const next = { ...recipe, title: 'Renamed', version: 2 };
      assert.equal((await repository.update(next, 1))._unsafeUnwrap(), 'written');
      assert.equal((await repository.update({ ...recipe, title: 'Lost', version: 2 }, 1))._unsafeUnwrap(), 'stale');
      assert.equal((await repository.update({ ...recipe, id: 'missing' }, 1))._unsafeUnwrap(), 'stale');
      assert.deepEqual((await repository.findById(recipe.id))._unsafeUnwrap(), next);
    });

    it('lets exactly one of many concurrent writers of the same version win', async () => {
      const repository = await makeRepository();
      const recipe = recipeFixture();
      await seed(repository, [recipe]);
      const attempts = Array.from({ length: 20 }, (_, index) => repository.update({ ...recipe, title: `Writer ${index}`, version: 2 }, 1));
      const outcomes = (await Promise.all(attempts)).map((result) => result._unsafeUnwrap());
      assert.equal(outcomes.filter((outcome) => outcome === 'written').length, 1);
      const winner = outcomes.indexOf('written');
      assert.equal((await repository.findById(recipe.id))._unsafeUnwrap()?.title, `Writer ${winner}`);
    });

    it('finds recipes by id and by external id', async () => {
      const repository = await makeRepository();
      const [a, b] = [recipeFixture({ external_id: 'x-a' }), recipeFixture({ external_id: 'x-b' })];
      await seed(repository, [a, b]);
      assert.deepEqual(ids((await repository.findByIds([b.id, 'nope', a.id]))._unsafeUnwrap()).sort(), [a.id, b.id].sort());
      assert.deepEqual(ids((await repository.findByExternalIds(['x-b']))._unsafeUnwrap()), [b.id]);
    });

    it('finds the recipe with a source_url, the first by id when several have it', async () => {
      const repository = await makeRepository();
      const [a, b, c] = [recipeFixture({ source_url: 'https://example.com/soup' }), recipeFixture({ source_url: 'https://example.com/soup' }), recipeFixture({ source_url: 'https://example.com/stew' })];
      await seed(repository, [a, b, c]);
      assert.equal((await repository.findBySourceUrl('https://example.com/soup'))._unsafeUnwrap()?.id, [a.id, b.id].sort()[0]);
      assert.equal((await repository.findBySourceUrl('https://example.com/stew'))._unsafeUnwrap()?.id, c.id);
      assert.equal((await repository.findBySourceUrl('https://example.com/'))._unsafeUnwrap(), null);
    });

    const filterCases: [string, RecipeListParams][] = [
      ['no filter: active and draft, never archived, newest first', {}],
      ['status archived', { status: 'archived' }],
      ['status draft', { status: 'draft' }],
      ['every listed dietary tag', { dietary_tags: ['vegetarian', 'Vegan'] }],
      ['cuisine, case-insensitive', { cuisine: 'French' }],
      ['meal_type, case-insensitive', { meal_type: 'SNACK' }],
      ['season, case-insensitive', { season: 'AUTUMN', status: 'archived' }],
      ['collection_id', { collection_id: 'baking' }],
      ['max cook time (no cook time excluded, 0 included)', { max_cook_time_minutes: 20 }],
      ['email_ready true', { email_ready: true }],
      ['email_ready false', { email_ready: false }],
      ['filters combine with AND', { dietary_tags: ['vegetarian'], max_cook_time_minutes: 30 }],
      ['q: word prefix in title', { q: 'ban' }],
      ['q: accent-insensitive both ways', { q: 'jalapeno' }],
      ['q: accented query', { q: 'CRÈME' }],
      ['q: every word must match', { q: 'apple jal' }],
      ['q: ingredient names and notes', { q: 'cream freez' }],
      ['q: notes', { q: 'freezes' }],
      ['q: no match', { q: 'xylophone' }],
      ['q: not a prefix of the middle of a word', { q: 'nana' }],
      ['q with a filter', { q: 'pepper', email_ready: true }],
    ];
    for (const [label, params] of filterCases) {
      it(`filters: ${label}`, async () => {
        const repository = await makeRepository();
        const recipes = library();
        await seed(repository, recipes);
        assert.deepEqual(await listAll(repository, params), expected(recipes, params));
      });
    }

    runRecipeSearchContract(makeRepository);

    it('q with no filter ranks title matches first, then by engagement', async () => {
      const repository = await makeRepository();
      const recipes = library();
      await seed(repository, recipes);
      const titles = (await listAll(repository, { q: 'jalapeno' })).map((id) => recipes.find((recipe) => recipe.id === id)?.title);
      assert.deepEqual(titles, ['Jalapeño Poppers', 'Pepper steak', 'apple pie']);
    });

    for (const sort of ['created_at', 'updated_at', 'engagement_score', 'title'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        it(`sorts by ${sort} ${order}, ties broken by id, pages never overlap`, async () => {
          const repository = await makeRepository();
          const recipes = library();
          await seed(repository, recipes);
          const params: RecipeListParams = { sort, order, status: undefined };
          const walked: string[] = [];
          let total = -1;
          for (let page = 1; page <= 4; page += 1) {
            const result = (await repository.list(recipeListQueryFrom(params, { page, perPage: 3 })))._unsafeUnwrap();
            total = result.total;
            walked.push(...ids(result.items));
          }
          assert.deepEqual(walked, expected(recipes, params));
          assert.equal(total, walked.length);
        });
      }
    }

    it('sorts title case- and accent-insensitively', async () => {
      const repository = await makeRepository();
      const recipes = [recipeFixture({ title: 'banana' }), recipeFixture({ title: 'Apple' }), recipeFixture({ title: 'Éclair' }), recipeFixture({ title: 'cake' })];
      await seed(repository, recipes);
      const titles = (await listAll(repository, { sort: 'title' })).map((id) => recipes.find((recipe) => recipe.id === id)?.title);
      assert.deepEqual(titles, ['Apple', 'banana', 'cake', 'Éclair']);
    });

    it('answers a page past the end with no items and the true total', async () => {
      const repository = await makeRepository();
      await seed(repository, library());
      const page = (await repository.list(recipeListQueryFrom({}, { page: 9, perPage: 5 })))._unsafeUnwrap();
      assert.deepEqual([page.items.length, page.total, page.page, page.perPage], [0, 7, 9, 5]);
    });

    it('walks a filtered set by id with listAfter', async () => {
      const repository = await makeRepository();
      const recipes = library();
      await seed(repository, recipes);
      const filter = recipeListQueryFrom({ dietary_tags: ['vegetarian'] }, { page: 1, perPage: 1 }).filter;
      const first = (await repository.listAfter(filter, null, 2))._unsafeUnwrap();
      const rest = (await repository.listAfter(filter, first.at(-1)?.id ?? null, 10))._unsafeUnwrap();
      const want = recipes.filter((recipe) => recipeMatchesFilter(recipe, filter)).map((recipe) => recipe.id).sort();
      assert.deepEqual([...ids(first), ...ids(rest)], want);
    });

    it('writes a batch in one call with one outcome per write', async () => {
      const repository = await makeRepository();
      const existing = recipeFixture({ external_id: 'e1' });
      await seed(repository, [existing]);
      const fresh = recipeFixture({ external_id: 'e2' });
      const outcomes = (
        await repository.saveBatch([
          { kind: 'insert', recipe: fresh },
          { kind: 'update', recipe: { ...existing, title: 'Changed', version: 2 }, expectedVersion: 1 },
          { kind: 'update', recipe: { ...existing, title: 'Stale', version: 2 }, expectedVersion: 1 },
          { kind: 'insert', recipe: recipeFixture({ external_id: 'e2' }) },
        ])
      )._unsafeUnwrap();
      assert.deepEqual(outcomes, ['written', 'written', 'stale', 'duplicate_external_id']);
      assert.equal((await repository.findById(existing.id))._unsafeUnwrap()?.title, 'Changed');
      assert.deepEqual((await repository.findById(fresh.id))._unsafeUnwrap(), fresh);
    });

    it('moves its change mark after every kind of write, and not for reads', async () => {
      const repository = await makeRepository();
      const mark = async () => (await repository.changeMark())._unsafeUnwrap();
      const seen = new Set([await mark()]);
      const recipe = recipeFixture();
      (await repository.insert(recipe))._unsafeUnwrap();
      const afterInsert = await mark();
      await repository.findByIds([recipe.id]);
      await repository.list(recipeListQueryFrom({}, { page: 1, perPage: 5 }));
      assert.equal(await mark(), afterInsert, 'reads move the mark');
      seen.add(afterInsert);
      (await repository.update({ ...recipe, title: 'Changed', version: 2 }, 1))._unsafeUnwrap();
      seen.add(await mark());
      (await repository.saveBatch([{ kind: 'insert', recipe: recipeFixture() }]))._unsafeUnwrap();
      seen.add(await mark());
      assert.equal(seen.size, 4, 'a write left the mark where it was');
    });
  });
}
