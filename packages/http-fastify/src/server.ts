/**
 * Starting and stopping the service: database, indexes, first users, sample library, Redis, the HTTP app. Every
 * expected start-up failure is a `StartupError` with one line an operator can act on; whatever was opened before the
 * failure is closed again, so a failed start leaves no engine or connection behind.
 */
import type { Server, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { ok } from 'neverthrow';
import { ensureUser, IndexedProductRepository, IndexedRecipeRepository, type FileStore, type UserDeps } from '@larder/domain';
import { ensureEngineIndexes, ensureIndexes, MongoProductChangeFeed, MongoRecipeChangeFeed, openDatabase, pingDatabase, redactUrl, type DatabaseHandle, type EngineKind } from '@larder/adapters-mongo';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { buildApp } from './app.js';
import { recipePageSource } from './composition/recipe-pages.js';
import { startPublishing } from './composition/publishing.js';
import { mailStartupLine } from './composition/lead-magnets.js';
import type { IndexSync } from './composition/index-sync.js';
import { startProductSearchSync } from './composition/product-search.js';
import { startRecipeSearchSync, type RecipeSearchSync } from './composition/recipe-search.js';
import { recipeIndexFile } from './composition/recipe-index-file.js';
import { batchedRequestLog } from './composition/request-log.js';
import { listeningLine, studioAtStartup } from './composition/studio.js';
import { startRecipeSlimming } from './composition/recipe-slimming.js';
import { registerServiceDefaults, resolvePorts, serviceContainer } from './composition/service-container.js';
import { STORE_SERVER_WAIT_MS, withFileDeadline } from './store-deadline.js';
import type { ServiceConfig } from './config.js';
import { applyDemoPassword, createDemoUser, DEMO_EMAIL, demoCredentialsBlock, isLibraryEmpty, loadSampleLibrary, type DemoCredentials } from './sample-library/index.js';

export interface StartupLog {
  info(line: string): void;
  warn(line: string): void;
}

export interface RunningService {
  /** `http://host:port`, with the port actually bound (PORT=0 picks a free one). */
  readonly url: string;
  readonly engine: EngineKind;
  /** Stops accepting, lets requests in flight finish, then closes Redis and the database. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly log: StartupLog;
  /** Aborted (by a signal) during start-up: stop at the next step, close what was opened, and reject. */
  readonly signal?: AbortSignal;
  /** Where the demo credentials block goes; stdout by default. */
  readonly print?: (text: string) => void;
  /**
   * The ports' registrations (see `PORTS`): a registration made here before start-up replaces the service's default
   * for that port (for example in-memory repositories); the others get the defaults. A fresh container by default.
   */
  readonly container?: DependencyContainer;
}

/** A start-up failure the operator can fix (configuration, reachability); its message is the whole story. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

const READINESS_TIMEOUT_MS = 2000;
const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';

/**
 * `server.close()` closes only the keep-alive connections that are idle at that moment; one that carries a request
 * in flight would stay open after its response until the client lets go (Node's own agent: 5 s, browsers: longer).
 * Answering with `Connection: close` once shutdown begins lets those connections end with their last response.
 */
function closeConnectionsOnShutdown(server: Server): () => void {
  const open = new Set<ServerResponse>();
  let closing = false;
  const markLast = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  server.on('request', (_request, response: ServerResponse) => {
    if (closing) markLast(response);
    open.add(response);
    response.on('close', () => open.delete(response));
  });
  return () => {
    closing = true;
    open.forEach(markLast);
  };
}

async function connectRedis(url: string, log: StartupLog): Promise<Redis> {
  let connected = false;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // No retries at start-up (an unreachable Redis is a configuration error); ioredis's usual backoff afterwards.
    retryStrategy: (times) => (connected ? Math.min(times * 50, 2000) : null),
  });
  let cause: unknown;
  const remember = (error: unknown) => (cause = error);
  redis.on('error', remember);
  try {
    await redis.connect();
  } catch (error) {
    throw new StartupError(`cannot connect to Redis at ${redactUrl(url)} (REDIS_URL): ${firstLine(cause ?? error)}`);
  }
  connected = true;
  redis.off('error', remember);
  // ioredis reconnects by itself; without a listener every failed attempt would also print a stack trace.
  redis.on('error', (error: unknown) => log.warn(`redis: ${firstLine(error)}`));
  return redis;
}

/** The service's database client: it gives up on a server within `STORE_SERVER_WAIT_MS`, start-up included. */
export async function openStore(config: ServiceConfig, log: StartupLog): Promise<DatabaseHandle> {
  try {
    return await openDatabase({
      url: config.mongodbUrl,
      dbName: config.mongodbDb,
      dataDir: config.dataDir,
      logger: (line) => log.info(line),
      appName: 'larder',
      serverSelectionTimeoutMS: STORE_SERVER_WAIT_MS,
    });
  } catch (error) {
    throw new StartupError(firstLine(error));
  }
}

