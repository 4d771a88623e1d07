import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Product } from '../product/product.js';
import { productComparator, productMatchesFilter, type ProductFilter, type ProductRepository } from '../product/product-repository.js';
import { InMemoryOutbox } from './in-memory-outbox.js';

export class InMemoryProductRepository implements ProductRepository {
  readonly #byId = new Map<string, Product>();
  /** Where the events of its writes wait (shared with the other in-memory stores of one test or embedding). */
  readonly outbox: InMemoryOutbox;
  #writes = 0;
  unavailable = false;

  constructor(outbox: InMemoryOutbox = new InMemoryOutbox()) {
    this.outbox = outbox;
  }

  #down(): ResultAsync<never, StoreUnavailable> {
    return errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });
  }

  insert(product: Product, events: readonly DomainEvent[] = []): ResultAsync<Product, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    this.#byId.set(product.id, product);
    this.outbox.add(`products:${product.id}`, events);
    this.#writes += 1;
    return okAsync(product);
  }

  changeMark(): ResultAsync<string, StoreUnavailable> {
    return this.unavailable ? this.#down() : okAsync(String(this.#writes));
  }

  /** Every stored product (for a fake change feed's scan). */
  all(): Product[] {
    return [...this.#byId.values()];
  }

  findById(id: string): ResultAsync<Product | null, StoreUnavailable> {
    return this.unavailable ? this.#down() : okAsync(this.#byId.get(id) ?? null);
  }

  findBySlug(slug: string): ResultAsync<Product | null, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    return okAsync([...this.#byId.values()].find((product) => product.slug === slug) ?? null);
  }

  update(product: Product, expectedVersion: number, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    if (this.#byId.get(product.id)?.version !== expectedVersion) return okAsync('stale');
    this.#byId.set(product.id, product);
    this.outbox.add(`products:${product.id}`, events);
    this.#writes += 1;
    return okAsync('written');
  }

  list(filter: ProductFilter, page: PageRequest): ResultAsync<Page<Product>, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const matching = [...this.#byId.values()].filter((product) => productMatchesFilter(product, filter)).sort(productComparator);
    const start = offsetOf(page);
    return okAsync({ items: matching.slice(start, start + page.perPage), total: matching.length, page: page.page, perPage: page.perPage });
  }
}
