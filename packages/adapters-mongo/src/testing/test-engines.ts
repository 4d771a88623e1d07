/**
 * The engines every Mongo-backed test file runs on: the primary one (`MONGODB_URL` when set, else the best embedded
 * engine other than FerretDB: a real mongod if this machine has one, else the jongodb emulator) and FerretDB (on
 * PostgreSQL when one answers, else on SQLite). Each gets a describe block titled with its label, e.g.
 * `[ferretdb-postgresql]`, so every test's output names its engine.
 *
 * `testEngines()` is the whole matrix, for what can differ per engine (the adapter's contract suites, conditional
 * writes and races, query shapes, indexes); `primaryTestEngine()` is the primary engine alone, for tests of HTTP or CLI
 * behaviour that merely keep their data in MongoDB (docs/testing.md, "Which database").
 *
 * Under scripts/run-tests.mjs the engines are started once for the package's run (see shared-engines.ts) and named
 * in `LARDER_TEST_ENGINES`; each test file then connects to them instead of starting its own.
 */
import { firstAvailableEngine } from '../engine/connect.js';
import { ferretdbAvailability } from '../engine/ferretdb.js';
import { postgresqlAvailability, postgresqlUrl } from '../engine/postgresql.js';
import type { EmbeddedEngineName, EngineKind, OpenDatabaseOptions } from '../engine/types.js';

/** An engine scripts/run-tests.mjs started for the package's run: connect to it, never stop it. */
export interface SharedEngine {
  readonly kind: Exclude<EngineKind, 'mongodb-url'>;
  readonly url: string;
  /** FerretDB on PostgreSQL: the PostgreSQL database it writes to. */
  readonly postgresqlDatabase?: string | undefined;
}

export interface TestEngine {
  /** `mongodb-url`, `jongodb`, `ferretdb-postgresql`, … */
  readonly label: string;
  /** How `openDatabase` reaches it. */
  readonly open: Pick<OpenDatabaseOptions, 'url' | 'engines'>;
  /** Set when the engine is shared by the package's test run (started by scripts/run-tests.mjs). */
  readonly shared?: SharedEngine | undefined;
}

/** The variable scripts/run-tests.mjs passes the shared engines in: a JSON array of `{ label, kind, url, … }`. */
export const SHARED_ENGINES_VARIABLE = 'LARDER_TEST_ENGINES';

export const PRIMARY_EMBEDDED: readonly EmbeddedEngineName[] = ['testcontainers', 'mongodb-memory-server', 'jongodb'];
const LABELS: Record<EmbeddedEngineName, string> = {
  testcontainers: 'testcontainers',
  'mongodb-memory-server': 'mongodb-memory-server',
  ferretdb: 'ferretdb',
  jongodb: 'jongodb',
};

const isFerretdb = (engine: TestEngine): boolean => engine.label.startsWith('ferretdb');

/** The shared engines named in `LARDER_TEST_ENGINES`, or undefined when it is unset (a test file run by hand). */
function sharedEngines(): TestEngine[] | undefined {
  const given = process.env[SHARED_ENGINES_VARIABLE];
  if (given === undefined || given === '') return undefined;
  const listed = JSON.parse(given) as (SharedEngine & { label: string })[];
  return listed.map(({ label, ...shared }) => ({ label, open: { url: shared.url }, shared }));
}

/** FerretDB's label on this machine, or why it does not run; `LARDER_TEST_FERRETDB=off` turns it off. */
export async function ferretdbTestEngine(): Promise<TestEngine | { notRun: string }> {
  if (process.env['LARDER_TEST_FERRETDB'] === 'off') return { notRun: 'LARDER_TEST_FERRETDB=off' };
  const binary = ferretdbAvailability();
  if (!binary.ok) return { notRun: binary.reason };
  const postgresql = await postgresqlAvailability(postgresqlUrl());
  return { label: postgresql.ok ? 'ferretdb-postgresql' : 'ferretdb-sqlite', open: { engines: ['ferretdb'] } };
}

let listed: Promise<TestEngine[]> | undefined;

/** Every engine to run on (primary and FerretDB), decided once per process (a few hundred ms of probes at most). */
export function testEngines(): Promise<TestEngine[]> {
  listed ??= (async () => {
    const url = process.env['MONGODB_URL'];
    const engines: TestEngine[] = [];
    if (url !== undefined && url !== '') engines.push({ label: 'mongodb-url', open: { url } });
    const shared = sharedEngines();
    if (shared !== undefined) {
      // run-tests.mjs starts no primary engine when MONGODB_URL names one.
      return [...engines, ...shared.filter((engine) => engines.length === 0 || isFerretdb(engine))];
    }
    if (engines.length === 0) {
      const primary = await firstAvailableEngine(PRIMARY_EMBEDDED);
      if (primary !== undefined) engines.push({ label: LABELS[primary], open: { engines: [primary] } });
    }
    const ferretdb = await ferretdbTestEngine();
    // scripts/run-tests.mjs says once per package run that FerretDB did not run, and why.
    if ('label' in ferretdb) engines.push(ferretdb);
    return engines;
  })();
  return listed;
}

/** The primary engine alone, as a one-element list like `testEngines()` (empty when no engine can run here). */
export async function primaryTestEngine(): Promise<TestEngine[]> {
  return (await testEngines()).filter((engine) => !isFerretdb(engine));
}
