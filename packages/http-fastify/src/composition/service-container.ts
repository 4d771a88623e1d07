/**
 * The service's default implementations of its ports, registered in a tsyringe container unless the container
 * already has one for that port (a registration made by an embedding service or a test wins).
 */
import 'reflect-metadata';
import { createMongoRepositories, MongoIdempotencyStore, type DatabaseHandle } from '@larder/adapters-mongo';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { scryptPasswordHasher, systemClock, uuidV7Generator } from '@larder/domain';
import type { Redis } from 'ioredis';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { withDeadline, withDeadlines } from '../store-deadline.js';
import { PORTS, resolvePort, type Port, type RateLimitStore } from './ports.js';

export { PORTS, type Port, type RateLimitStore } from './ports.js';

/** A container of its own for one service, whose registrations fall back to the root container's. */
export const serviceContainer = (): DependencyContainer => rootContainer.createChildContainer();

/** Registers `make`'s value under `token`, made once on first use, unless the container already has one. */
function byDefault<T>(container: DependencyContainer, token: Port<T>, make: () => T): void {
  if (!container.isRegistered(token, true)) container.register<T>(token, { useFactory: instanceCachingFactory(make) });
}

/** The MongoDB stores requests use: every call bounded by the store deadline. */
export function requestStores(db: DatabaseHandle['db']) {
  return { ...withDeadlines(createMongoRepositories(db)), idempotency: withDeadline(new MongoIdempotencyStore(db)) };
}

/**
 * MongoDB stores bounded by the store deadline, scrypt, the system clock, UUIDv7 ids, the PDF/EPUB renderer (bundled
 * fonts, no network); Redis counters when given.
 */
export function registerServiceDefaults(container: DependencyContainer, resources: { readonly db: DatabaseHandle['db']; readonly redis: Redis | undefined }): void {
  const { db, redis } = resources;
  let stores: ReturnType<typeof requestStores> | undefined;
  const mongo = () => (stores ??= requestStores(db));
  byDefault(container, PORTS.recipes, () => mongo().recipes);
  byDefault(container, PORTS.products, () => mongo().products);
  byDefault(container, PORTS.users, () => mongo().users);
  byDefault(container, PORTS.idempotency, () => mongo().idempotency);
  byDefault(container, PORTS.clock, () => systemClock);
  byDefault(container, PORTS.ids, () => uuidV7Generator);
  byDefault(container, PORTS.hasher, () => scryptPasswordHasher());
  byDefault(container, PORTS.documents, () => createDocumentRenderer());
  byDefault<RateLimitStore>(container, PORTS.rateLimitStore, () => (redis === undefined ? { kind: 'memory' } : { kind: 'redis', redis }));
}

/** Every port, resolved: what start-up and `buildApp` are given. */
export function resolvePorts(container: DependencyContainer) {
  return {
    recipes: resolvePort(container, PORTS.recipes),
    products: resolvePort(container, PORTS.products),
    users: resolvePort(container, PORTS.users),
    idempotency: resolvePort(container, PORTS.idempotency),
    clock: resolvePort(container, PORTS.clock),
    ids: resolvePort(container, PORTS.ids),
    hasher: resolvePort(container, PORTS.hasher),
    documents: resolvePort(container, PORTS.documents),
    rateLimitStore: resolvePort(container, PORTS.rateLimitStore),
  };
}
