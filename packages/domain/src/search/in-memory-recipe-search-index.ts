import type { Recipe } from '../recipe/recipe.js';
import type { RecipeFilter, RecipeListQuery } from '../recipe/recipe-query.js';
import type { RecipePage } from '../recipe/recipe-repository.js';
import { offsetOf } from '../shared/pagination.js';
import { RecipeIndex } from './recipe-index.js';
import type { RecipeSearchIndex } from './recipe-search-index.js';

/** The default `RecipeSearchIndex`: this process's memory, with the inverted indexes of `recipe-index.ts`. */
export class InMemoryRecipeSearchIndex implements RecipeSearchIndex {
  #index = new RecipeIndex();

  get size(): number {
    return this.#index.size;
  }

  put(recipe: Recipe): void {
    const held = this.#index.get(recipe.id);
    if (held !== undefined && held.version > recipe.version) return;
    this.#index.put(recipe);
  }

  get(id: string): Recipe | undefined {
    return this.#index.get(id);
  }

  all(): Recipe[] {
    return this.#index.all();
  }

  clear(): void {
    this.#index = new RecipeIndex();
  }

  list(query: RecipeListQuery): RecipePage {
    const page = this.#index.list(query.filter, query.sort, offsetOf(query.page), query.page.perPage);
    return { ...page, page: query.page.page, perPage: query.page.perPage };
  }

  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): Recipe[] {
    return this.#index.listAfter(filter, afterId, limit);
  }

  /** Sizes of the indexes (keys, posting entries, approximate bytes), for the benches. */
  stats(): ReturnType<RecipeIndex['stats']> {
    return this.#index.stats();
  }
}
