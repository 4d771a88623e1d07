/**
 * What the server behind a `Db` can do, asked of the server itself (its `buildInfo`; FerretDB's backend by an
 * `explain`), so that code handed only a `Db` (indexes, stores) keeps the same behaviour on every engine by another
 * route where one lacks something.
 */
import type { Db } from 'mongodb';
import { engineCapabilities, type EngineCapabilities } from './capabilities.js';

export type ServerFamily = 'mongodb' | 'ferretdb' | 'jongodb';

const asked = new WeakMap<Db, Promise<ServerFamily>>();

/** FerretDB adds `ferretdbVersion` to `buildInfo`; the emulator reports a version like `8.0.0-jongodb`. */
export function serverFamily(db: Db): Promise<ServerFamily> {
  let family = asked.get(db);
  if (family === undefined) {
    family = db.command({ buildInfo: 1 }).then((info): ServerFamily => {
      if (typeof info['ferretdbVersion'] === 'string') return 'ferretdb';
      return /jongodb/i.test(String(info['version'])) ? 'jongodb' : 'mongodb';
    });
    // A failure (server down) is not remembered: the next call asks again.
    family.catch(() => asked.delete(db));
    asked.set(db, family);
  }
  return family;
}

const backends = new WeakMap<Db, Promise<'postgresql' | 'sqlite' | null>>();

/**
 * FerretDB's backend, which it names nowhere on the wire (not in `buildInfo`, `serverStatus` nor `getCmdLineOpts`):
 * told by the shape of the plan `explain` gives for a find on a collection of the database: SQLite's is a list of
 * `EXPLAIN QUERY PLAN` lines, PostgreSQL's an object (`Node Type`, ...). Null, and asked again next time, while there
 * is nothing to tell by: no collection yet, an empty plan (the collection dropped meanwhile), or a failure.
 */
function ferretdbBackend(db: Db): Promise<'postgresql' | 'sqlite' | null> {
  let backend = backends.get(db);
  if (backend === undefined) {
    backend = (async () => {
      const [collection] = await db.listCollections({ name: { $not: /^system\./ } }, { nameOnly: true }).toArray();
      if (collection === undefined) return null;
      const explained = await db.command({ explain: { find: collection.name, filter: { _id: 'larder-backend-probe' }, limit: 1 } });
      const plan = (explained['queryPlanner'] as { Plan?: unknown } | undefined)?.Plan;
      return Array.isArray(plan) ? 'sqlite' : typeof plan === 'object' && plan !== null ? 'postgresql' : null;
    })().catch(() => null);
    backends.set(db, backend);
    void backend.then((answer) => {
      if (answer === null && backends.get(db) === backend) backends.delete(db);
    });
  }
  return backend;
}

export async function serverCapabilities(db: Db): Promise<EngineCapabilities> {
  const family = await serverFamily(db);
  if (family === 'ferretdb') return engineCapabilities((await ferretdbBackend(db)) === 'sqlite' ? 'ferretdb-sqlite' : 'ferretdb-postgresql');
  return engineCapabilities(family === 'jongodb' ? 'jongodb' : 'mongodb-url');
}
