import type { Product } from '../product/product.js';
import { productComparator, productMatchesFilter, type ProductFilter } from '../product/product-repository.js';
import { offsetOf, type Page, type PageRequest } from '../shared/pagination.js';
import type { ProductSearchIndex } from './product-search-index.js';

/**
 * The default `ProductSearchIndex`: this process's memory. No inverted indexes as for recipes: a library has tens or
 * hundreds of products, not 100,000, and a listing filters on two fields. They are kept in listing order
 * (`productComparator`), so that a listing is one pass over them, without a sort.
 */
export class InMemoryProductSearchIndex implements ProductSearchIndex {
  readonly #byId = new Map<string, Product>();
  /** Every product held, by `productComparator`. */
  #sorted: Product[] = [];

  get size(): number {
    return this.#byId.size;
  }

  put(product: Product): void {
    const held = this.#byId.get(product.id);
    if (held !== undefined) {
      if (held.version > product.version) return;
      this.#sorted.splice(this.#positionOf(held), 1);
    }
    this.#sorted.splice(this.#positionOf(product), 0, product);
    this.#byId.set(product.id, product);
  }

  all(): Product[] {
    return [...this.#sorted];
  }

  clear(): void {
    this.#byId.clear();
    this.#sorted = [];
  }

  list(filter: ProductFilter, page: PageRequest): Page<Product> {
    const [start, items] = [offsetOf(page), [] as Product[]];
    let total = 0;
    for (const product of this.#sorted) {
      if (!productMatchesFilter(product, filter)) continue;
      if (total >= start && items.length < page.perPage) items.push(product);
      total += 1;
    }
    return { items, total, page: page.page, perPage: page.perPage };
  }

  /** The first position whose product does not come before `product` (its own, when it is held: ids are unique). */
  #positionOf(product: Product): number {
    let [low, high] = [0, this.#sorted.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (productComparator(this.#sorted[middle] as Product, product) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
