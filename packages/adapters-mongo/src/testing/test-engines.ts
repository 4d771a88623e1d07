/**
 * The engines every Mongo-backed test file runs on: the primary one (`MONGODB_URL` when set, else the best embedded
 * engine other than FerretDB: a real mongod if this machine has one, else the jongodb emulator) and FerretDB (on
 * PostgreSQL when one answers, else on SQLite). Each gets a describe block titled with its label, e.g.
 * `[ferretdb-postgresql]`, so every test's output names its engine.
 */
import { firstAvailableEngine } from '../engine/connect.js';
import { ferretdbAvailability } from '../engine/ferretdb.js';
import { postgresqlAvailability, postgresqlUrl } from '../engine/postgresql.js';
import type { EmbeddedEngineName, OpenDatabaseOptions } from '../engine/types.js';

export interface TestEngine {
  /** `mongodb-url`, `jongodb`, `ferretdb-postgresql`, … */
  readonly label: string;
  /** How `openDatabase` reaches it. */
  readonly open: Pick<OpenDatabaseOptions, 'url' | 'engines'>;
}

const PRIMARY_EMBEDDED: readonly EmbeddedEngineName[] = ['testcontainers', 'mongodb-memory-server', 'jongodb'];
const LABELS: Record<EmbeddedEngineName, string> = {
  testcontainers: 'testcontainers',
  'mongodb-memory-server': 'mongodb-memory-server',
  ferretdb: 'ferretdb',
  jongodb: 'jongodb',
};

/** FerretDB's label on this machine, or why it does not run; `LARDER_TEST_FERRETDB=off` turns it off. */
export async function ferretdbTestEngine(): Promise<TestEngine | { notRun: string }> {
  if (process.env['LARDER_TEST_FERRETDB'] === 'off') return { notRun: 'LARDER_TEST_FERRETDB=off' };
  const binary = ferretdbAvailability();
  if (!binary.ok) return { notRun: binary.reason };
  const postgresql = await postgresqlAvailability(postgresqlUrl());
  return { label: postgresql.ok ? 'ferretdb-postgresql' : 'ferretdb-sqlite', open: { engines: ['ferretdb'] } };
}

let listed: Promise<TestEngine[]> | undefined;

/** The engines to run on, decided once per process (a few hundred ms of probes at most). */
export function testEngines(): Promise<TestEngine[]> {
  listed ??= (async () => {
    const url = process.env['MONGODB_URL'];
    const engines: TestEngine[] = [];
    if (url !== undefined && url !== '') engines.push({ label: 'mongodb-url', open: { url } });
    else {
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
