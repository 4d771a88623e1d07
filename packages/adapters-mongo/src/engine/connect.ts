import { connectClient } from './client.js';
import type { ClientOptions } from './client.js';
import { probeDocker } from './docker-probe.js';
import { DatabaseEngineError, describeError } from './errors.js';
import { locateJongodb, startJongodb } from './jongodb.js';
import { memoryServerAvailability, startMemoryServer } from './memory-server.js';
import { redactUrl } from './redact.js';
import { DEFAULT_DATABASE_NAME, urlWithDatabase } from './database-name.js';
import { containerImage, startMongoContainer } from './testcontainers.js';
import type { Availability, DatabaseHandle, EngineKind, OpenDatabaseOptions, StartedEngine } from './types.js';

interface Candidate {
  kind: Exclude<EngineKind, 'mongodb-url'>;
  describe(): string;
  availability(): Promise<Availability>;
  start(): Promise<StartedEngine>;
}

// Most faithful first: a real mongod in Docker, then a real mongod binary, then the emulator, which has gaps.
const CANDIDATES: readonly Candidate[] = [
  {
    kind: 'testcontainers',
    describe: () => `real mongod in a throwaway Docker container, ${containerImage()}`,
    availability: probeDocker,
    start: startMongoContainer,
  },
  {
    kind: 'mongodb-memory-server',
    describe: () => 'real mongod binary, data in a temporary directory removed on close',
    availability: memoryServerAvailability,
    start: startMemoryServer,
  },
  {
    kind: 'jongodb',
    describe: () => 'embedded MongoDB-compatible emulator; data lives only as long as this process',
    availability: async () => {
      const located = locateJongodb();
      return 'path' in located ? { ok: true } : { ok: false, reason: located.reason };
    },
    start: () => startJongodb(),
  },
];

function handle(fields: Omit<DatabaseHandle, 'close'>, stopEngine: () => Promise<void>): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return {
    ...fields,
    close: () => {
      closing ??= (async () => {
        try {
          await fields.client.close();
        } finally {
          await stopEngine();
        }
      })();
      return closing;
    },
  };
}

async function startEmbedded(candidate: Candidate, options: ClientOptions): Promise<DatabaseHandle> {
  const engine = await candidate.start();
  try {
    const { client, db } = await connectClient(engine.url, options);
    // The URL names the database in use, so that it can be handed as it is to another client (the CLI).
    const fields = { client, db, engine: candidate.kind, url: urlWithDatabase(redactUrl(engine.url), db.databaseName), ephemeral: true };
    return handle(fields, () => engine.stop());
  } catch (error) {
    await engine.stop();
    throw error;
  }
}

/**
 * A connected database: the given URL, or else the most faithful engine this machine can run (Docker, a mongod
 * binary, the jongodb emulator). Logs one line saying which engine was taken and why the earlier ones were not.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const log = options.logger ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clientOptions: ClientOptions = {
    dbName: options.dbName,
    appName: options.appName,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS,
  };
  if (options.url !== undefined && options.url !== '') {
    const { client, db } = await connectClient(options.url, clientOptions);
    const url = redactUrl(options.url);
    log(`database engine: mongodb-url (${url}, database ${db.databaseName})`);
    return handle({ client, db, engine: 'mongodb-url', url, ephemeral: false }, async () => undefined);
  }
  const embeddedOptions = { ...clientOptions, dbName: options.dbName ?? DEFAULT_DATABASE_NAME };
  const skipped = ['no MONGODB_URL'];
  for (const candidate of CANDIDATES) {
    const availability = await candidate.availability();
    if (!availability.ok) {
      skipped.push(availability.reason);
      continue;
    }
    try {
      const opened = await startEmbedded(candidate, embeddedOptions);
      log(`database engine: ${candidate.kind} (${candidate.describe()}) — ${skipped.join(', ')}`);
      return opened;
    } catch (error) {
      skipped.push(`${candidate.kind} failed to start (${describeError(error)})`);
    }
  }
  throw new DatabaseEngineError(`no database engine could be started — ${skipped.join(', ')}`);
}