/** The S3-compatible store `STORAGE_URL` names, checked once so that a wrong bucket or key stops start-up. */
async function openS3Storage(url: string, log: StartupLog): Promise<FileStore> {
  // Loaded only here: the AWS SDK is large, and a service on GridFS never needs it.
  const { parseStorageUrl, s3StoreFromSettings } = await import('@larder/adapters-s3');
  const settings = parseStorageUrl(url, process.env);
  if (settings.isErr()) throw new StartupError(`invalid configuration: ${settings.error}`);
  const store = s3StoreFromSettings(settings.value);
  const probe = await store.head('larder-start-up-check');
  if (probe.isErr()) throw new StartupError(`cannot use the object store STORAGE_URL names: ${probe.error.message}`);
  log.info(`files kept in the object store ${settings.value.bucket} (STORAGE_URL)`);
  return withFileDeadline(store);
}

/** On a fresh embedded database: the sample library, and a demo user unless an admin was configured. */
async function seedFreshLibrary(config: ServiceConfig, deps: UserDeps & Parameters<typeof loadSampleLibrary>[0], log: StartupLog) {
  const loaded = await loadSampleLibrary(deps);
  if (loaded.isErr()) throw new StartupError(`sample library: ${loaded.error.sample} failed to load (${loaded.error.error.type})`);
  log.info(`sample library loaded: ${loaded.value.recipes} recipes, ${loaded.value.products} products`);
  if (config.admin !== undefined) return null;
  const demo = await createDemoUser(deps, config.demoPassword);
  if (demo.isErr()) throw new StartupError(`demo user: ${demo.error.type}`);
  return demo.value;
}

const DEMO_USER_KEPT =
  `the library is not empty: no sample library loaded; the demo user ${DEMO_EMAIL} keeps the password it was created with ` +
  '(start with DEMO_PASSWORD=<password> to set it)';

/** A restart on kept data: the demo user gets `DEMO_PASSWORD` when it is given, else keeps its password (and says so). */
async function restartDemoUser(config: ServiceConfig, deps: UserDeps, log: StartupLog): Promise<DemoCredentials | null> {
  if (config.demoPassword === undefined) {
    log.info(DEMO_USER_KEPT);
    return null;
  }
  const demo = await applyDemoPassword(deps, config.demoPassword);
  if (demo.isErr()) throw new StartupError(`demo user: ${demo.error.type}`);
  log.info(`the library is not empty: no sample library loaded; the demo user ${DEMO_EMAIL} now has the password DEMO_PASSWORD gives`);
  return demo.value;
}

