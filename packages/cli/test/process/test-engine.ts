import { createMongoRepositories, type MongoRepositories } from '@larder/adapters-mongo';
import { startTestDatabase, type TestEngine as EngineChoice } from '@larder/adapters-mongo/testing';

export { testEngines } from '@larder/adapters-mongo/testing';

export interface TestEngine {
  /** The connection string to hand to the CLI. */
  readonly url: string;
  /** A database name no other test uses. */
  freshDbName(label: string): string;
  /** A fresh database and the repositories on it, to put in place what no CLI command writes (products). */
  freshRepositories(label: string): { readonly name: string; readonly repositories: MongoRepositories };
  stop(): Promise<void>;
}

/**
 * adapters-mongo's test database (one engine per file, `MONGODB_URL` when set, fresh databases dropped afterwards on
 * a shared server), seen as the CLI sees it: a URL and database names for `--mongodb-url` / `--mongodb-db`.
 */
export async function startTestEngine(choice?: EngineChoice): Promise<TestEngine> {
  const database = await startTestDatabase(choice);
  const given = choice === undefined ? process.env['MONGODB_URL'] : choice.open.url;
  return {
    // The handle's URL has its password redacted; a given URL is handed on as it is.
    url: given !== undefined && given !== '' ? given : database.handle.url,
    freshDbName: (label) => database.freshDb(`cli_${label}`).databaseName,
    freshRepositories: (label) => {
      const db = database.freshDb(`cli_${label}`);
      return { name: db.databaseName, repositories: createMongoRepositories(db) };
    },
    stop: () => database.stop(),
  };
}
