/** What the recipe repository contract suites share: seeding, listing, and the reference answer. */
import assert from 'node:assert/strict';
import type { Recipe } from '../recipe/recipe.js';
import { recipeComparator, recipeListQueryFrom, recipeMatchesFilter, type RecipeListParams } from '../recipe/recipe-query.js';
import type { RecipeRepository } from '../recipe/recipe-repository.js';

export type MakeRepository = () => RecipeRepository | Promise<RecipeRepository>;

export const ids = (recipes: readonly Recipe[]) => recipes.map((recipe) => recipe.id);

export async function seed(repository: RecipeRepository, recipes: readonly Recipe[]): Promise<void> {
  const outcomes = (await repository.saveBatch(recipes.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
  assert.ok(outcomes.every((outcome) => outcome === 'written'));
}

export async function listAll(repository: RecipeRepository, params: RecipeListParams, perPage = 100): Promise<string[]> {
  const page = (await repository.list(recipeListQueryFrom(params, { page: 1, perPage })))._unsafeUnwrap();
  return ids(page.items);
}

/** What the reference semantics say `params` must return from `recipes`. */
export function expected(recipes: readonly Recipe[], params: RecipeListParams): string[] {
  const query = recipeListQueryFrom(params, { page: 1, perPage: 100 });
  return ids(recipes.filter((recipe) => recipeMatchesFilter(recipe, query.filter)).sort(recipeComparator(query.sort, query.filter)));
}

