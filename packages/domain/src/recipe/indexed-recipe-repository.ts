import { okAsync, type ResultAsync } from 'neverthrow';
import type { DuplicateExternalId, StoreUnavailable } from '../shared/errors.js';
import { ListingSource } from '../search/listing-source.js';
import type { RecipeSearchIndex } from '../search/recipe-search-index.js';
import type { Recipe } from './recipe.js';
import type { RecipeFilter, RecipeListQuery } from './recipe-query.js';
import type { BatchWriteOutcome, RecipePage, RecipeRepository, RecipeWrite, WriteOutcome } from './recipe-repository.js';

/**
 * A recipe store whose listings and searches come from a `RecipeSearchIndex`, and everything else from the store:
 * reads by id and external id (the database's word, never a copy that may lag), every write, the change mark. A
 * write that succeeds is put into the index at once, so this process lists what it has just written; writes of
 * other processes arrive through the change feed (`recipe-index-sync.ts`). Until the index is built (`markReady`),
 * listings go to the store, slow but right.
 */
export class IndexedRecipeRepository implements RecipeRepository {
  readonly #store: RecipeRepository;
  readonly #index: RecipeSearchIndex;
  readonly #listings: ListingSource;
  /** The change mark the change feed last applied the index up to (`sawMark`); none until it has. */
  #appliedMark: string | null = null;

  constructor(store: RecipeRepository, index: RecipeSearchIndex) {
    this.#store = store;
    this.#index = index;
    this.#listings = new ListingSource(() => index.clear());
  }

  get index(): RecipeSearchIndex {
    return this.#index;
  }

  /** Whether listings come from the index (it holds every stored recipe). */
  get ready(): boolean {
    return this.#listings.ready;
  }

  markReady(): void {
    this.#listings.markReady();
  }

  /** A change mark the change feed has applied the index up to (see `ListingSource.sawMark`). */
  sawMark(mark: string): void {
    this.#listings.sawMark(mark);
    this.#appliedMark = mark;
  }

  /** Empties the index and lists from the store until it is built again (the database was replaced under it). */
  reset(): void {
    this.#appliedMark = null;
    this.#listings.reset();
  }

  insert(recipe: Recipe): ResultAsync<Recipe, StoreUnavailable | DuplicateExternalId> {
    return this.#store.insert(recipe).map((stored) => {
      this.#index.put(stored);
      return stored;
    });
  }

  update(recipe: Recipe, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable | DuplicateExternalId> {
    return this.#store.update(recipe, expectedVersion).map((outcome) => {
      if (outcome === 'written') this.#index.put(recipe);
      return outcome;
    });
  }

  saveBatch(writes: readonly RecipeWrite[]): ResultAsync<BatchWriteOutcome[], StoreUnavailable> {
    return this.#store.saveBatch(writes).map((outcomes) => {
      outcomes.forEach((outcome, at) => {
        const write = writes[at];
        if (outcome === 'written' && write !== undefined) this.#index.put(write.recipe);
      });
      return outcomes;
    });
  }

  findById(id: string): ResultAsync<Recipe | null, StoreUnavailable> {
    return this.#store.findById(id);
  }

  findByIds(ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    return this.#store.findByIds(ids);
  }

  /**
   * The recipes as listings see them: from the index once it is built (current within a poll of the change feed,
   * after one read of the change mark), else from the store. For what a list shows beside each of its items (a page of
   * products' generated covers takes photos from up to 240 recipes: on FerretDB one query each), never for a read of
   * one recipe, which the database answers.
   */
  findByIdsListed(ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    return this.#listings.list(
      () => this.#store.changeMark(),
      () => ids.flatMap((id) => this.#index.get(id) ?? []),
      () => this.#store.findByIds(ids),
    );
  }

  /**
   * The recipes as the database held them at change mark `mark` (read by the caller just before), or later: from the
   * index when it is built and the change feed has applied it up to exactly that mark (every write counted in the
   * mark is in it: a writer moves the mark after its documents, the feed reads the documents after the mark), else
   * from the store. An id the index lacks is asked of the store. A mark the feed has not reached (a write since its
   * last poll), or passed (a poll that ended after the mark was read, or a replaced database whose count went back),
   * goes to the store: only the exact mark is proof. For many recipes read at once (a document's 500: one store
   * query each on FerretDB, against the readers' reads), never for a read of one recipe.
   */
  findByIdsAsOf(ids: readonly string[], mark: string): ResultAsync<Recipe[], StoreUnavailable> {
    if (!this.ready || this.#appliedMark !== mark) return this.#store.findByIds(ids);
    const found: Recipe[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const recipe = this.#index.get(id);
      if (recipe === undefined) missing.push(id);
      else found.push(recipe);
    }
    return missing.length === 0 ? okAsync(found) : this.#store.findByIds(missing).map((more) => found.concat(more));
  }

  findByExternalIds(externalIds: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    return this.#store.findByExternalIds(externalIds);
  }

  findBySourceUrl(sourceUrl: string): ResultAsync<Recipe | null, StoreUnavailable> {
    return this.#store.findBySourceUrl(sourceUrl);
  }

  changeMark(): ResultAsync<string, StoreUnavailable> {
    return this.#store.changeMark();
  }

  /** From the index once it is built, after reading the change mark (see `ListingSource.list`). */
  list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable> {
    return this.#listings.list(() => this.#store.changeMark(), () => this.#index.list(query), () => this.#store.list(query));
  }

  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): ResultAsync<Recipe[], StoreUnavailable> {
    return this.#listings.list(() => this.#store.changeMark(), () => this.#index.listAfter(filter, afterId, limit), () => this.#store.listAfter(filter, afterId, limit));
  }
}
