import type { EnsuredIndexes } from '@larder/adapters-mongo';
import type { ProductRepository, RecipeRepository, StoreUnavailable, UserRepository } from '@larder/domain';
import { ResultAsync, errAsync } from 'neverthrow';
import type { CliIo } from './cli-io.js';

export interface DatabaseOptions {
  readonly mongodbUrl?: string;
  readonly mongodbDb?: string;
}

/** What the commands need of the database, behind the domain's ports. */
export interface Store {
  readonly recipes: RecipeRepository;
  readonly products: ProductRepository;
  readonly users: UserRepository;
  ensureIndexes(): ResultAsync<readonly EnsuredIndexes[], StoreUnavailable>;
  close(): Promise<void>;
}

export type OpenStore = (options: DatabaseOptions, io: CliIo) => ResultAsync<Store, string>;

// Long enough for a distant server, short enough that a wrong host fails while the operator is still watching.
const CONNECT_TIMEOUT_MS = 5000;

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * The database named by `--mongodb-url` / `MONGODB_URL` (and `--mongodb-db` / `MONGODB_DB`). Unlike the service,
 * the CLI never starts an embedded engine: an import into a database that vanishes on exit would be a silent loss.
 */
export const openMongoStore: OpenStore = (options, io) => {
  const url = options.mongodbUrl ?? io.env['MONGODB_URL'];
  if (url === undefined || url.trim() === '') {
    return errAsync('no database: pass --mongodb-url or set MONGODB_URL');
  }
  const dbName = options.mongodbDb ?? io.env['MONGODB_DB'];
  // Loaded on demand: `--help` and usage errors answer without loading the driver.
  const opening = import('@larder/adapters-mongo').then(async (mongo) => {
    const handle = await mongo.openDatabase({
      url,
      dbName: dbName === '' ? undefined : dbName,
      appName: 'larder-cli',
      logger: () => undefined,
      serverSelectionTimeoutMS: CONNECT_TIMEOUT_MS,
    });
    const repositories = mongo.createMongoRepositories(handle.db);
    return {
      recipes: repositories.recipes,
      products: repositories.products,
      users: repositories.users,
      ensureIndexes: () => mongo.ensureIndexes(handle.db),
      close: () => handle.close(),
    };
  });
  return ResultAsync.fromPromise(opening, (error) => `cannot connect to the database: ${oneLine(error)}`);
};
