/**
 * FerretDB 1.24 (a MongoDB-compatible server, built by scripts/build-ferretdb.sh into .tools/bin) with its
 * PostgreSQL backend when a PostgreSQL answers, else its SQLite backend. Always on 127.0.0.1, telemetry off, its
 * debug handler on a random loopback port.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildEngine } from './child-engine.js';
import {
  describePostgresql,
  dropPostgresqlDatabase,
  ensurePostgresqlDatabase,
  postgresqlAvailability,
  postgresqlUrl,
  preferCustomPlans,
  withDatabase,
} from './postgresql.js';
import type { Availability, StartedEngine } from './types.js';

// src/engine and dist/engine are both four levels below the repository root.
const PROJECT_BINARY = fileURLToPath(new URL('../../../../.tools/bin/ferretdb', import.meta.url));

/** Path of the FerretDB binary, or why there is none; `FERRETDB_BINARY_PATH` overrides the project's build. */
export function locateFerretdb(): { path: string } | { reason: string } {
  const override = process.env['FERRETDB_BINARY_PATH'];
  if (override !== undefined && override !== '') return existsSync(override) ? { path: override } : { reason: `no FerretDB binary at FERRETDB_BINARY_PATH=${override}` };
  if (existsSync(PROJECT_BINARY)) return { path: PROJECT_BINARY };
  return { reason: 'no FerretDB binary (scripts/bootstrap.sh builds it when Go is installed)' };
}

export function ferretdbAvailability(): Availability {
  const located = locateFerretdb();
  return 'path' in located ? { ok: true } : { ok: false, reason: located.reason };
}

export type FerretdbBackend = 'postgresql' | 'sqlite';

export interface FerretdbOptions {
  /** Keep the data here (SQLite) or in the `LARDER_POSTGRESQL_URL` database; unset: a throwaway database. */
  readonly dataDir?: string | undefined;
  /** Skip the PostgreSQL probe (tests pin a backend). */
  readonly backend?: FerretdbBackend | undefined;
  readonly startupTimeoutMs?: number;
}

export interface StartedFerretdb extends StartedEngine {
  readonly backend: FerretdbBackend;
  /** Why PostgreSQL was not used, when it was not. */
  readonly postgresqlSkipped: string | undefined;
  /** The PostgreSQL database FerretDB writes to (password included: not for logs), on that backend. */
  readonly postgresqlDatabase: URL | undefined;
}

interface Storage {
  readonly args: string[];
  readonly postgresqlDatabase?: URL;
  readonly keptIn: string | undefined;
  readonly release: () => Promise<void>;
}

async function postgresqlStorage(dataDir: string | undefined): Promise<Storage> {
  const configured = postgresqlUrl();
  // A throwaway database per process: FerretDB maps each MongoDB database to a schema inside it.
  const url = dataDir === undefined ? withDatabase(configured, `larder_tmp_${randomBytes(6).toString('hex')}`) : configured;
  const created = await ensurePostgresqlDatabase(url);
  // Before FerretDB connects: its connections then plan each query with its values, so that the GIN indexes of
  // ensureFerretdbPostgresqlIndexes serve its point queries (ferretdb-postgresql-indexes.ts). Only speed depends
  // on it: a role that may not alter the database still gets a working FerretDB.
  await preferCustomPlans(url).catch(() => undefined);
  return {
    args: ['--handler=postgresql', `--postgresql-url=${url.href}`],
    postgresqlDatabase: url,
    keptIn: dataDir === undefined ? undefined : `PostgreSQL database ${describePostgresql(url)}${created ? ' (created now)' : ''}`,
    release: dataDir === undefined ? () => dropPostgresqlDatabase(url) : async () => undefined,
  };
}

function sqliteStorage(dataDir: string | undefined): Storage {
  const dir = dataDir === undefined ? mkdtempSync(join(tmpdir(), 'larder-ferretdb-')) : resolve(dataDir, 'ferretdb-sqlite');
  mkdirSync(dir, { recursive: true });
  return {
    // FerretDB wants a directory URI with a trailing slash: one SQLite file per MongoDB database.
    args: ['--handler=sqlite', `--sqlite-url=file:${dir}/`],
    keptIn: dataDir === undefined ? undefined : `SQLite files in ${dir}`,
    release: async () => {
      if (dataDir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts FerretDB on a free loopback port (it binds port 0 and logs the port it got). */
export async function startFerretdb(options: FerretdbOptions = {}): Promise<StartedFerretdb> {
  const located = locateFerretdb();
  if ('reason' in located) throw new Error(located.reason);
  let postgresqlSkipped: string | undefined;
  let backend: FerretdbBackend = options.backend ?? 'postgresql';
  if (options.backend === undefined) {
    const availability = await postgresqlAvailability(postgresqlUrl());
    if (!availability.ok) {
      backend = 'sqlite';
      postgresqlSkipped = availability.reason;
    }
  }
  const storage = backend === 'postgresql' ? await postgresqlStorage(options.dataDir) : sqliteStorage(options.dataDir);
  // FerretDB writes a state file (its instance id) into the state directory.
  const stateDir = options.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'larder-ferretdb-state-')) : resolve(options.dataDir, 'ferretdb-state');
  mkdirSync(stateDir, { recursive: true });
  const releaseAll = async (): Promise<void> => {
    try {
      await storage.release();
    } finally {
      if (options.dataDir === undefined) rmSync(stateDir, { recursive: true, force: true });
    }
  };
  let engine: { url: string; stop: () => Promise<void> };
  try {
    engine = await startChildEngine({
      name: 'FerretDB',
      path: located.path,
      args: [
        '--listen-addr=127.0.0.1:0',
        '--debug-addr=127.0.0.1:0',
        '--telemetry=disable',
        `--state-dir=${stateDir}`,
        '--log-format=text',
        // INFO: readiness is read from the listener's INFO line.
        '--log-level=INFO',
        ...storage.args,
      ],
      startupTimeoutMs: options.startupTimeoutMs ?? 20_000,
      ready: ({ stderr, stdout }) => {
        const output = stderr + stdout;
        const port = /Listening on TCP 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
        if (port !== undefined) return { url: `mongodb://127.0.0.1:${port}/` };
        const failure = /level=ERROR .*msg="([^"]*)"/.exec(output)?.[1] ?? /^panic: (.*)$/m.exec(output)?.[1];
        return failure === undefined ? undefined : { failure };
      },
    });
  } catch (error) {
    await releaseAll();
    throw error;
  }
  return {
    url: engine.url,
    backend,
    postgresqlSkipped,
    postgresqlDatabase: storage.postgresqlDatabase,
    keptIn: storage.keptIn,
    stop: async () => {
      try {
        await engine.stop();
      } finally {
        await releaseAll();
      }
    },
  };
}
