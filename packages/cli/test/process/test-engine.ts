import { startTestDatabase, type TestEngine as EngineChoice } from '@larder/adapters-mongo/testing';

export { testEngines } from '@larder/adapters-mongo/testing';

export interface TestEngine {
  /** The connection string to hand to the CLI. */
  readonly url: string;
  /** A database name no other test uses. */
  freshDbName(label: string): string;
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
    stop: () => database.stop(),
  };
}
