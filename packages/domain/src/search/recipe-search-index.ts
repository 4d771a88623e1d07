import type { Recipe } from '../recipe/recipe.js';
import type { RecipeFilter, RecipeListQuery } from '../recipe/recipe-query.js';
import type { RecipePage } from '../recipe/recipe-repository.js';

/**
 * Where recipes are listed, filtered, sorted and searched, apart from the database that keeps them: a listing at
 * 100,000 recipes answers in milliseconds whatever the engine can push down. The database stays the source of
 * truth; the index is built from it, kept current by the writes of its own process and by a change feed of the
 * others' (`recipe-index-sync.ts`). Semantics are those of `recipeMatchesFilter` and `recipeComparator`, as for
 * `RecipeRepository.list` (the same contract suite runs against both).
 */
export interface RecipeSearchIndex {
  /** How many recipes it holds. */
  readonly size: number;
  /**
   * Adds a recipe or replaces the one with its id. A copy with a lower `version` than the one held is ignored, so
   * that a late copy (read by the feed before a newer write of this process) never undoes a newer one.
   */
  put(recipe: Recipe): void;
  /** The recipe held with this id. */
  get(id: string): Recipe | undefined;
  /** Every recipe held, for a snapshot. */
  all(): Recipe[];
  /** Forgets every recipe. */
  clear(): void;
  list(query: RecipeListQuery): RecipePage;
  /** Up to `limit` recipes matching `filter` with an id greater than `afterId`, by id ascending. */
  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): Recipe[];
}
