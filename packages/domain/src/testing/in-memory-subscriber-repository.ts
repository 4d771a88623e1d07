import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import { offsetOf, type Page, type PageRequest } from '../shared/pagination.js';
import type { WriteOutcome } from '../recipe/recipe-repository.js';
import type { Subscriber } from '../subscribers/subscriber.js';
import { subscriberComparator, subscriberMatchesFilter, type SubscriberFilter, type SubscriberRepository } from '../subscribers/subscriber-repository.js';
import { InMemoryOutbox } from './in-memory-outbox.js';

/** Subscribers in memory: one per (lead magnet, address key); a write's events go to the outbox in the same step. */
export class InMemorySubscriberRepository implements SubscriberRepository {
  readonly #byId = new Map<string, Subscriber>();
  readonly outbox: InMemoryOutbox;
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  constructor(outbox: InMemoryOutbox = new InMemoryOutbox()) {
    this.outbox = outbox;
  }

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' }) : okAsync(value());
  }

  findById(id: string): ResultAsync<Subscriber | null, StoreUnavailable> {
    return this.#check(() => this.#byId.get(id) ?? null);
  }

  findByAddress(productId: string, emailKey: string): ResultAsync<Subscriber | null, StoreUnavailable> {
    return this.#check(() => [...this.#byId.values()].find((subscriber) => subscriber.product_id === productId && subscriber.email_key === emailKey) ?? null);
  }

  save(subscriber: Subscriber, expectedVersion: number | null, events: readonly DomainEvent[] = []): ResultAsync<WriteOutcome, StoreUnavailable> {
    return this.#check((): WriteOutcome => {
      const stored = this.#byId.get(subscriber.id);
      if (expectedVersion === null) {
        const sameAddress = [...this.#byId.values()].some((other) => other.product_id === subscriber.product_id && other.email_key === subscriber.email_key);
        if (stored !== undefined || sameAddress) return 'stale';
        this.#byId.set(subscriber.id, structuredClone(subscriber));
      } else {
        if (stored === undefined || stored.version !== expectedVersion) return 'stale';
        // The counts are countDownload's alone.
        this.#byId.set(subscriber.id, structuredClone({ ...subscriber, downloads: stored.downloads, last_download_at: stored.last_download_at }));
      }
      this.outbox.add(`subscribers:${subscriber.id}`, events);
      return 'written';
    });
  }

  countDownload(id: string, at: Date): ResultAsync<boolean, StoreUnavailable> {
    return this.#check(() => {
      const stored = this.#byId.get(id);
      if (stored === undefined) return false;
      this.#byId.set(id, { ...stored, downloads: stored.downloads + 1, last_download_at: at });
      return true;
    });
  }

  list(filter: SubscriberFilter, page: PageRequest): ResultAsync<Page<Subscriber>, StoreUnavailable> {
    return this.#check(() => {
      const matching = this.#matching(filter);
      return { items: matching.slice(offsetOf(page), offsetOf(page) + page.perPage), total: matching.length, page: page.page, perPage: page.perPage };
    });
  }

  each(filter: SubscriberFilter, visit: (batch: readonly Subscriber[]) => void | Promise<void>): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => this.#matching(filter)).andThen((matching) =>
      ResultAsync.fromSafePromise(
        (async () => {
          for (let at = 0; at < matching.length; at += 500) await visit(matching.slice(at, at + 500));
        })(),
      ),
    );
  }

  remove(id: string): ResultAsync<Subscriber | null, StoreUnavailable> {
    return this.#check(() => {
      const stored = this.#byId.get(id) ?? null;
      this.#byId.delete(id);
      return stored;
    });
  }

  #matching(filter: SubscriberFilter): Subscriber[] {
    return [...this.#byId.values()].filter((subscriber) => subscriberMatchesFilter(subscriber, filter)).sort(subscriberComparator).map((subscriber) => structuredClone(subscriber));
  }
}
