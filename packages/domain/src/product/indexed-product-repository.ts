import type { ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import { ListingSource } from '../search/listing-source.js';
import type { ProductSearchIndex } from '../search/product-search-index.js';
import type { Product } from './product.js';
import type { ProductFilter, ProductRepository } from './product-repository.js';

/**
 * A product store whose listings come from a `ProductSearchIndex`, and everything else from the store (reads by id
 * and slug, every write, the change mark), as `IndexedRecipeRepository` does for recipes: a write that succeeds is
 * put into the index at once, writes of other processes arrive through the change feed (`product-index-sync.ts`),
 * and until the index is built (`markReady`) listings go to the store.
 */
export class IndexedProductRepository implements ProductRepository {
  readonly #store: ProductRepository;
  readonly #index: ProductSearchIndex;
  readonly #listings: ListingSource;

  constructor(store: ProductRepository, index: ProductSearchIndex) {
    this.#store = store;
    this.#index = index;
    this.#listings = new ListingSource(() => index.clear());
  }

  get index(): ProductSearchIndex {
    return this.#index;
  }

  /** Whether listings come from the index (it holds every stored product). */
  get ready(): boolean {
    return this.#listings.ready;
  }

  markReady(): void {
    this.#listings.markReady();
  }

  /** A change mark the change feed has applied the index up to (see `ListingSource.sawMark`). */
  sawMark(mark: string): void {
    this.#listings.sawMark(mark);
  }

  /** Empties the index and lists from the store until it is built again (the database was replaced under it). */
  reset(): void {
    this.#listings.reset();
  }

  insert(product: Product, events?: readonly DomainEvent[]): ResultAsync<Product, StoreUnavailable> {
    return this.#store.insert(product, events).map((stored) => {
      this.#index.put(stored);
      return stored;
    });
  }

  update(product: Product, expectedVersion: number, events?: readonly DomainEvent[]): ResultAsync<WriteOutcome, StoreUnavailable> {
    return this.#store.update(product, expectedVersion, events).map((outcome) => {
      if (outcome === 'written') this.#index.put(product);
      return outcome;
    });
  }

  findById(id: string): ResultAsync<Product | null, StoreUnavailable> {
    return this.#store.findById(id);
  }

  findBySlug(slug: string): ResultAsync<Product | null, StoreUnavailable> {
    return this.#store.findBySlug(slug);
  }

  changeMark(): ResultAsync<string, StoreUnavailable> {
    return this.#store.changeMark();
  }

  /** From the index once it is built, after reading the change mark (see `ListingSource.list`). */
  list(filter: ProductFilter, page: PageRequest): ResultAsync<Page<Product>, StoreUnavailable> {
    return this.#listings.list(() => this.#store.changeMark(), () => this.#index.list(filter, page), () => this.#store.list(filter, page));
  }
}
