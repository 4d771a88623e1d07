/**
 * The listing shapes that are answered from columns and walks of kept orders rather than from each recipe: a cook
 * time range at its boundaries, e-mail readiness and collection, totals of a listing by status (and readiness for
 * e-mail, or a maximum cook time) alone as recipes change, a listing every recipe matches, a one-word search ranked
 * from one relevance group, deep pages and pages past the end in every sort, typo searches, and the searches and
 * facet listings (with a maximum cook time too) answered from sets of bits as recipes join and leave the postings
 * they read or change their cook time, each against a scan
 * of the same recipes (`recipeMatchesFilter`, sorted by `recipeComparator`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Recipe } from '../../src/recipe/recipe.js';
import { recipeComparator, recipeListQueryFrom, recipeMatchesFilter, recipeSearchMatch, type RecipeListParams } from '../../src/recipe/recipe-query.js';
import { RecipeIndex } from '../../src/search/recipe-index.js';
import { ingredient, recipeFixture } from '../../src/testing/index.js';

const WORDS = ['chickpea', 'harissa', 'tomatoes', 'lentil', 'salad'];
const COOK_TIMES = [null, 0, 29, 30, 31, 90];

/** A library of `size` recipes with repeated engagement, times and titles, so that orders tie and ids decide. */
function library(size: number): Recipe[] {
  return Array.from({ length: size }, (_, at) => {
    const stamp = new Date(Date.UTC(2026, 0, 1, 0, at % 7));
    return recipeFixture({
      title: `${WORDS[at % WORDS.length] as string} ${at % 3 === 0 ? 'stew' : 'bowl'}`,
      ingredients: [ingredient(WORDS[(at * 3) % WORDS.length] as string)],
      cook_time_minutes: COOK_TIMES[at % COOK_TIMES.length] as number | null,
      engagement_score: (at * 7) % 5,
      email_ready: at % 4 === 0,
      collection_id: at % 5 === 0 ? 'c1' : null,
      status: at % 9 === 0 ? 'draft' : 'active',
      created_at: stamp,
      updated_at: new Date(stamp.getTime() + ((at * 13) % 11) * 60_000),
    });
  });
}

function indexOf(recipes: readonly Recipe[]): RecipeIndex {
  const index = new RecipeIndex();
  for (const recipe of recipes) index.put(recipe);
  return index;
}

/** Each library's scans, by query: one scan serves every page asked of it. */
const scans = new WeakMap<readonly Recipe[], Map<string, Recipe[]>>();

/** Changes recipe `at` of a library and its index (a new version), and forgets the library's scans. */
function change(recipes: Recipe[], index: RecipeIndex, at: number, changes: Partial<Pick<Recipe, 'status' | 'email_ready' | 'cook_time_minutes'>>): void {
  const recipe = { ...(recipes[at] as Recipe), ...changes, version: (recipes[at] as Recipe).version + 1 };
  recipes[at] = recipe;
  index.put(recipe);
  scans.delete(recipes);
}

/** The page and total of a scan, and of the index. */
function bothPages(index: RecipeIndex, recipes: readonly Recipe[], params: RecipeListParams, page: number, perPage = 20) {
  const query = recipeListQueryFrom(params, { page, perPage });
  const known = scans.get(recipes) ?? new Map<string, Recipe[]>();
  scans.set(recipes, known);
  const key = JSON.stringify(params);
  const matching = known.get(key) ?? recipes.filter((recipe) => recipeMatchesFilter(recipe, query.filter)).sort(recipeComparator(query.sort, query.filter));
  known.set(key, matching);
  const offset = (page - 1) * perPage;
  const listed = index.list(query.filter, query.sort, offset, perPage);
  const fuzzy = query.filter.searchKeys.length === 0 ? 0 : matching.filter((recipe) => recipeSearchMatch(recipe, query.filter) === 'fuzzy').length;
  return {
    indexed: { ids: listed.items.map((recipe) => recipe.id), total: listed.total, fuzzy: listed.fuzzyMatches },
    scanned: { ids: matching.slice(offset, offset + perPage).map((recipe) => recipe.id), total: matching.length, fuzzy },
  };
}

