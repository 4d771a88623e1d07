/**
 * The service's default implementations of its ports, registered in a tsyringe container unless the container
 * already has one for that port (a registration made by an embedding service or a test wins).
 */
import 'reflect-metadata';
import { createMongoRepositories, GridFsFileStore, MongoIdempotencyStore, type DatabaseHandle } from '@larder/adapters-mongo';
import { createCoverArtist, createRenderPool, type RenderPoolOptions } from '@larder/adapters-documents';
import { sharpImageProcessor } from '@larder/adapters-images';
import { IndexedProductRepository, IndexedRecipeRepository, InMemoryProductSearchIndex, InMemoryRecipeSearchIndex, memoryCachedFileStore, scryptPasswordHasher, systemClock, uuidV7Generator, type FileStore } from '@larder/domain';
import type { Redis } from 'ioredis';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { withDeadline, withDeadlines, withFileDeadline } from '../store-deadline.js';
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

export interface ServiceResources {
  readonly db: DatabaseHandle['db'];
  readonly redis: Redis | undefined;
  /** The file store `STORAGE_URL` names; unset: GridFS in `db`. */
  readonly files?: FileStore | undefined;
  readonly render?: Pick<RenderPoolOptions, 'threads' | 'maxQueue'>;
}

/**
 * MongoDB stores bounded by the store deadline (recipes and products listed from in-memory indexes), scrypt, the system
 * clock, UUIDv7 ids, the PDF/EPUB renderer in a pool of worker threads (bundled fonts, no network), files in GridFS
 * unless given, photos through sharp; Redis counters when given.
 * Returns what must be closed at shutdown among the defaults it made (a registration made by the embedder is theirs).
 */
export function registerServiceDefaults(container: DependencyContainer, resources: ServiceResources): (() => Promise<void>)[] {
  const { db, redis } = resources;
  const closers: (() => Promise<void>)[] = [];
  let stores: ReturnType<typeof requestStores> | undefined;
  const mongo = () => (stores ??= requestStores(db));
  // Listings and searches from this process's search index, kept current by `startRecipeSearchSync` (server.ts).
  byDefault(container, PORTS.recipes, () => new IndexedRecipeRepository(mongo().recipes, new InMemoryRecipeSearchIndex()));
  // Product listings from this process's product index, kept current by `startProductSearchSync` (server.ts).
  byDefault(container, PORTS.products, () => new IndexedProductRepository(mongo().products, new InMemoryProductSearchIndex()));
  byDefault(container, PORTS.users, () => mongo().users);
  byDefault(container, PORTS.apiKeys, () => mongo().apiKeys);
  byDefault(container, PORTS.idempotency, () => mongo().idempotency);
  byDefault(container, PORTS.clock, () => systemClock);
  byDefault(container, PORTS.ids, () => uuidV7Generator);
  byDefault(container, PORTS.hasher, () => scryptPasswordHasher());
  byDefault(container, PORTS.rendering, () => {
    const pool = createRenderPool(resources.render);
    closers.push(() => pool.close());
    return pool;
  });
  // Recently served documents stay in memory (32 MiB): GridFS on FerretDB or the emulator reads ~20 MB/s.
  byDefault(container, PORTS.files, () => memoryCachedFileStore(resources.files ?? withFileDeadline(new GridFsFileStore(db))));
  // Photos and covers: sharp decodes and encodes on libuv's thread pool, off the event loop.
  byDefault(container, PORTS.images, () => sharpImageProcessor());
  // Generated covers: drawn by sharp too, kept through `files`.
  byDefault(container, PORTS.covers, () => createCoverArtist());
  byDefault<RateLimitStore>(container, PORTS.rateLimitStore, () => (redis === undefined ? { kind: 'memory' } : { kind: 'redis', redis }));
  return closers;
}

/** Every port, resolved: what start-up and `buildApp` are given. */
export function resolvePorts(container: DependencyContainer) {
  return {
    recipes: resolvePort(container, PORTS.recipes),
    products: resolvePort(container, PORTS.products),
    users: resolvePort(container, PORTS.users),
    apiKeys: resolvePort(container, PORTS.apiKeys),
    idempotency: resolvePort(container, PORTS.idempotency),
    clock: resolvePort(container, PORTS.clock),
    ids: resolvePort(container, PORTS.ids),
    hasher: resolvePort(container, PORTS.hasher),
    rendering: resolvePort(container, PORTS.rendering),
    files: resolvePort(container, PORTS.files),
    images: resolvePort(container, PORTS.images),
    covers: resolvePort(container, PORTS.covers),
    rateLimitStore: resolvePort(container, PORTS.rateLimitStore),
  };
}
