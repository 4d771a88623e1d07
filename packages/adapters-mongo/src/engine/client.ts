import { MongoClient, MongoServerSelectionError } from 'mongodb';
import type { Db } from 'mongodb';
import { DatabaseUnreachableError, describeError } from './errors.js';
import { redactUrl, scrubSecrets } from './redact.js';

export const DEFAULT_SERVER_SELECTION_TIMEOUT_MS = 5000;

export interface ClientOptions {
  dbName?: string | undefined;
  appName?: string | undefined;
  serverSelectionTimeoutMS?: number | undefined;
}

/**
 * Connects and pings, so a wrong host, port or password fails here, at start-up, within the server selection
 * timeout, instead of on the first request. Failures become one-line `DatabaseUnreachableError`s without the
 * driver's stack or the password.
 */
export async function connectClient(url: string, options: ClientOptions): Promise<{ client: MongoClient; db: Db }> {
  const timeout = options.serverSelectionTimeoutMS ?? DEFAULT_SERVER_SELECTION_TIMEOUT_MS;
  const fail = (error: unknown, context: string): DatabaseUnreachableError =>
    new DatabaseUnreachableError(redactUrl(url), `${context}${scrubSecrets(describeError(error), url)}`);
  let client: MongoClient;
  try {
    client = new MongoClient(url, {
      serverSelectionTimeoutMS: timeout,
      // Without it a black-holed host holds the first command for the driver's 30 s default.
      connectTimeoutMS: timeout,
      ...(options.appName === undefined ? {} : { appName: options.appName }),
    });
  } catch (error) {
    throw fail(error, 'not a valid MongoDB connection string: ');
  }
  try {
    await client.connect();
    const db = client.db(options.dbName);
    await db.command({ ping: 1 });
    return { client, db };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw fail(error, error instanceof MongoServerSelectionError ? `no server answered within ${timeout} ms: ` : '');
  }
}