function same(pages: ReturnType<typeof bothPages>, message: string): void {
  assert.deepEqual(pages.indexed, pages.scanned, message);
}

/** Large and small facet postings (a third Thai, every 23rd in collection c2), tags in several combinations. */
const facets = (recipe: Recipe, at: number): Recipe => ({
  ...recipe,
  cuisine: ['Thai', 'Italian', null][at % 3] ?? null,
  meal_type: at % 2 === 0 ? 'Dinner' : 'Lunch',
  season: at % 4 === 0 ? 'Winter' : null,
  collection_id: at % 23 === 0 ? 'c2' : recipe.collection_id,
  dietary_tags: at % 3 === 0 ? ['vegan'] : at % 5 === 0 ? ['vegan', 'quick'] : at % 7 === 0 ? ['quick'] : [],
});

const RECIPES = library(240);
const INDEX = indexOf(RECIPES);

describe('RecipeIndex: pages from columns and kept orders', () => {
  it('filters by a maximum cook time at its boundaries, leaving out recipes without one', () => {
    for (const max of [0, 29, 30, 31, 89, 120]) {
      const { indexed, scanned } = bothPages(INDEX, RECIPES, { max_cook_time_minutes: max }, 1, 100);
      assert.ok(indexed.total > 0 || max < 0);
      same({ indexed, scanned }, `max ${max}`);
    }
    const listed = INDEX.list(recipeListQueryFrom({ max_cook_time_minutes: 30 }, { page: 1, perPage: 100 }).filter, { key: 'created_at', order: 'desc' }, 0, 100);
    const times = new Set(listed.items.map((recipe) => recipe.cook_time_minutes));
    assert.deepEqual([...times].sort((a, b) => (a ?? -1) - (b ?? -1)), [0, 29, 30]);
  });

  it('combines the cook time, e-mail readiness and collection with tags, text and every sort', () => {
    const shapes: RecipeListParams[] = [
      { max_cook_time_minutes: 30, email_ready: true },
      { max_cook_time_minutes: 29, collection_id: 'c1', sort: 'engagement_score' },
      { email_ready: false, sort: 'updated_at', order: 'asc' },
      { q: 'lentil', max_cook_time_minutes: 30 },
      { q: 'salad', email_ready: true, sort: 'title', order: 'desc' },
    ];
    for (const params of shapes) for (const page of [1, 2, 3]) same(bothPages(INDEX, RECIPES, params, page, 10), JSON.stringify({ params, page }));
  });

  it('pages deep in every sort and order, and past the end with the total kept', () => {
    const sorts: RecipeListParams[] = [
      {},
      { sort: 'created_at', order: 'asc' },
      { sort: 'updated_at' },
      { sort: 'updated_at', order: 'asc' },
      { sort: 'engagement_score' },
      { sort: 'engagement_score', order: 'asc' },
      { sort: 'title' },
      { sort: 'title', order: 'desc' },
      { status: 'draft', sort: 'engagement_score' },
    ];
    for (const params of sorts) {
      for (const page of [1, 5, 11, 12, 13, 40]) same(bothPages(INDEX, RECIPES, params, page), JSON.stringify({ params, page }));
    }
  });

  it('ranks typo searches and many-match searches by relevance as a scan does, on every page', () => {
    for (const q of ['chikpea', 'harisa', 'tomatos', 'lentl salad', 's', 'c']) {
      for (const page of [1, 3, 7, 30]) same(bothPages(INDEX, RECIPES, { q }, page, 10), JSON.stringify({ q, page }));
    }
  });

  it('ranks a one-word search from its first relevance group as a scan does, whichever group that is, and not when a condition or a status leaves recipes out', () => {
    // Every title has "platter" (a large posting), a quarter "saffron" too (a small one); bread and bream are in the
    // ingredients only. So `saffron` and `platter` fill a page from group 0, `bread` from group 1, `safron` and
    // `plattter` from group 2 (a small and a large title posting of a typo), `breax` (bread and bream) from group 3.
    const recipes = library(120).map((recipe, at): Recipe => ({
      ...recipe,
      title: at % 4 === 0 ? `saffron platter ${at}` : `platter ${at}`,
      ingredients: [ingredient(['saffron', 'bread', 'bream'][at % 3] as string)],
      cuisine: at % 2 === 0 ? 'Thai' : null,
      status: 'active',
    }));
    const index = indexOf(recipes);
    const pages = (label: string): void => {
      for (const q of ['saffron', 'platter', 'bread', 'safron', 'plattter', 'breax']) {
        for (const params of [{ q }, { q, cuisine: 'Thai' }, { q, status: 'active' as const }]) {
          for (const page of [1, 2, 4]) same(bothPages(index, recipes, params, page, 10), JSON.stringify({ label, params, page }));
        }
      }
    };
    pages('every recipe active');
    for (const at of [3, 40]) change(recipes, index, at, { status: 'archived' });
    pages('two archived');
  });

  it('counts a listing by status alone as recipes are archived, restored and made drafts', () => {
    const recipes = library(60);
    const index = indexOf(recipes);
    change(recipes, index, 1, { status: 'archived' });
    change(recipes, index, 2, { status: 'draft' });
    change(recipes, index, 3, { status: 'archived' });
    change(recipes, index, 3, { status: 'active' });
    change(recipes, index, 9, { status: 'archived' });
    for (const params of [{}, { status: 'draft' as const }, { status: 'archived' as const }, { status: 'active' as const }]) {
      for (const page of [1, 3, 4]) same(bothPages(index, recipes, params, page), JSON.stringify({ params, page }));
    }
  });

  it('counts a listing by readiness for e-mail, with or without a status, as recipes become ready or not and change status', () => {
    const recipes = library(60);
    const index = indexOf(recipes);
    change(recipes, index, 0, { email_ready: false });
    change(recipes, index, 1, { email_ready: true });
    change(recipes, index, 4, { status: 'archived' });
    change(recipes, index, 5, { status: 'archived', email_ready: true });
    change(recipes, index, 8, { status: 'draft', email_ready: false });
    change(recipes, index, 12, { status: 'draft' });
    change(recipes, index, 5, { status: 'active' });
    const shapes: RecipeListParams[] = [
      { email_ready: true },
      { email_ready: false },
      { email_ready: true, status: 'archived' },
      { email_ready: false, status: 'archived' },
      { email_ready: true, status: 'draft', sort: 'engagement_score' },
      { email_ready: false, status: 'active', sort: 'title' },
    ];
    for (const params of shapes) for (const page of [1, 2, 3]) same(bothPages(index, recipes, params, page, 10), JSON.stringify({ params, page }));
  });

  it('counts a listing by a maximum cook time, with or without a status, as recipes change their cook time and status', () => {
    const recipes = library(60);
    const index = indexOf(recipes);
    change(recipes, index, 0, { cook_time_minutes: 30 });
    change(recipes, index, 1, { cook_time_minutes: null });
    change(recipes, index, 2, { cook_time_minutes: 31, status: 'archived' });
    change(recipes, index, 3, { status: 'draft' });
    change(recipes, index, 4, { cook_time_minutes: 29 });
    change(recipes, index, 4, { cook_time_minutes: 45 });
    // The last recipe with a cook time of 90 loses it: that time is counted no more.
    for (const [at, recipe] of recipes.entries()) if (recipe.cook_time_minutes === 90) change(recipes, index, at, { cook_time_minutes: 5 });
    const shapes: RecipeListParams[] = [
      { max_cook_time_minutes: 30 },
      { max_cook_time_minutes: 0 },
      { max_cook_time_minutes: 90 },
      { max_cook_time_minutes: 31, status: 'archived' },
      { max_cook_time_minutes: 30, status: 'draft', sort: 'title', order: 'asc' },
      { max_cook_time_minutes: 45, sort: 'engagement_score', order: 'asc' },
    ];
    for (const params of shapes) for (const page of [1, 2, 3]) same(bothPages(index, recipes, params, page, 10), JSON.stringify({ params, page }));
  });

  it('counts a listing by a maximum cook time by its recipes when they have more distinct cook times than it adds up', () => {
    const recipes = library(4200).map((recipe, at): Recipe => ({ ...recipe, cook_time_minutes: at % 9 === 0 ? null : at }));
    const index = indexOf(recipes);
    for (const params of [{ max_cook_time_minutes: 2500 }, { max_cook_time_minutes: 100, sort: 'title' as const }, { max_cook_time_minutes: 4199, status: 'draft' as const }]) {
      for (const page of [1, 40]) same(bothPages(index, recipes, params, page), JSON.stringify({ params, page }));
    }
  });

  it('pages a listing that every recipe matches, and the same listing once one recipe no longer matches', () => {
    const recipes = library(50).map((recipe, at): Recipe => ({ ...recipe, status: 'active', cook_time_minutes: 10 + at }));
    const index = indexOf(recipes);
    const pages = (label: string): void => {
      const shapes: RecipeListParams[] = [{}, { sort: 'title', order: 'desc' }, { sort: 'engagement_score' }, { max_cook_time_minutes: 1000 }, { max_cook_time_minutes: 30, sort: 'title' }];
      for (const params of shapes) {
        for (const page of [1, 2, 5, 6]) same(bothPages(index, recipes, params, page, 10), JSON.stringify({ label, params, page }));
      }
    };
    pages('all active');
    change(recipes, index, 7, { status: 'archived' });
    pages('one archived');
  });

  it('answers a text search that nothing but a facet narrows from sets of bits as a scan does, in every group, sort and page, as recipes join and leave the postings it read', () => {
    // 300 recipes, a library of large postings (a fifth of them each word); "saffron" in a few titles and "bream" in
    // a few ingredients, so that some sets are too small for a walk; some drafts (the default statuses hold them all).
    const recipes = library(300).map((recipe, at): Recipe => ({
      ...recipe,
      title: at % 37 === 0 ? `saffron ${recipe.title}` : recipe.title,
      ingredients: at % 29 === 0 ? [...recipe.ingredients, ingredient('bream')] : recipe.ingredients,
    }));
    const index = indexOf(recipes);
    // A typo on a later word too ('salad lentl', 'stew brem'): its postings united before the intersection.
    const queries = ['lentl salad', 'salad lentil', 'salad lentl', 'chickpea stew', 'tomatos bowl', 'harisa', 'saffron', 'safron bowl', 'bream', 'breem stew', 'stew brem', 's', 'c'];
    const sorts: RecipeListParams[] = [{}, { sort: 'title' }, { sort: 'created_at', order: 'asc' }, { sort: 'engagement_score' }];
    // With a facet too (a collection of a fifth of the library; a cuisine no recipe has), which the bits narrow.
    const facets: RecipeListParams[] = [{}, { collection_id: 'c1' }, { cuisine: 'Nowhere' }];
    const pages = (label: string): void => {
      for (const q of queries) {
        for (const [sort, facet] of sorts.flatMap((sort) => facets.map((facet) => [sort, facet] as const))) {
          for (const page of [1, 3, 9]) same(bothPages(index, recipes, { q, ...sort, ...facet }, page, 10), JSON.stringify({ label, q, sort, facet, page }));
        }
      }
    };
    pages('as made');
    // 140 more (slots past the words of bits the first queries made for their postings), and 40 recipes' titles and
    // ingredients changed to other words (their slots leave those postings).
    for (const recipe of library(440).slice(300)) {
      recipes.push(recipe);
      index.put(recipe);
    }
    for (let at = 0; at < 40; at += 1) {
      const recipe = recipes[at * 7] as Recipe;
      const changed = { ...recipe, title: `bream ${WORDS[(at + 2) % WORDS.length] as string}`, ingredients: [ingredient('saffron')], version: recipe.version + 1 };
      recipes[at * 7] = changed;
      index.put(changed);
    }
    scans.delete(recipes);
    pages('grown and changed');
  });

  it('lists by facets alone from sets of bits as a scan does, in every sort and page, as recipes change their facets and join', () => {
    const recipes = library(300).map(facets);
    const index = indexOf(recipes);
    const filters: RecipeListParams[] = [
      { cuisine: 'Thai' },
      { cuisine: 'Thai', meal_type: 'Dinner' },
      { season: 'Winter', meal_type: 'Dinner' },
      { dietary_tags: ['vegan'] },
      { dietary_tags: ['vegan', 'quick'] },
      { collection_id: 'c2' },
      { collection_id: 'c2', cuisine: 'Italian', meal_type: 'Lunch' },
      { collection_id: 'c1', dietary_tags: ['quick'] },
      { cuisine: 'Nowhere' },
      // Conditions the facets' bits do not answer: a status some recipes lack, readiness for e-mail.
      { cuisine: 'Thai', status: 'draft' },
      { dietary_tags: ['vegan'], email_ready: true },
    ];
    const sorts: RecipeListParams[] = [{}, { sort: 'title' }, { sort: 'created_at', order: 'asc' }, { sort: 'engagement_score', order: 'asc' }, { sort: 'updated_at' }];
    const pages = (label: string): void => {
      for (const filter of filters) {
        for (const sort of sorts) {
          for (const page of [1, 2, 6]) same(bothPages(index, recipes, { ...filter, ...sort }, page, 10), JSON.stringify({ label, filter, sort, page }));
        }
      }
    };
    pages('as made');
    for (const recipe of library(420).slice(300).map((made, at) => facets(made, at + 300))) {
      recipes.push(recipe);
      index.put(recipe);
    }
    for (let at = 0; at < 60; at += 1) {
      const recipe = recipes[at * 5] as Recipe;
      const changed = { ...facets(recipe, at * 5 + 1), version: recipe.version + 1 };
      recipes[at * 5] = changed;
      index.put(changed);
    }
    scans.delete(recipes);
    pages('joined and changed');
    // Some archived: the default statuses (active and draft) then leave recipes out, which the bits do not answer.
    for (let at = 0; at < 10; at += 1) change(recipes, index, at * 31, { status: 'archived' });
    pages('some archived');
  });

  it('lists by facets and a maximum cook time from sets of bits as a scan does, as recipes change their cook time and join, with more maxima asked for than it keeps', () => {
    const recipes = library(300).map(facets);
    const index = indexOf(recipes);
    // Ten maxima (more than the index keeps sets of), at and around the library's cook times (0, 29, 30, 31, 90, none).
    const maxima = [30, 0, 29, 31, 89, 90, 120, 5, 45, 60];
    const filters: RecipeListParams[] = [{ cuisine: 'Thai' }, { dietary_tags: ['vegan'] }, { cuisine: 'Italian', meal_type: 'Lunch' }];
    const sorts: RecipeListParams[] = [{}, { sort: 'title', order: 'asc' }];
    // Each round asks for the maxima in the other direction, so that the sets the last round kept are asked for first.
    let round = 0;
    const pages = (label: string): void => {
      for (const max_cook_time_minutes of round++ % 2 === 0 ? maxima : maxima.toReversed()) {
        for (const filter of filters) {
          for (const sort of sorts) {
            for (const page of [1, 3]) same(bothPages(index, recipes, { ...filter, max_cook_time_minutes, ...sort }, page, 10), JSON.stringify({ label, filter, max_cook_time_minutes, sort, page }));
          }
        }
      }
    };
    pages('as made');
    // Cook times changed across every maximum's line, to none and back, while the sets are kept.
    for (let at = 0; at < 60; at += 1) change(recipes, index, at * 5, { cook_time_minutes: [31, null, 30, 0, 89, 121][at % 6] ?? null });
    pages('cook times changed');
    // 900 more: past the slots the columns (and the kept sets) were made for.
    for (const recipe of library(1200).slice(300).map((made, at) => facets(made, at + 300))) {
      recipes.push(recipe);
      index.put(recipe);
    }
    scans.delete(recipes);
    pages('joined');
    for (let at = 0; at < 80; at += 1) change(recipes, index, 1199 - at * 7, { cook_time_minutes: [0, 29, null, 90][at % 4] ?? null });
    pages('joined, then changed');
  });
});
