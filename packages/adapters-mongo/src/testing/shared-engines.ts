/**
 * The test engines of one package's run, started once instead of once per test file: the primary embedded engine
 * (none when `MONGODB_URL` names a server) and, when asked and available, FerretDB. scripts/run-tests.mjs starts them
 * through engine-host.ts and hands them to the test files in `LARDER_TEST_ENGINES` (test-engines.ts); every test
 * still gets a database of its own, dropped afterwards where the engine can.
 */
import { firstAvailableEngine, openDatabase } from '../engine/connect.js';
import { urlWithDatabase } from '../engine/database-name.js';
import type { DatabaseHandle, EmbeddedEngineName } from '../engine/types.js';
import { ferretdbTestEngine, PRIMARY_EMBEDDED, type SharedEngine } from './test-engines.js';

export interface SharedTestEngines {
  /** What `LARDER_TEST_ENGINES` holds: the started engines, primary first. */
  readonly engines: readonly (SharedEngine & { readonly label: string })[];
  /** One line per engine that does not run on this machine, and why. */
  readonly notRun: readonly string[];
  stop(): Promise<void>;
}

const quiet = (): void => undefined;

function shared(handle: DatabaseHandle): SharedEngine & { label: string } {
  if (handle.engine === 'mongodb-url') throw new Error('a shared test engine is an embedded one');
  return {
    // The labels testEngines() gives are the engine kinds: `jongodb`, `ferretdb-postgresql`, …
    label: handle.engine,
    kind: handle.engine,
    // The handle's URL names its database, test files name their own; embedded engines have no password to redact.
    url: urlWithDatabase(handle.url, undefined),
    postgresqlDatabase: handle.postgresqlDatabase?.href,
  };
}

export async function startSharedTestEngines(options: { readonly ferretdb: boolean; readonly log?: (line: string) => void }): Promise<SharedTestEngines> {
  const log = options.log ?? quiet;
  const notRun: string[] = [];
  const primaryGiven = (process.env['MONGODB_URL'] ?? '') !== '';
  const primaryName = primaryGiven ? undefined : await firstAvailableEngine(PRIMARY_EMBEDDED);
  if (!primaryGiven && primaryName === undefined) notRun.push('no primary test engine can run on this machine');
  const ferretdb = options.ferretdb ? await ferretdbTestEngine() : undefined;
  if (ferretdb !== undefined && 'notRun' in ferretdb) notRun.push(`FerretDB suites not run: ${ferretdb.notRun}`);

  // Side by side: FerretDB's start (a PostgreSQL database to create) overlaps the emulator's.
  const open = (engine: EmbeddedEngineName): Promise<DatabaseHandle> => openDatabase({ engines: [engine], appName: 'larder-tests', logger: log });
  const starting = [
    ...(primaryName === undefined ? [] : [open(primaryName)]),
    ...(ferretdb === undefined || 'notRun' in ferretdb ? [] : [open('ferretdb')]),
  ];
  const settled = await Promise.allSettled(starting);
  const handles = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const stop = async (): Promise<void> => {
    await Promise.allSettled(handles.map((handle) => handle.close()));
  };
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) {
    await stop();
    throw failed.reason;
  }
  return { engines: handles.map(shared), notRun, stop };
}
