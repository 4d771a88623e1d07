import type { ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Subscriber, SubscriberStatus } from './subscriber.js';

export interface SubscriberFilter {
  readonly productId: string;
  readonly status?: SubscriberStatus;
}

/** Listing order: newest first (`created_at` desc), ties by id desc. */
export function subscriberComparator(a: Subscriber, b: Subscriber): number {
  return b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export const subscriberMatchesFilter = (subscriber: Subscriber, filter: SubscriberFilter): boolean =>
  subscriber.product_id === filter.productId && (filter.status === undefined || subscriber.status === filter.status);

export interface SubscriberRepository {
  findById(id: string): ResultAsync<Subscriber | null, StoreUnavailable>;
  /** The lead magnet's subscriber with this address key (`email_key`). */
  findByAddress(productId: string, emailKey: string): ResultAsync<Subscriber | null, StoreUnavailable>;
  /**
   * Keeps the subscriber with `events` in the same write (the outbox). With `expectedVersion` null it inserts, and is
   * `stale` when the lead magnet already has a subscriber with that address (another request got there first) or the
   * id is taken; otherwise it replaces the stored subscriber when its version is still `expectedVersion`. A save never
   * changes `downloads` or `last_download_at`: only `countDownload` does, so that no count is lost to a concurrent change.
   */
  save(subscriber: Subscriber, expectedVersion: number | null, events?: readonly DomainEvent[]): ResultAsync<WriteOutcome, StoreUnavailable>;
  /** One more download, at `at`, in one atomic step (the version does not move); false when there is no such subscriber. */
  countDownload(id: string, at: Date): ResultAsync<boolean, StoreUnavailable>;
  /** A page of the lead magnet's subscribers, newest first. */
  list(filter: SubscriberFilter, page: PageRequest): ResultAsync<Page<Subscriber>, StoreUnavailable>;
  /** Every matching subscriber, newest first, a batch at a time (the CSV export). */
  each(filter: SubscriberFilter, visit: (batch: readonly Subscriber[]) => void | Promise<void>): ResultAsync<void, StoreUnavailable>;
  /** Removes the subscriber for good and returns it as it was; null when there was none. */
  remove(id: string): ResultAsync<Subscriber | null, StoreUnavailable>;
}
