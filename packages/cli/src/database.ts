import type { EnsuredIndexes, SlimmingReport } from '@larder/adapters-mongo';
import type { FileStore, JobQueue, ProductRepository, RecipeRepository, SaleRepository, SalesPlatform, SecretBox, StoreUnavailable, UserRepository, ProfileRepository, ConnectionRepository, ListingRepository } from '@larder/domain';
import { ResultAsync, errAsync, type Result } from 'neverthrow';
import { chooseDatabaseName } from '@larder/adapters-mongo/database-name';
import type { CliIo } from './cli-io.js';

export interface DatabaseOptions {
  readonly mongodbUrl?: string;
  readonly mongodbDb?: string;
}

/** What the commands need of the database, behind the domain's ports. */
export interface Store {
  /** The database in use (the URL's, else `--mongodb-db` / `MONGODB_DB`, else `larder`). */
  readonly databaseName: string;
  readonly recipes: RecipeRepository;
  readonly products: ProductRepository;
  readonly users: UserRepository;
  /** Creators' profiles: documents and listings carry the publisher's brand (absent: no brand). */
  readonly profiles?: ProfileRepository;
  /** Sales that came back from the platforms (the service's). */
  readonly sales: SaleRepository;
  /** Where rendered documents are kept: the service's own (GridFS in this database), so each finds the other's. */
  readonly files: FileStore;
  ensureIndexes(): ResultAsync<readonly EnsuredIndexes[], StoreUnavailable>;
  /** Removes the search keys recipe documents of earlier versions carry, once (see docs/mongodb-adapter.md, "Migrations"). */
  slimRecipeDocuments(): Promise<SlimmingReport>;
  /** Listings, connections and the job queue: the service's, in this database (made on first use). */
  publishing(): Promise<StorePublishing>;
  /**
   * False when the database holds no recipe of any status (no `recipes` collection, or an empty one): most likely not
   * the database the operator meant. A document lookup rather than `listCollections`, which the emulator lacks.
   */
  holdsAnyRecipe(): Promise<boolean>;
  close(): Promise<void>;
}

/** What `products publish` and `products listings` need: the service's own stores and platforms. */
export interface StorePublishing {
  readonly listings: ListingRepository;
  readonly connections: ConnectionRepository;
  readonly queue: JobQueue;
  /** Opens the connections' credentials: `LARDER_SECRET_KEY`, else the key the service keeps in the database. */
  readonly secrets: SecretBox;
  /** `SALES_PLATFORMS` (default etsy, gumroad) with the service's platform variables. */
  readonly platforms: readonly SalesPlatform[];
}

export type OpenStore = (options: DatabaseOptions, io: CliIo) => ResultAsync<Store, string>;

// Long enough for a distant server, short enough that a wrong host fails while the operator is still watching.
const CONNECT_TIMEOUT_MS = 5000;

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

function databaseName(url: string, setting: string | undefined): Result<string, string> {
  return chooseDatabaseName(url, setting).mapErr((problem) =>
    problem.kind === 'conflict'
      ? `the URL names the database ${JSON.stringify(problem.inUrl)} but --mongodb-db / MONGODB_DB says ${JSON.stringify(problem.setting)}: give one of them`
      : `${JSON.stringify(problem.name)} is not a database name (1 to 63 characters, none of /\\. "$*<>:|?)`,
  );
}

/**
 * The service's file store: the object store `STORAGE_URL` names (loaded only then: the AWS SDK is large), else
 * GridFS in the database, so that a document the CLI renders is the one the service serves, and the other way round.
 */
export class StorageSettingError extends Error {}

async function fileStoreFor(io: CliIo, gridfs: () => FileStore): Promise<FileStore> {
  const url = io.env['STORAGE_URL']?.trim();
  if (url === undefined || url === '') return gridfs();
  const { parseStorageUrl, s3StoreFromSettings } = await import('@larder/adapters-s3');
  const settings = parseStorageUrl(url, io.env);
  if (settings.isErr()) throw new StorageSettingError(settings.error);
  return s3StoreFromSettings(settings.value);
}

/**
 * The database named by `--mongodb-url` / `MONGODB_URL`: the URL's database, else `--mongodb-db` / `MONGODB_DB`, else
 * `larder`, the service's rule, so that the CLI and the service given one URL see one library. Unlike the service,
 * the CLI never starts an embedded engine: an import into a database that vanishes on exit would be a silent loss.
 */
export const openMongoStore: OpenStore = (options, io) => {
  const url = options.mongodbUrl ?? io.env['MONGODB_URL'];
  if (url === undefined || url.trim() === '') {
    return errAsync('no database: pass --mongodb-url or set MONGODB_URL');
  }
  const dbName = databaseName(url, options.mongodbDb ?? io.env['MONGODB_DB']);
  if (dbName.isErr()) return errAsync(dbName.error);
  // Loaded on demand: `--help` and usage errors answer without loading the driver.
  const opening = import('@larder/adapters-mongo').then(async (mongo): Promise<Store> => {
    const handle = await mongo.openDatabase({
      url,
      dbName: dbName.value,
      appName: 'larder-cli',
      logger: () => undefined,
      serverSelectionTimeoutMS: CONNECT_TIMEOUT_MS,
    });
    const repositories = mongo.createMongoRepositories(handle.db);
    const files = await fileStoreFor(io, () => new mongo.GridFsFileStore(handle.db)).catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    return {
      databaseName: handle.db.databaseName,
      recipes: repositories.recipes,
      products: repositories.products,
      users: repositories.users,
      profiles: repositories.profiles,
      sales: new mongo.MongoSaleRepository(handle.db),
      files,
      ensureIndexes: () => mongo.ensureIndexes(handle.db),
      slimRecipeDocuments: () => mongo.slimRecipeDocuments(handle.db),
      publishing: async () => {
        const [{ configuredPlatforms, platformSettingsFromEnv }, domain] = await Promise.all([import('@larder/adapters-sales'), import('@larder/domain')]);
        const given = io.env['LARDER_SECRET_KEY']?.trim();
        const key = given === undefined || given === '' ? (await mongo.loadOrCreateSecretKey(handle.db)).key : domain.parseSecretKey(given);
        if (key === null) throw new StorageSettingError('LARDER_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
        const listed = io.env['SALES_PLATFORMS']?.trim();
        const platforms = listed === undefined || listed === '' ? [...domain.DEFAULT_SALES_PLATFORMS] : listed.split(',').map((item) => item.trim());
        return {
          listings: new mongo.MongoListingRepository(handle.db),
          connections: new mongo.MongoConnectionRepository(handle.db),
          queue: new mongo.MongoJobQueue(handle.db),
          secrets: domain.aesGcmSecretBox(key),
          platforms: configuredPlatforms(platformSettingsFromEnv(io.env, platforms)),
        };
      },
      holdsAnyRecipe: async () => (await handle.db.collection('recipes').findOne({}, { projection: { _id: 1 } })) !== null,
      close: () => handle.close(),
    };
  });
  return ResultAsync.fromPromise(opening, (error) => (error instanceof StorageSettingError ? error.message : `cannot connect to the database: ${oneLine(error)}`));
};
