import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { DuplicateExternalId, StoreUnavailable } from '../shared/errors.js';
import { offsetOf } from '../shared/pagination.js';
import type { Recipe } from '../recipe/recipe.js';
import { hasFuzzySearch, recipeComparator, recipeMatchesFilter, recipeSearchMatch, type RecipeFilter, type RecipeListQuery } from '../recipe/recipe-query.js';
import type { BatchWriteOutcome, RecipePage, RecipeRepository, RecipeWrite, WriteOutcome } from '../recipe/recipe-repository.js';

/**
 * The reference recipe store: the semantics every adapter must reproduce, and a fast store for tests and benches.
 * `unavailable = true` makes every call fail as an unreachable database would.
 */
export class InMemoryRecipeRepository implements RecipeRepository {
  readonly #byId = new Map<string, Recipe>();
  unavailable = false;

  #down(): ResultAsync<never, StoreUnavailable> {
    return errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });
  }

  #externalIdTaken(recipe: Recipe): boolean {
    if (recipe.external_id === null) return false;
    for (const other of this.#byId.values()) if (other.external_id === recipe.external_id && other.id !== recipe.id) return true;
    return false;
  }

  insert(recipe: Recipe): ResultAsync<Recipe, StoreUnavailable | DuplicateExternalId> {
    if (this.unavailable) return this.#down();
    if (this.#externalIdTaken(recipe)) return errAsync({ type: 'DuplicateExternalId', externalId: recipe.external_id ?? '' });
    this.#byId.set(recipe.id, recipe);
    return okAsync(recipe);
  }

  findById(id: string): ResultAsync<Recipe | null, StoreUnavailable> {
    return this.unavailable ? this.#down() : okAsync(this.#byId.get(id) ?? null);
  }

  findByIds(ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    return okAsync(ids.flatMap((id) => this.#byId.get(id) ?? []));
  }

  findByExternalIds(externalIds: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const wanted = new Set(externalIds);
    return okAsync([...this.#byId.values()].filter((recipe) => recipe.external_id !== null && wanted.has(recipe.external_id)));
  }

  update(recipe: Recipe, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable | DuplicateExternalId> {
    if (this.unavailable) return this.#down();
    if (this.#byId.get(recipe.id)?.version !== expectedVersion) return okAsync('stale');
    if (this.#externalIdTaken(recipe)) return errAsync({ type: 'DuplicateExternalId', externalId: recipe.external_id ?? '' });
    this.#byId.set(recipe.id, recipe);
    return okAsync('written');
  }

  list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const matching = [...this.#byId.values()].filter((recipe) => recipeMatchesFilter(recipe, query.filter));
    matching.sort(recipeComparator(query.sort, query.filter));
    const start = offsetOf(query.page);
    const fuzzy = hasFuzzySearch(query.filter) ? matching.filter((recipe) => recipeSearchMatch(recipe, query.filter) === 'fuzzy') : [];
    return okAsync({
      items: matching.slice(start, start + query.page.perPage),
      total: matching.length,
      fuzzyMatches: fuzzy.length,
      page: query.page.page,
      perPage: query.page.perPage,
    });
  }

  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): ResultAsync<Recipe[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const matching = [...this.#byId.values()]
      .filter((recipe) => (afterId === null || recipe.id > afterId) && recipeMatchesFilter(recipe, filter))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    return okAsync(matching.slice(0, limit));
  }

  saveBatch(writes: readonly RecipeWrite[]): ResultAsync<BatchWriteOutcome[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const outcomes = writes.map((write): BatchWriteOutcome => {
      if (this.#externalIdTaken(write.recipe)) return 'duplicate_external_id';
      if (write.kind === 'insert') {
        if (this.#byId.has(write.recipe.id)) return 'duplicate_external_id';
      } else if (this.#byId.get(write.recipe.id)?.version !== write.expectedVersion) {
        return 'stale';
      }
      this.#byId.set(write.recipe.id, write.recipe);
      return 'written';
    });
    return okAsync(outcomes);
  }

  /** Everything stored, for assertions. */
  all(): Recipe[] {
    return [...this.#byId.values()];
  }
}
