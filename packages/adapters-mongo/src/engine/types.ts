import type { Db, MongoClient } from 'mongodb';

export type EngineKind = 'mongodb-url' | 'testcontainers' | 'mongodb-memory-server' | 'ferretdb-postgresql' | 'ferretdb-sqlite' | 'jongodb';

/** The embedded engines, in the order `openDatabase` tries them. */
export type EmbeddedEngineName = 'testcontainers' | 'mongodb-memory-server' | 'ferretdb' | 'jongodb';

export interface OpenDatabaseOptions {
  /** A MongoDB connection string; the composition root passes `process.env.MONGODB_URL`. */
  url?: string | undefined;
  /** Defaults to the URL's database (driver default `test`) for a URL, `larder` for an embedded engine. */
  dbName?: string | undefined;
  /** Receives the one line saying which engine was taken; defaults to stderr. */
  logger?: ((line: string) => void) | undefined;
  appName?: string | undefined;
  /** Bounds how long an unreachable server can stall start-up; default 5000. */
  serverSelectionTimeoutMS?: number | undefined;
  /**
   * Where an embedded engine that can keep data keeps it across restarts (a mongod's dbPath, FerretDB's SQLite
   * files; FerretDB on PostgreSQL keeps it in the `LARDER_POSTGRESQL_URL` database). Unset: every engine's data is
   * thrown away on close.
   */
  dataDir?: string | undefined;
  /** Only these embedded engines (tests pin one); default: all, in order. */
  engines?: readonly EmbeddedEngineName[] | undefined;
}

export interface DatabaseHandle {
  client: MongoClient;
  db: Db;
  engine: EngineKind;
  /** Connection string with credentials redacted, safe to log; an embedded engine's names the database in use. */
  url: string;
  /** True when the data disappears with `close()`. */
  ephemeral: boolean;
  /** Where the data stays after `close()` (for people), when it does. */
  keptIn: string | undefined;
  /** FerretDB on PostgreSQL: the PostgreSQL database it writes to (password included: not for logs). */
  postgresqlDatabase?: URL | undefined;
  /** Closes the client and stops the engine; safe to call more than once. */
  close(): Promise<void>;
}

/** An engine process or container that serves `url` until `stop()`. */
export interface StartedEngine {
  url: string;
  stop(): Promise<void>;
  /** Where the data stays after `stop()`; unset when `stop()` throws it away. */
  keptIn?: string | undefined;
  /** FerretDB on PostgreSQL: the PostgreSQL database it writes to. */
  postgresqlDatabase?: URL | undefined;
}

export type Availability = { ok: true } | { ok: false; reason: string };
