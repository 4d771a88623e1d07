import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { offsetOf } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Sale } from '../sales/sale.js';
import { saleComparator, saleMatchesFilter, type SaleFilter, type SaleRepository } from '../sales/sale-repository.js';
import { InMemoryOutbox } from './in-memory-outbox.js';

/** Sales in memory, one per id; a write's events go to the outbox in the same step. */
export class InMemorySaleRepository implements SaleRepository {
  readonly #byId = new Map<string, Sale>();
  readonly outbox: InMemoryOutbox;
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  constructor(outbox: InMemoryOutbox = new InMemoryOutbox()) {
    this.outbox = outbox;
  }

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' }) : okAsync(value());
  }

  find(id: string): ResultAsync<Sale | null, StoreUnavailable> {
    return this.#check(() => this.#byId.get(id) ?? null);
  }

  save(sale: Sale, expectedVersion: number | null, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    return this.#check((): WriteOutcome => {
      const stored = this.#byId.get(sale.id);
      if (expectedVersion === null ? stored !== undefined : stored?.version !== expectedVersion) return 'stale';
      this.#byId.set(sale.id, sale);
      this.outbox.add(`sales:${sale.id}`, events);
      return 'written';
    });
  }

  list(filter: SaleFilter, page: PageRequest): ResultAsync<Page<Sale>, StoreUnavailable> {
    return this.#check(() => {
      const matching = this.#matching(filter);
      return { items: matching.slice(offsetOf(page), offsetOf(page) + page.perPage), total: matching.length, page: page.page, perPage: page.perPage };
    });
  }

  each(filter: SaleFilter, visit: (batch: readonly Sale[]) => void | Promise<void>): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => this.#matching(filter)).andThen((matching) =>
      ResultAsync.fromSafePromise(
        (async () => {
          for (let at = 0; at < matching.length; at += 500) await visit(matching.slice(at, at + 500));
        })(),
      ),
    );
  }

  #matching(filter: SaleFilter): Sale[] {
    return [...this.#byId.values()].filter((sale) => saleMatchesFilter(sale, filter)).sort(saleComparator);
  }
}
