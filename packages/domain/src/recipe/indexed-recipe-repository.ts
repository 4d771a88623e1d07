import { okAsync, type ResultAsync } from 'neverthrow';
import type { DuplicateExternalId, StoreUnavailable } from '../shared/errors.js';
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
  #ready = false;
  /** The highest change mark a listing has read since the index was (re)built: a lower one means another database. */
  #highestMark = Number.NEGATIVE_INFINITY;

  constructor(store: RecipeRepository, index: RecipeSearchIndex) {
    this.#store = store;
    this.#index = index;
  }

  get index(): RecipeSearchIndex {
    return this.#index;
  }

  /** Whether listings come from the index (it holds every stored recipe). */
  get ready(): boolean {
    return this.#ready;
  }

  markReady(): void {
    this.#ready = true;
  }

  /**
   * A change mark the change feed has applied the index up to: a listing that later reads a lower one is on another
   * database, even when no listing read this one (the feed put another writer's recipe in, then the database was
   * replaced before any listing ran).
   */
  sawMark(mark: string): void {
    const seen = Number(mark);
    if (this.#ready && Number.isFinite(seen)) this.#highestMark = Math.max(this.#highestMark, seen);
  }

  /** Empties the index and lists from the store until it is built again (the database was replaced under it). */
  reset(): void {
    this.#ready = false;
    this.#highestMark = Number.NEGATIVE_INFINITY;
    this.#index.clear();
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

  findByExternalIds(externalIds: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    return this.#store.findByExternalIds(externalIds);
  }

  findBySourceUrl(sourceUrl: string): ResultAsync<Recipe | null, StoreUnavailable> {
    return this.#store.findBySourceUrl(sourceUrl);
  }

  changeMark(): ResultAsync<string, StoreUnavailable> {
    return this.#store.changeMark();
  }

  /**
   * From the index once it is built. The change mark is read first (one small document): a listing still answers
   * `StoreUnavailable` when the database cannot be reached, as it did when it read the recipes, rather than serve a
   * copy that nothing keeps current any more.
   */
  list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable> {
    return this.#fromIndex(() => this.#index.list(query), () => this.#store.list(query));
  }

  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): ResultAsync<Recipe[], StoreUnavailable> {
    return this.#fromIndex(() => this.#index.listAfter(filter, afterId, limit), () => this.#store.listAfter(filter, afterId, limit));
  }

  /**
   * The index's answer once it is built, after reading the change mark. A mark lower than one seen before is the
   * change feed's own sign of a replaced database (its write count went back): the index is emptied at once and this
   * listing, like the next ones until the index is built again, comes from the store — rather than serve the old
   * database's recipes until the feed's next poll notices.
   */
  #fromIndex<T>(fromIndex: () => T, fromStore: () => ResultAsync<T, StoreUnavailable>): ResultAsync<T, StoreUnavailable> {
    if (!this.#ready) return fromStore();
    return this.#store.changeMark().andThen((mark) => {
      const seen = Number(mark);
      if (seen < this.#highestMark) {
        this.reset();
        return fromStore();
      }
      this.#highestMark = Math.max(this.#highestMark, seen);
      return okAsync(fromIndex());
    });
  }
}
