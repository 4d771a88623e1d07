import type { Db } from 'mongodb';
import { createMongoRepositories, type MongoRepositories } from '@larder/adapters-mongo';
import { urlWithDatabase } from '@larder/adapters-mongo/database-name';
import { startTestDatabase, type TestEngine as EngineChoice } from '@larder/adapters-mongo/testing';

export { primaryTestEngine } from '@larder/adapters-mongo/testing';

export interface TestEngine {
  /** The connection string to hand to the CLI, naming no database (tests name theirs with `--mongodb-db`). */
  readonly url: string;
  /** True on a server given by `MONGODB_URL`, which may hold other databases than the tests'. */
  readonly shared: boolean;
  /** A database name no other test uses. */
  freshDbName(label: string): string;
  /** A fresh database and the repositories on it, to put in place what no CLI command writes (products). */
  freshRepositories(label: string): { readonly name: string; readonly repositories: MongoRepositories; readonly db: Db };
  stop(): Promise<void>;
}

/**
 * adapters-mongo's test database (one engine per file, `MONGODB_URL` when set, fresh databases dropped afterwards on
 * a shared server), seen as the CLI sees it: a URL and database names for `--mongodb-url` / `--mongodb-db`.
 */
export async function startTestEngine(choice?: EngineChoice): Promise<TestEngine> {
  const database = await startTestDatabase(choice);
  const given = choice === undefined ? process.env['MONGODB_URL'] : choice.open.url;
  // Only a server given by URL (MONGODB_URL) may hold other databases; an engine started for this file has no URL here.
  const shared = given !== undefined && given !== '';
  return {
    // The handle's URL has its password redacted; a given URL is handed on as it is.
    url: urlWithDatabase(shared ? given : database.handle.url, undefined),
    shared,
    freshDbName: (label) => database.freshDb(`cli_${label}`).databaseName,
    freshRepositories: (label) => {
      const db = database.freshDb(`cli_${label}`);
      return { name: db.databaseName, repositories: createMongoRepositories(db), db };
    },
    stop: () => database.stop(),
  };
}
