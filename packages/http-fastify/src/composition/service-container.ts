/**
 * The service's default implementations of its ports, registered in a tsyringe container unless the container
 * already has one for that port (a registration made by an embedding service or a test wins).
 */
import 'reflect-metadata';
import { createMongoRepositories, GridFsFileStore, MongoIdempotencyStore, type DatabaseHandle } from '@larder/adapters-mongo';
import { createRenderPool, inThisThreadCoverArtist, type RenderPool, type RenderPoolOptions } from '@larder/adapters-documents/pool';
import { startImageProcess, type ImageProcess } from '@larder/adapters-images';
import { IndexedProductRepository, IndexedRecipeRepository, InMemoryProductSearchIndex, InMemoryRecipeSearchIndex, memoryCachedFileStore, scryptPasswordHasher, systemClock, uuidV7Generator, type FileStore } from '@larder/domain';
import type { Redis } from 'ioredis';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { withDeadline, withDeadlines, withFileDeadline } from '../store-deadline.js';
import { PORTS, resolvePort, type Port, type RateLimitStore } from './ports.js';

export { PORTS, type Port, type RateLimitStore } from './ports.js';

/** The image process's module: from the sources (tests run TypeScript through tsx) the .ts file beside this one. */
const imageProcessChildFile = (): URL => new URL(import.meta.url.endsWith('.ts') ? './image-process-child.ts' : './image-process-child.js', import.meta.url);

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
  readonly render?: Pick<RenderPoolOptions, 'threads' | 'maxQueue' | 'warm' | 'warmUp'>;
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
  byDefault(container, PORTS.profiles, () => mongo().profiles);
  byDefault(container, PORTS.browserSessions, () => mongo().browserSessions);
  byDefault(container, PORTS.idempotency, () => mongo().idempotency);
  byDefault(container, PORTS.clock, () => systemClock);
  byDefault(container, PORTS.ids, () => uuidV7Generator);
  byDefault(container, PORTS.hasher, () => scryptPasswordHasher());
  // Uploads' renditions: sharp in a child process of its own, started on demand and ended when idle (a codec that
  // crashes on a hostile upload ends the child; see image-process.ts in adapters-images).
  let imageProcess: ImageProcess | undefined;
  const images = (): ImageProcess => {
    if (imageProcess === undefined) {
      const started = startImageProcess({ childFile: imageProcessChildFile() });
      closers.push(() => started.close());
      imageProcess = started;
    }
    return imageProcess;
  };
  // Documents, and generated covers with their renditions (the service's own pictures), on the render threads.
  let renderPool: RenderPool | undefined;
  const pool = (): RenderPool => {
    if (renderPool === undefined) {
      const made = createRenderPool({ ...resources.render });
      closers.push(() => made.close());
      renderPool = made;
    }
    return renderPool;
  };
  const renderingOfOurs = !container.isRegistered(PORTS.rendering, true);
  byDefault(container, PORTS.rendering, pool);
  // Recently served documents stay in memory (32 MiB): GridFS on FerretDB or the emulator reads ~20 MB/s.
  byDefault(container, PORTS.files, () => memoryCachedFileStore(resources.files ?? withFileDeadline(new GridFsFileStore(db))));
  byDefault(container, PORTS.images, () => images().images);
  // Generated covers (kept through `files`): on our render threads; beside an embedder's renderer, in this process.
  byDefault(container, PORTS.covers, () => (renderingOfOurs ? pool().covers : inThisThreadCoverArtist()));
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
    profiles: resolvePort(container, PORTS.profiles),
    browserSessions: resolvePort(container, PORTS.browserSessions),
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
