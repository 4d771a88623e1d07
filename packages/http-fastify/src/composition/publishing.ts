/**
 * Publishing, assembled for the service: the platforms' adapters from configuration, the stores in MongoDB, the
 * secret key, and the job runner that carries out listing work in this process. On MongoDB several instances share
 * the queue and its leases keep them from running one job twice; FerretDB's conditional writes are not atomic across
 * processes, so there run one instance (docs/mongodb-adapter.md).
 */
import { hostname } from 'node:os';
import { createCoverArtist } from '@larder/adapters-documents';
import { loadOrCreateSecretKey, MongoAuthorizationRepository, MongoConnectionRepository, MongoJobQueue, MongoListingRepository, type DatabaseHandle } from '@larder/adapters-mongo';
import { configuredPlatforms } from '@larder/adapters-sales';
import {
  aesGcmSecretBox,
  documentFiles,
  listingSyncHandler,
  ratePacer,
  requeueStrandedListings,
  startJobRunner,
  type Clock,
  type FileStore,
  type JobRunner,
  type ProductRepository,
  type RecipeRepository,
  type RenderQueue,
} from '@larder/domain';
import type { PublishingDeps } from '../app.js';
import type { ServiceConfig } from '../config.js';

/** Etsy's default budget is 10 requests a second per app; stay under it. */
const CALLS_PER_SECOND = { etsy: 8, gumroad: 8 } as const;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

export interface Publishing {
  readonly deps: PublishingDeps;
  readonly runner: JobRunner;
  stop(): Promise<void>;
}

export interface PublishingPorts {
  readonly products: ProductRepository;
  readonly recipes: RecipeRepository;
  readonly rendering: RenderQueue;
  readonly files: FileStore;
  readonly clock: Clock;
}

export async function startPublishing(
  config: ServiceConfig,
  db: DatabaseHandle['db'],
  ports: PublishingPorts,
  log: (message: string, detail?: Record<string, unknown>) => void,
): Promise<Publishing> {
  const secrets = aesGcmSecretBox(config.secretKey ?? (await loadOrCreateSecretKey(db)).key);
  const platforms = configuredPlatforms(config);
  const queue = new MongoJobQueue(db);
  const listings = new MongoListingRepository(db);
  const connections = new MongoConnectionRepository(db);
  const pacer = ratePacer(CALLS_PER_SECOND);
  const handler = listingSyncHandler({
    products: ports.products,
    listings,
    connections,
    secrets,
    platforms,
    documents: documentFiles({ products: ports.products, recipes: ports.recipes, rendering: ports.rendering, files: ports.files, clock: ports.clock }),
    covers: createCoverArtist(),
    queue,
    pacer,
    clock: ports.clock,
  });
  const runner = startJobRunner({ queue, handlers: [handler], clock: ports.clock, owner: `${hostname()}:${process.pid}`, log });
  const deps: PublishingDeps = {
    platforms,
    listings,
    connections,
    authorizations: new MongoAuthorizationRepository(db),
    secrets,
    queue,
    onQueued: () => runner.wake(),
    publicUrl: config.publicUrl,
  };
  const listingDeps = { listings, connections, queue, clock: ports.clock, platforms };
  const sweep = () =>
    void requeueStrandedListings(listingDeps)(SWEEP_EVERY_MS).map((count) => {
      if (count > 0) runner.wake();
    });
  sweep();
  const sweeping = setInterval(sweep, SWEEP_EVERY_MS);
  sweeping.unref();
  return {
    deps,
    runner,
    async stop() {
      clearInterval(sweeping);
      await runner.stop();
    },
  };
}
