import type { Db, MongoClient } from 'mongodb';

export type EngineKind = 'mongodb-url' | 'testcontainers' | 'mongodb-memory-server' | 'jongodb';

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
}

export interface DatabaseHandle {
  client: MongoClient;
  db: Db;
  engine: EngineKind;
  /** Connection string with credentials redacted, safe to log; an embedded engine's names the database in use. */
  url: string;
  /** True when the data disappears with `close()` (every engine except `mongodb-url`). */
  ephemeral: boolean;
  /** Closes the client and stops the engine; safe to call more than once. */
  close(): Promise<void>;
}

/** An engine process or container that serves `url` until `stop()`. */
export interface StartedEngine {
  url: string;
  stop(): Promise<void>;
}

export type Availability = { ok: true } | { ok: false; reason: string };
