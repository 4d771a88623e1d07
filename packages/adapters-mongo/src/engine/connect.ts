import { connectClient } from './client.js';
import type { ClientOptions } from './client.js';
import { probeDocker } from './docker-probe.js';
import { DatabaseEngineError, describeError } from './errors.js';
import { ferretdbAvailability, startFerretdb } from './ferretdb.js';
import { locateJongodb, startJongodb } from './jongodb.js';
import { memoryServerAvailability, startMemoryServer } from './memory-server.js';
import { redactUrl } from './redact.js';
import { DEFAULT_DATABASE_NAME, urlWithDatabase } from './database-name.js';
import { containerImage, startMongoContainer } from './testcontainers.js';
import type { Availability, DatabaseHandle, EmbeddedEngineName, EngineKind, OpenDatabaseOptions, StartedEngine } from './types.js';

interface Started {
  engine: StartedEngine;
  kind: Exclude<EngineKind, 'mongodb-url'>;
  /** For the `database engine:` line: what it is, where its data goes, and any choice it made. */
  description: string;
}

interface Candidate {
  /** Names the engine in the reasons it was passed over. */
  name: EmbeddedEngineName;
  availability(): Promise<Availability>;
  start(dataDir: string | undefined): Promise<Started>;
}

const kept = (engine: StartedEngine, ephemeralNote: string): string => (engine.keptIn === undefined ? ephemeralNote : `data kept in ${engine.keptIn}`);

// Most faithful first: a real mongod in Docker, then a real mongod binary, then FerretDB (a production server with
// documented differences), then the emulator, which has gaps.
const CANDIDATES: readonly Candidate[] = [
  {
    name: 'testcontainers',
    availability: probeDocker,
    start: async () => ({
      engine: await startMongoContainer(),
      kind: 'testcontainers',
      description: `real mongod in a throwaway Docker container, ${containerImage()}`,
    }),
  },
  {
    name: 'mongodb-memory-server',
    availability: memoryServerAvailability,
    start: async (dataDir) => {
      const engine = await startMemoryServer(dataDir);
      return { engine, kind: 'mongodb-memory-server', description: `real mongod binary, ${kept(engine, 'data in a temporary directory removed on close')}` };
    },
  },
  {
    name: 'ferretdb',
    availability: async () => ferretdbAvailability(),
    start: async (dataDir) => {
      const engine = await startFerretdb({ dataDir });
      const backend = engine.backend === 'postgresql' ? 'PostgreSQL backend' : `SQLite backend (${engine.postgresqlSkipped ?? 'chosen'})`;
      const where = kept(engine, 'data in a throwaway database removed on close');
      return { engine, kind: `ferretdb-${engine.backend}`, description: `FerretDB 1.24 on its ${backend}, ${where}` };
    },
  },
  {
    name: 'jongodb',
    availability: async () => {
      const located = locateJongodb();
      return 'path' in located ? { ok: true } : { ok: false, reason: located.reason };
    },
    start: async () => ({
      engine: await startJongodb(),
      kind: 'jongodb',
      description: 'embedded MongoDB-compatible emulator; data lives only as long as this process',
    }),
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

async function connectStarted(started: Started, options: ClientOptions): Promise<DatabaseHandle> {
  const { engine, kind } = started;
  try {
    const { client, db } = await connectClient(engine.url, options);
    // The URL names the database in use, so that it can be handed as it is to another client (the CLI).
    const url = urlWithDatabase(redactUrl(engine.url), db.databaseName);
    const fields = { client, db, engine: kind, url, ephemeral: engine.keptIn === undefined, keptIn: engine.keptIn, postgresqlDatabase: engine.postgresqlDatabase };
    return handle(fields, () => engine.stop());
  } catch (error) {
    await engine.stop();
    throw error;
  }
}

/**
 * A connected database: the given URL, or else the most faithful engine this machine can run (Docker, a mongod
 * binary, FerretDB, the jongodb emulator). Logs one line saying which engine was taken and why the earlier ones
 * were not.
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
    return handle({ client, db, engine: 'mongodb-url', url, ephemeral: false, keptIn: `the server at ${url}` }, async () => undefined);
  }
  const embeddedOptions = { ...clientOptions, dbName: options.dbName ?? DEFAULT_DATABASE_NAME };
  const skipped = ['no MONGODB_URL'];
  const allowed = options.engines;
  for (const candidate of CANDIDATES.filter(({ name }) => allowed?.includes(name) ?? true)) {
    const availability = await candidate.availability();
    if (!availability.ok) {
      skipped.push(availability.reason);
      continue;
    }
    try {
      const started = await candidate.start(options.dataDir);
      const opened = await connectStarted(started, embeddedOptions);
      log(`database engine: ${started.kind} (${started.description}) — ${skipped.join(', ')}`);
      return opened;
    } catch (error) {
      skipped.push(`${candidate.name} failed to start (${describeError(error)})`);
    }
  }
  throw new DatabaseEngineError(`no database engine could be started — ${skipped.join(', ')}`);
}

/** The first of `names` (in the chain's order) this machine can run, without starting it; undefined when none. */
export async function firstAvailableEngine(names: readonly EmbeddedEngineName[]): Promise<EmbeddedEngineName | undefined> {
  for (const candidate of CANDIDATES.filter(({ name }) => names.includes(name))) {
    if ((await candidate.availability()).ok) return candidate.name;
  }
  return undefined;
}