export async function startService(config: ServiceConfig, options: StartOptions): Promise<RunningService> {
  const { log } = options;
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close().catch((error: unknown) => log.warn(`while stopping: ${firstLine(error)}`));
  };
  const checkpoint = () => {
    if (options.signal?.aborted === true) throw new StartupError('start-up interrupted');
  };
  // The request log, in batches (composition/request-log.ts); closed last (closers run in reverse), after anything
  // that may still log.
  const requestLog = batchedRequestLog();
  closers.push(async () => requestLog.close());
  try {
    // Redis first: it fails fast, before an embedded engine is started and seeded for nothing.
    const redis = config.redisUrl === undefined ? undefined : await connectRedis(config.redisUrl, log);
    if (redis !== undefined) closers.push(() => redis.quit());
    checkpoint();
    const database = await openStore(config, log);
    closers.push(() => database.close());
    checkpoint();
    const embedded = database.engine !== 'mongodb-url';
    if (database.ephemeral) log.warn('the embedded database keeps its data only as long as this process runs; use an engine that keeps data (LARDER_DATA_DIR) or set MONGODB_URL to keep it');
    else if (embedded) log.info(`data kept across restarts in ${database.keptIn ?? 'the database'}`);
    // Ends with the whole setting, so that it can be pasted before `pnpm cli` to work on this service's data.
    if (embedded) log.info(`the CLI reaches this database with: MONGODB_URL=${database.url}`);
    const indexes = await ensureIndexes(database.db);
    if (indexes.isErr()) throw new StartupError(`cannot create the database indexes: ${indexes.error.message}`);
    const dropped = indexes.value.flatMap(({ collection, dropped: names }) => names.map((name) => `${collection}.${name}`));
    if (dropped.length > 0) log.info(`indexes of earlier versions dropped: ${dropped.join(', ')}`);
    // FerretDB on PostgreSQL: GIN indexes on its tables for the point lookups (a no-op on other engines).
    await ensureEngineIndexes(database, database.db).catch((error: unknown) => {
      throw new StartupError(`cannot create the engine's PostgreSQL indexes: ${error instanceof Error ? error.message : String(error)}`);
    });

    const container = options.container ?? serviceContainer();
    const files = config.storageUrl === undefined ? undefined : await openS3Storage(config.storageUrl, log);
    if (files === undefined) log.info('files (rendered documents, photos, covers) kept in the database, GridFS bucket "files"; STORAGE_URL moves them to an object store');
    const defaultClosers = registerServiceDefaults(container, {
      db: database.db,
      redis,
      files,
      render: { ...(config.renderThreads === undefined ? {} : { threads: config.renderThreads }), ...(config.renderQueue === undefined ? {} : { maxQueue: config.renderQueue }), warm: config.renderWarm, warmUp: config.renderWarm },
    });
    const { rateLimitStore, ...ports } = resolvePorts(container);
    // Closed after the HTTP app (closers run in reverse): renders in flight finish before their pool stops.
    closers.push(() => Promise.all(defaultClosers.map((close) => close())));
    const deps = { ...ports, salesPlatforms: config.salesPlatforms };
    // Asked only where it decides something (the sample library of an embedded engine): on FerretDB its query reads
    // the whole collection, past the store deadline at tens of thousands of recipes.
    const empty = embedded ? await isLibraryEmpty(ports) : ok(false);
    if (empty.isErr()) throw new StartupError(`cannot read the database: ${empty.error.message}`);
    if (config.admin !== undefined) {
      const created = await ensureUser(deps)(config.admin);
      if (created.isErr()) throw new StartupError(`cannot create the admin user (ADMIN_EMAIL): ${created.error.type}`);
      log.info(created.value ? `admin user ${config.admin.email} created` : `admin user ${config.admin.email} exists; its password is unchanged`);
    }
    checkpoint();
    let demo: DemoCredentials | null = null;
    // Once per database: a restart of a persistent embedded engine finds its library and users where it left them.
    if (embedded && empty.value) demo = await seedFreshLibrary(config, deps, log);
    else if (embedded && config.admin === undefined) demo = await restartDemoUser(config, deps, log);

    // Recipes listed from the search index (the default): built in the background, /readyz says when it is.
    let search: RecipeSearchSync | undefined;
    if (ports.recipes instanceof IndexedRecipeRepository) {
      // A snapshot of the index, every few minutes and at a clean stop, makes the next start read only the changes
      // since (not of a database thrown away on exit, whose next one is another).
      const snapshot = config.searchIndexSnapshot === undefined || database.ephemeral ? undefined : { snapshots: recipeIndexFile(config.searchIndexSnapshot), source: `${database.engine} ${database.keptIn ?? ''} ${database.db.databaseName}` };
      const sync = startRecipeSearchSync(ports.recipes, new MongoRecipeChangeFeed(database.db, ports.recipes.store), log, { snapshot, snapshotEveryMs: config.searchIndexSnapshotSeconds * 1000 });
      closers.push(() => sync.stop());
      search = sync;
    }
    // Products listed from their own index (the default), built beside the recipes' and polled in a loop of its own.
    let productSearch: IndexSync | undefined;
    if (ports.products instanceof IndexedProductRepository) {
      const sync = startProductSearchSync(ports.products, new MongoProductChangeFeed(database.db, ports.products), log);
      closers.push(() => sync.stop());
      productSearch = sync;
    }
    // Once per database, in the background after the index is built: documents of earlier versions lose their search keys.
    const slimming = startRecipeSlimming(database.db, log, () => search?.ready() ?? true);
    closers.push(() => slimming.stop());

    const publishing = await startPublishing(
      config,
      database.db,
      ports,
      (message, detail) => log.warn(`jobs: ${message}${detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`),
      (text) => log.info(text),
    );
    log.info(mailStartupLine(config));
    // Stopped after the HTTP app (closers run in reverse): no new work is queued while the runner winds down.
    closers.push(() => publishing.stop());
    if (config.secretKey === undefined) {
      log.warn('no LARDER_SECRET_KEY: platform credentials are sealed with a key generated once and kept in the database (collection "settings"); set LARDER_SECRET_KEY to keep the key apart from the data');
    }
    const { studio, note } = studioAtStartup(config.studioDir);
    if (note !== undefined) log.info(note);
    const app: FastifyInstance = await buildApp({
      ...ports,
      ...(studio === undefined ? {} : { studio }),
      publishing: publishing.deps,
      leadMagnets: publishing.leadMagnets,
      recipePages: recipePageSource(config.outboundAllowPrivate),
      readiness: async () => (search?.ready() ?? true) && (productSearch?.ready() ?? true) && (await pingDatabase(database.db, READINESS_TIMEOUT_MS)),
      config: {
        jwtSecret: config.jwtSecret,
        rateLimit: config.rateLimit,
        ...(rateLimitStore.kind === 'redis' ? { redis: rateLimitStore.redis } : {}),
        salesPlatforms: config.salesPlatforms,
        corsOrigins: config.corsOrigins,
        trustProxy: config.trustProxy,
        requestTimeoutMs: config.requestTimeoutMs,
        allowHttpLinks: config.outboundAllowPrivate,
      },
      logger: { level: config.logLevel, stream: requestLog.stream },
    });
    const beginShutdown = closeConnectionsOnShutdown(app.server);
    closers.push(() => {
      beginShutdown();
      return app.close();
    });
    checkpoint();
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      throw new StartupError(`cannot listen on ${config.host}:${config.port} (HOST, PORT): ${firstLine(error)}`);
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    if (demo !== null) print(demoCredentialsBlock(demo, url, database.ephemeral));
    log.info(listeningLine(url, studio !== undefined));
    return { url, engine: database.engine, stop: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
