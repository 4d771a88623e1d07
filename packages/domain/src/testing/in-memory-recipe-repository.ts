import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { DuplicateExternalId, StoreUnavailable } from '../shared/errors.js';
import { offsetOf } from '../shared/pagination.js';
import type { Recipe } from '../recipe/recipe.js';
import type { RecipeFilter, RecipeListQuery } from '../recipe/recipe-query.js';
import type { BatchWriteOutcome, RecipePage, RecipeRepository, RecipeWrite, WriteOutcome } from '../recipe/recipe-repository.js';
import { RecipeIndex } from '../search/recipe-index.js';

/**
 * The reference recipe store: the semantics every adapter must reproduce, and a fast store for tests, benches and
 * services that embed the domain. Searches, filters and sorts go through indexes kept current on every write
 * (`recipe-index.ts`), with the answers of `recipeMatchesFilter` and `recipeComparator` (a property test compares
 * them with a scan). `unavailable = true` makes every call fail as an unreachable database would.
 */
export class InMemoryRecipeRepository implements RecipeRepository {
  readonly #index = new RecipeIndex();
  #writes = 0;
  unavailable = false;

  #down(): ResultAsync<never, StoreUnavailable> {
    return errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });
  }

  #externalIdTaken(recipe: Recipe): boolean {
    if (recipe.external_id === null) return false;
    const owner = this.#index.externalIdOwner(recipe.external_id);
    return owner !== undefined && owner !== recipe.id;
  }

  insert(recipe: Recipe): ResultAsync<Recipe, StoreUnavailable | DuplicateExternalId> {
    if (this.unavailable) return this.#down();
    if (this.#externalIdTaken(recipe)) return errAsync({ type: 'DuplicateExternalId', externalId: recipe.external_id ?? '' });
    this.#index.put(recipe);
    this.#writes += 1;
    return okAsync(recipe);
  }

  changeMark(): ResultAsync<string, StoreUnavailable> {
    return this.unavailable ? this.#down() : okAsync(String(this.#writes));
  }

  findById(id: string): ResultAsync<Recipe | null, StoreUnavailable> {
    return this.unavailable ? this.#down() : okAsync(this.#index.get(id) ?? null);
  }

  findByIds(ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    return okAsync(ids.flatMap((id) => this.#index.get(id) ?? []));
  }

  findByExternalIds(externalIds: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    return okAsync(this.#index.byExternalIds(externalIds));
  }

  findBySourceUrl(sourceUrl: string): ResultAsync<Recipe | null, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const found = this.#index.all().filter((recipe) => recipe.source_url === sourceUrl).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return okAsync(found[0] ?? null);
  }

  update(recipe: Recipe, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable | DuplicateExternalId> {
    if (this.unavailable) return this.#down();
    if (this.#index.get(recipe.id)?.version !== expectedVersion) return okAsync('stale');
    if (this.#externalIdTaken(recipe)) return errAsync({ type: 'DuplicateExternalId', externalId: recipe.external_id ?? '' });
    this.#index.put(recipe);
    this.#writes += 1;
    return okAsync('written');
  }

  list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const page = this.#index.list(query.filter, query.sort, offsetOf(query.page), query.page.perPage);
    return okAsync({ ...page, page: query.page.page, perPage: query.page.perPage });
  }

  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): ResultAsync<Recipe[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    return okAsync(this.#index.listAfter(filter, afterId, limit));
  }

  saveBatch(writes: readonly RecipeWrite[]): ResultAsync<BatchWriteOutcome[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const outcomes = writes.map((write): BatchWriteOutcome => {
      if (this.#externalIdTaken(write.recipe)) return 'duplicate_external_id';
      if (write.kind === 'insert') {
        if (this.#index.has(write.recipe.id)) return 'duplicate_external_id';
      } else if (this.#index.get(write.recipe.id)?.version !== write.expectedVersion) {
        return 'stale';
      }
      this.#index.put(write.recipe);
      this.#writes += 1;
      return 'written';
    });
    return okAsync(outcomes);
  }

  /** Everything stored, for assertions. */
  all(): Recipe[] {
    return this.#index.all();
  }

  /** Sizes of the indexes (keys, posting entries, approximate bytes), for the benches. */
  indexStats(): ReturnType<RecipeIndex['stats']> {
    return this.#index.stats();
  }
}
