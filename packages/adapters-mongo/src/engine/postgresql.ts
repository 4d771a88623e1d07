/**
 * The PostgreSQL that FerretDB keeps its data in: whether one answers, and its databases, through `psql` (present
 * wherever a PostgreSQL client is installed; a driver dependency just for CREATE and DROP DATABASE would be heavier).
 */
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { describeError } from './errors.js';
import type { Availability } from './types.js';

const PROBE_TIMEOUT_MS = 300;
const PSQL_TIMEOUT_MS = 15_000;
/** Where FerretDB's PostgreSQL backend keeps the service's data unless `LARDER_POSTGRESQL_URL` says otherwise. */
export const DEFAULT_POSTGRESQL_URL = 'postgres://postgres@127.0.0.1:5432/larder';
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function postgresqlUrl(): URL {
  const given = process.env['LARDER_POSTGRESQL_URL'];
  return new URL(given !== undefined && given !== '' ? given : DEFAULT_POSTGRESQL_URL);
}

/** The same server with another database (the URL's password kept: psql and FerretDB both need it). */
export function withDatabase(url: URL, database: string): URL {
  const copy = new URL(url.href);
  copy.pathname = `/${database}`;
  return copy;
}

export function databaseOf(url: URL): string {
  return decodeURIComponent(url.pathname.slice(1));
}

/** `user@host:port/database`, without the password, for log lines. */
export function describePostgresql(url: URL): string {
  return `${url.username === '' ? '' : `${decodeURIComponent(url.username)}@`}${url.hostname}:${url.port || '5432'}/${databaseOf(url)}`;
}

function psql(url: URL, sql: string): Promise<string> {
  return psqlIn(withDatabase(url, 'postgres'), sql);
}

/** Runs `sql` in the URL's own database; resolves to its unaligned output. */
export function psqlIn(url: URL, sql: string, timeoutMs = PSQL_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('psql', [url.href, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql], { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout.trim());
      else reject(new Error(`psql: ${(stderr.trim() || describeError(error)).split('\n', 1)[0]}`));
    });
  });
}

function tcpAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), PROBE_TIMEOUT_MS);
    socket.once('error', () => done(false)).once('connect', () => done(true));
  });
}

/** A PostgreSQL answers at the URL and `psql` can talk to it; decided in well under a second when none does. */
export async function postgresqlAvailability(url: URL): Promise<Availability> {
  const where = `${url.hostname}:${url.port || '5432'}`;
  if (!(await tcpAnswers(url.hostname, Number(url.port || '5432')))) return { ok: false, reason: `no PostgreSQL on ${where}` };
  try {
    await psql(url, 'SELECT 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `PostgreSQL on ${where} not usable (${describeError(error)})` };
  }
}

function checkedName(database: string): string {
  if (!DATABASE_NAME.test(database)) throw new Error(`not a plain PostgreSQL database name: ${JSON.stringify(database)}`);
  return database;
}

/** Creates the URL's database unless it exists; true when it was created. */
export async function ensurePostgresqlDatabase(url: URL): Promise<boolean> {
  const name = checkedName(databaseOf(url));
  if ((await psql(url, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)) === '1') return false;
  await psql(url, `CREATE DATABASE ${name}`);
  return true;
}

export async function dropPostgresqlDatabase(url: URL): Promise<void> {
  await psql(url, `DROP DATABASE IF EXISTS ${checkedName(databaseOf(url))} WITH (FORCE)`);
}

/** Size on disk of the URL's database, in bytes. */
export async function postgresqlDatabaseSize(url: URL): Promise<number> {
  return Number(await psql(url, `SELECT pg_database_size('${checkedName(databaseOf(url))}')`));
}

/**
 * Plans every execution of a prepared statement with its parameters (`plan_cache_mode = force_custom_plan`) in the
 * URL's database, for the connections opened from now on. FerretDB's statements name the field as a parameter
 * (`_jsonb -> $1 @> $2`): a generic plan, which PostgreSQL switches to after five executions when it looks no
 * dearer, can never use an index on an expression, so point queries would fall back to sequential scans.
 */
export async function preferCustomPlans(url: URL): Promise<void> {
  await psql(url, `ALTER DATABASE ${checkedName(databaseOf(url))} SET plan_cache_mode = force_custom_plan`);
}
