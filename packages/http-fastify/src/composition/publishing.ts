/**
 * Publishing, assembled for the service: the platforms' adapters from configuration, the stores in MongoDB, the
 * secret key, and the job runner that carries out listing work in this process. On MongoDB several instances share
 * the queue and its leases keep them from running one job twice; FerretDB's conditional writes are not atomic across
 * processes, so there run one instance (docs/mongodb-adapter.md).
 */
import { hostname } from 'node:os';
import {
  loadOrCreateSecretKey,
  MongoAuthorizationRepository,
  MongoConnectionRepository,
  MongoJobQueue,
  MongoListingRepository,
  MongoSaleRepository,
  type DatabaseHandle,
} from '@larder/adapters-mongo';
import { configuredPlatforms } from '@larder/adapters-sales';
import {
  aesGcmSecretBox,
  documentFiles,
  generatedCovers,
  listingSyncHandler,
  profileLookup,
  queueSalesPolls,
  ratePacer,
  saleJobHandlers,
  uuidV7Generator,
  requeueStrandedListings,
  startJobRunner,
  type Clock,
  type CoverArtist,
  type FileStore,
  type JobRunner,
  type ProductRepository,
  type ProfileRepository,
  type RecipeRepository,
  type RenderQueue,
  type UserRepository,
} from '@larder/domain';
import type { LeadMagnetAppDeps, PublishingDeps } from '../app.js';
import type { ServiceConfig } from '../config.js';
import { startWebhooks } from './webhooks.js';
import { leadMagnetDelivery } from './lead-magnets.js';

/**
 * Requests a second when the platform does not say. Etsy announces its budget on every answer (10 a second by
 * default, per app), and the pacer keeps to what it announces; Gumroad announces none (Rack::Attack only refuses).
 */
const CALLS_PER_SECOND = { etsy: 8, gumroad: 8 } as const;
const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** Gumroad's notices bring its sales; an hourly look through its sales list catches a notice that never came. */
const RECONCILE_EVERY_MS = 60 * 60 * 1000;

const salesPollMs = (config: ServiceConfig, platform: string): number => (platform === 'etsy' ? config.etsyPollSeconds * 1000 : RECONCILE_EVERY_MS);

/** `PUBLIC_URL/hooks/<platform>/<secret>`, appended so that a PUBLIC_URL with a path keeps it. */
export const saleNoticeUrl =
  (publicUrl: string) =>
  (platform: string, secret: string): string =>
    `${publicUrl.replace(/\/+$/, '')}/hooks/${encodeURIComponent(platform)}/${secret}`;

export interface Publishing {
  readonly deps: PublishingDeps;
  /** Lead magnet delivery's stores; its e-mails are this runner's jobs. */
  readonly leadMagnets: LeadMagnetAppDeps;
  readonly runner: JobRunner;
  stop(): Promise<void>;
}

export interface PublishingPorts {
  readonly products: ProductRepository;
  readonly recipes: RecipeRepository;
  readonly rendering: RenderQueue;
  readonly files: FileStore;
  /** Draws generated covers: the listing image of a product without an uploaded cover. */
  readonly covers: CoverArtist;
  readonly clock: Clock;
  /** The creators' brands: listings, their files and images, and e-mails carry them. */
  readonly profiles: ProfileRepository;
  readonly users: UserRepository;
}

export async function startPublishing(
  config: ServiceConfig,
  db: DatabaseHandle['db'],
  ports: PublishingPorts,
  log: (message: string, detail?: Record<string, unknown>) => void,
  /** Where e-mails to subscribers are written without `SMTP_URL`; `log` by default. */
  mailLog: (text: string) => void = (text) => log(text),
): Promise<Publishing> {
  const secrets = aesGcmSecretBox(config.secretKey ?? (await loadOrCreateSecretKey(db)).key);
  const platforms = configuredPlatforms(config);
  const queue = new MongoJobQueue(db);
  const listings = new MongoListingRepository(db);
  const connections = new MongoConnectionRepository(db);
  const pacer = ratePacer(CALLS_PER_SECOND);
  const profiles = profileLookup({ profiles: ports.profiles, users: ports.users, clock: ports.clock });
  const handler = listingSyncHandler({
    products: ports.products,
    listings,
    connections,
    secrets,
    platforms,
    documents: documentFiles({ products: ports.products, recipes: ports.recipes, rendering: ports.rendering, files: ports.files, clock: ports.clock, profiles, coverSize: ports.covers.size }),
    covers: generatedCovers({ covers: ports.covers, files: ports.files, recipes: ports.recipes }),
    profiles,
    queue,
    pacer,
    clock: ports.clock,
  });
  const sales = new MongoSaleRepository(db);
  const saleHandlers = saleJobHandlers({
    sales,
    listings,
    connections,
    secrets,
    platforms,
    queue,
    pacer,
    clock: ports.clock,
    ids: uuidV7Generator,
    hookUrl: saleNoticeUrl(config.publicUrl),
    onUnmatched: (sale) => log('a sale matches no listing of ours; kept with no product', { platform: sale.platform, remoteId: sale.remote_id }),
    log,
  });
  const webhooks = startWebhooks(db, { allowPrivate: config.outboundAllowPrivate, secrets, queue, clock: ports.clock, ids: uuidV7Generator, log });
  const leadMagnets = leadMagnetDelivery(config, db, { products: ports.products, secrets, log, mailLog, profiles });
  const runner = startJobRunner({ queue, handlers: [handler, ...saleHandlers, webhooks.handler, leadMagnets.handler], clock: ports.clock, owner: `${hostname()}:${process.pid}`, log });
  webhooks.start(() => runner.wake());
  const deps: PublishingDeps = {
    platforms,
    listings,
    connections,
    authorizations: new MongoAuthorizationRepository(db),
    secrets,
    queue,
    onQueued: () => runner.wake(),
    publicUrl: config.publicUrl,
    sales,
    webhooks: webhooks.deps,
  };
  const listingDeps = { listings, connections, queue, clock: ports.clock, platforms };
  const sweep = () =>
    void requeueStrandedListings(listingDeps)(SWEEP_EVERY_MS).map((count) => {
      if (count > 0) runner.wake();
    });
  sweep();
  const sweeping = setInterval(sweep, SWEEP_EVERY_MS);
  sweeping.unref();
  const polls = platforms.map((platform) => {
    const poll = () =>
      void queueSalesPolls({ connections, queue, clock: ports.clock }, platform.id).map((count) => {
        if (count > 0) runner.wake();
      });
    const timer = setInterval(poll, salesPollMs(config, platform.id));
    timer.unref();
    return timer;
  });
  return {
    deps,
    leadMagnets: leadMagnets.deps,
    runner,
    async stop() {
      await webhooks.stop();
      leadMagnets.close();
      clearInterval(sweeping);
      for (const timer of polls) clearInterval(timer);
      await runner.stop();
    },
  };
}
