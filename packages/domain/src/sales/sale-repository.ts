import type { ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Sale } from './sale.js';

export interface SaleFilter {
  /** Only this user's sales; absent for every user (the operator's CLI export). */
  readonly userId?: string;
  readonly productId?: string;
  readonly platform?: string;
  /** `sold_at` at or after. */
  readonly from?: Date;
  /** `sold_at` before. */
  readonly to?: Date;
}

/** Newest sale first, ties by id descending. */
export function saleComparator(a: Sale, b: Sale): number {
  return b.sold_at.getTime() - a.sold_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export const saleMatchesFilter = (sale: Sale, filter: SaleFilter): boolean =>
  (filter.userId === undefined || sale.user_id === filter.userId) &&
  (filter.productId === undefined || sale.product_id === filter.productId) &&
  (filter.platform === undefined || sale.platform === filter.platform) &&
  (filter.from === undefined || sale.sold_at.getTime() >= filter.from.getTime()) &&
  (filter.to === undefined || sale.sold_at.getTime() < filter.to.getTime());

export interface SaleRepository {
  find(id: string): ResultAsync<Sale | null, StoreUnavailable>;
  /**
   * Keeps the sale with `events` in the same write (the outbox). With `expectedVersion` null it inserts, and is `stale`
   * when a sale with that id exists already (another report of the same sale got there first); otherwise it replaces
   * the stored sale when its version is still `expectedVersion`.
   */
  save(sale: Sale, expectedVersion: number | null, events?: readonly DomainEvent[]): ResultAsync<WriteOutcome, StoreUnavailable>;
  /** A page of matching sales, newest first. */
  list(filter: SaleFilter, page: PageRequest): ResultAsync<Page<Sale>, StoreUnavailable>;
  /** Every matching sale, newest first, a batch at a time (reports and exports). */
  each(filter: SaleFilter, visit: (batch: readonly Sale[]) => void | Promise<void>): ResultAsync<void, StoreUnavailable>;
}
