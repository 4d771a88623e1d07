import type { Product } from '../product/product.js';
import type { ProductFilter } from '../product/product-repository.js';
import type { Page, PageRequest } from '../shared/pagination.js';

/**
 * Where products are listed and filtered, apart from the database that keeps them: the products' counterpart of
 * `RecipeSearchIndex`, built and kept current the same way (`product-index-sync.ts`). Semantics are those of
 * `ProductRepository.list` (`productMatchesFilter`, `productComparator`; the same contract suite runs against both).
 */
export interface ProductSearchIndex {
  /** How many products it holds. */
  readonly size: number;
  /**
   * Adds a product or replaces the one with its id. A copy with a lower `version` than the one held is ignored, so
   * that a late copy (read by the feed before a newer write of this process) never undoes a newer one.
   */
  put(product: Product): void;
  /** Every product held. */
  all(): Product[];
  /** Forgets every product. */
  clear(): void;
  list(filter: ProductFilter, page: PageRequest): Page<Product>;
}
