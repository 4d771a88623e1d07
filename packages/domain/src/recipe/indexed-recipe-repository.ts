import { okAsync, type ResultAsync } from 'neverthrow';
import type { DuplicateExternalId, StoreUnavailable } from '../shared/errors.js';
import { FreshMarkReads } from '../search/fresh-mark.js';
import { ListingSource } from '../search/listing-source.js';
import type { RecipeSearchIndex } from '../search/recipe-search-index.js';
import type { Recipe } from './recipe.js';
import type { RecipeFilter, RecipeListQuery } from './recipe-query.js';
import type { BatchWriteOutcome, RecipePage, RecipeRepository, RecipeWrite, WriteOutcome } from './recipe-repository.js';

/**
 * The least time between two reads of the change mark for reads by id, in ms (`FreshMarkReads`). Under 20 readers at
 * once, reads of the mark back to back were a round trip every 0.6–0.9 ms on FerretDB, each about 0.5 ms of its CPU
 * and 0.25 ms of the driver's: most of a core between them for a mark that had not moved. 5 ms apart when calls come
 * at once: at most 200 a second, and a reader waits about 5 ms more at most; one caller at a time does not wait.
 */
export const MARK_READS_APART_MS = 5;

export interface IndexedRecipeRepositoryOptions {
  /** `MARK_READS_APART_MS` unless given (tests that answer the store's reads by hand give 0). */
  readonly markReadsApartMs?: number;
}

/**
 * A recipe store whose listings and searches come from a `RecipeSearchIndex`, and everything else from the store:
 * reads by external id or source URL, every write, the change mark. Reads by id come from the index when it is proved
 * current: a read of the change mark begun after the call finds the mark the change feed has applied the index up to
 * (else from the store), so a read by id never returns a copy older than the database's word when it was asked
 * (short of a writer whose change record or mark the database failed to take, until its recorder writes them again). A
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
  /** Reads of the change mark for reads by id, each begun after the reads that share it were asked. */
  readonly #freshMarks: FreshMarkReads;

  constructor(store: RecipeRepository, index: RecipeSearchIndex, options: IndexedRecipeRepositoryOptions = {}) {
    this.#store = store;
    this.#index = index;
    this.#listings = new ListingSource(() => index.clear());
    this.#freshMarks = new FreshMarkReads(() => store.changeMark(), { apartMs: options.markReadsApartMs ?? MARK_READS_APART_MS });
  }

  get index(): RecipeSearchIndex {
    return this.#index;
  }

  /** The store behind the index: what the change feed reads the recipes it reports from (never the index it keeps). */
  get store(): RecipeRepository {
    return this.#store;
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

  /**
   * From the index when a read of the change mark begun after this call finds the mark the feed has applied it up to
   * (on FerretDB a read of one recipe costs its CPU about what it costs the service; the mark's read is shared by the
   * reads asked meanwhile), else, and for an id the index lacks, from the store.
   */
  findById(id: string): ResultAsync<Recipe | null, StoreUnavailable> {
    if (!this.#applied()) return this.#store.findById(id);
    return this.#freshMarks.mark().andThen((mark) => {
      const held = this.#applied(mark) ? this.#index.get(id) : undefined;
      return held === undefined ? this.#store.findById(id) : okAsync(held);
    });
  }

  /** As `findById`: from the index when proved current by a fresh read of the change mark. */
  findByIds(ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    if (!this.#applied()) return this.#store.findByIds(ids);
    return this.#freshMarks.mark().andThen((mark) => this.findByIdsAsOf(ids, mark));
  }

  /** Whether the index is built and the feed has applied it up to a mark (`mark`, when given). */
  #applied(mark?: string): boolean {
    return this.ready && this.#appliedMark !== null && (mark === undefined || this.#appliedMark === mark);
  }

  /**
   * The recipes as listings see them: from the index once it is built (current within a poll of the change feed,
   * after one read of the change mark), else from the store. For what a list shows beside each of its items (a page of
   * products' generated covers takes photos from up to 240 recipes: on FerretDB one query each), never for a read of
   * recipes a caller acts on (`findById`, `findByIds`: never older than when they were asked).
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
   * goes to the store: only the exact mark is proof. For many recipes read at once as of one mark (a document's 500:
   * one store query each on FerretDB, against the readers' reads).
   */
  findByIdsAsOf(ids: readonly string[], mark: string): ResultAsync<Recipe[], StoreUnavailable> {
    if (!this.#applied(mark)) return this.#store.findByIds(ids);
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
