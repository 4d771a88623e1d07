/** Lead magnet delivery, from the creator's side: a lead magnet's subscribers, page by page or all at once, and erasure. */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ProductRepository } from '../product/product-repository.js';
import type { ProductNotFound, StoreUnavailable } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { SubscriberNotFound } from './subscriber-errors.js';
import type { SubscriberRepository } from './subscriber-repository.js';
import type { Subscriber, SubscriberStatus } from './subscriber.js';

export interface SubscriberAdminDeps {
  readonly subscribers: SubscriberRepository;
  readonly products: Pick<ProductRepository, 'findById'>;
}

export interface SubscriberQuery {
  readonly productId: string;
  readonly status?: SubscriberStatus | undefined;
}

const filterOf = (query: SubscriberQuery) => ({ productId: query.productId, ...(query.status === undefined ? {} : { status: query.status }) });

/** The product must exist (any type: a product that is not a lead magnet simply has none). */
const existing = (deps: SubscriberAdminDeps, id: string): ResultAsync<void, ProductNotFound | StoreUnavailable> =>
  deps.products.findById(id).andThen((product) => (product === null ? errAsync<void, ProductNotFound>({ type: 'ProductNotFound', id }) : okAsync(undefined)));

export const listSubscribers =
  (deps: SubscriberAdminDeps) =>
  (query: SubscriberQuery, page: PageRequest): ResultAsync<Page<Subscriber>, ProductNotFound | StoreUnavailable> =>
    existing(deps, query.productId).andThen(() => deps.subscribers.list(filterOf(query), page));

export const eachSubscriber =
  (deps: SubscriberAdminDeps) =>
  (query: SubscriberQuery, visit: (batch: readonly Subscriber[]) => void | Promise<void>): ResultAsync<void, ProductNotFound | StoreUnavailable> =>
    existing(deps, query.productId).andThen(() => deps.subscribers.each(filterOf(query), visit));

/**
 * Erases the subscriber: the record goes, address, consent and link digests with it. E-mails still queued for them
 * find nobody and are dropped; their links stop working. Returns the subscriber as it was.
 */
export const eraseSubscriber =
  (deps: Pick<SubscriberAdminDeps, 'subscribers'>) =>
  (id: string): ResultAsync<Subscriber, SubscriberNotFound | StoreUnavailable> =>
    deps.subscribers.remove(id).andThen((removed) => (removed === null ? errAsync<Subscriber, SubscriberNotFound>({ type: 'SubscriberNotFound', id }) : okAsync(removed)));
