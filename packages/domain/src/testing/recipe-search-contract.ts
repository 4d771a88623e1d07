/**
 * Typo-tolerant search, part of the recipe repository contract (run by `runRecipeRepositoryContract`): one typo
 * forgiven in every searched field, exact matches ranked before fuzzy ones, exact totals and stable pages.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Recipe } from '../recipe/recipe.js';
import { recipeListQueryFrom, type RecipeListParams } from '../recipe/recipe-query.js';
import { expected, ids, listAll, seed, type MakeRepository } from './recipe-contract-support.js';
import { ingredient, recipeFixture } from './recipe-fixtures.js';

/** A library for typo-tolerant search: exact and fuzzy matches in every field, with engagement against relevance. */
function spiceLibrary(): Recipe[] {
  return [
    recipeFixture({ title: 'Weeknight Chana Masala', engagement_score: 10 }),
    recipeFixture({ title: 'Masala Chai', engagement_score: 5 }),
    recipeFixture({ title: 'Tikka Traybake', description: 'A garam masala marinade', engagement_score: 50 }),
    recipeFixture({ title: 'Masla Dosa', engagement_score: 60 }),
    recipeFixture({ title: 'Spiced Rice', notes: 'A pinch of masaala at the end', engagement_score: 70 }),
    recipeFixture({ title: 'Plain Rice', ingredients: [ingredient('salsa')], engagement_score: 80 }),
    recipeFixture({ title: 'Jalapeño Poppers', engagement_score: 20 }),
    recipeFixture({ title: 'Masala Omelette', status: 'draft', engagement_score: 1 }),
    recipeFixture({ title: 'Hummus', ingredients: [ingredient('chickpeas', 2, 'cup')], engagement_score: 30 }),
  ];
}

export function runRecipeSearchContract(makeRepository: MakeRepository): void {
    const typoCases: [string, RecipeListParams, string[]][] = [
      ['a typo in the title', { q: 'weeknigth' }, ['Weeknight Chana Masala']],
      ['a typo in the description', { q: 'marinde' }, ['Tikka Traybake']],
      ['a typo in an ingredient name', { q: 'chikpeas' }, ['Hummus']],
      ['a typo in the notes', { q: 'pinhc' }, ['Spiced Rice']],
      ['an accent and a typo: jalapneo finds Jalapeño', { q: 'jalapneo' }, ['Jalapeño Poppers']],
      ['a swap in a five-letter word', { q: 'tikak' }, ['Tikka Traybake']],
      ['no typo forgiven in a word under five letters', { q: 'chia' }, []],
      ['every word must match, one of them within a typo', { q: 'chana masla' }, ['Weeknight Chana Masala']],
      ['two typos are not one', { q: 'msaalaa' }, []],
    ];
    for (const [label, params, titles] of typoCases) {
      it(`search forgives one typo: ${label}`, async () => {
        const repository = await makeRepository();
        const recipes = spiceLibrary();
        await seed(repository, recipes);
        const found = await listAll(repository, params);
        assert.deepEqual(found.map((id) => recipes.find((recipe) => recipe.id === id)?.title), titles);
        assert.deepEqual(found, expected(recipes, params));
      });
    }

    it('ranks exact matches (title, then other) before fuzzy ones (title, then other), each by engagement', async () => {
      const repository = await makeRepository();
      const recipes = spiceLibrary();
      await seed(repository, recipes);
      const page = (await repository.list(recipeListQueryFrom({ q: 'masala' }, { page: 1, perPage: 20 })))._unsafeUnwrap();
      const titles = page.items.map((recipe) => recipe.title);
      assert.deepEqual(titles, ['Weeknight Chana Masala', 'Masala Chai', 'Masala Omelette', 'Tikka Traybake', 'Masla Dosa', 'Spiced Rice']);
      assert.deepEqual([page.total, page.fuzzyMatches], [6, 2]);
      assert.deepEqual(ids(page.items), expected(recipes, { q: 'masala' }));
    });

    it('says how many matches are fuzzy, and none without a typo match or a query', async () => {
      const repository = await makeRepository();
      await seed(repository, spiceLibrary());
      const fuzzyOf = async (params: RecipeListParams) =>
        (await repository.list(recipeListQueryFrom(params, { page: 1, perPage: 2 })))._unsafeUnwrap().fuzzyMatches;
      assert.deepEqual([await fuzzyOf({ q: 'masala', sort: 'title' }), await fuzzyOf({ q: 'chai' }), await fuzzyOf({})], [2, 0, 0]);
    });

    it('with a sort given, orders exact and fuzzy matches alike by that sort', async () => {
      const repository = await makeRepository();
      const recipes = spiceLibrary();
      await seed(repository, recipes);
      const params: RecipeListParams = { q: 'masala', sort: 'engagement_score' };
      const titles = (await listAll(repository, params)).map((id) => recipes.find((recipe) => recipe.id === id)?.title);
      assert.deepEqual(titles, ['Spiced Rice', 'Masla Dosa', 'Tikka Traybake', 'Weeknight Chana Masala', 'Masala Chai', 'Masala Omelette']);
    });

    for (const params of [{ q: 'masala' }, { q: 'masala', sort: 'title' as const, order: 'desc' as const }, { q: 'masala', status: 'active' as const }]) {
      it(`pages through exact and fuzzy matches without overlap or gap: ${JSON.stringify(params)}`, async () => {
        const repository = await makeRepository();
        const recipes = spiceLibrary();
        await seed(repository, recipes);
        const walked: string[] = [];
        const totals = new Set<string>();
        for (let page = 1; page <= 4; page += 1) {
          const result = (await repository.list(recipeListQueryFrom(params, { page, perPage: 2 })))._unsafeUnwrap();
          totals.add(`${result.total}/${result.fuzzyMatches}`);
          walked.push(...ids(result.items));
        }
        assert.deepEqual(walked, expected(recipes, params));
        assert.deepEqual([...totals], [`${walked.length}/2`]);
      });
    }
}
