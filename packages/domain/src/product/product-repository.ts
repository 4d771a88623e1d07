import type { ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Product, ProductStatus, ProductType } from './product.js';

export interface ProductFilter {
  readonly status?: ProductStatus;
  readonly type?: ProductType;
}

/** Listing order: `created_at` desc, ties by id desc. */
export function productComparator(a: Product, b: Product): number {
  return b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export const productMatchesFilter = (product: Product, filter: ProductFilter): boolean =>
  (filter.status === undefined || product.status === filter.status) && (filter.type === undefined || product.type === filter.type);

export interface ProductRepository {
  /** Keeps the product with `events` in the same write (the outbox: see `EventOutbox`). */
  insert(product: Product, events?: readonly DomainEvent[]): ResultAsync<Product, StoreUnavailable>;
  findById(id: string): ResultAsync<Product | null, StoreUnavailable>;
  /** The lead magnet whose public page has this slug, whatever its status; null when none has it. */
  findBySlug(slug: string): ResultAsync<Product | null, StoreUnavailable>;
  /**
   * Replaces the stored product atomically when its stored version is still `expectedVersion`, adding `events` to its
   * outbox in the same write (events already waiting there are kept).
   */
  update(product: Product, expectedVersion: number, events?: readonly DomainEvent[]): ResultAsync<WriteOutcome, StoreUnavailable>;
  list(filter: ProductFilter, page: PageRequest): ResultAsync<Page<Product>, StoreUnavailable>;
  /**
   * A value that changes after every product write, whichever instance (or CLI) made it: what a listing from a search
   * index reads first (`IndexedProductRepository`), as `RecipeRepository.changeMark` is for recipes.
   */
  changeMark(): ResultAsync<string, StoreUnavailable>;
}
