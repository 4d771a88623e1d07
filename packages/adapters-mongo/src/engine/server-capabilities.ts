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
 * told by `explain` of a top-level equality on a collection of the database, which PostgreSQL pushes down
 * (`filterPushdown: true`) and SQLite does not. Null while the database has no collection to ask about (an
 * `explain` on a missing one says false on both), and then asked again next time.
 */
function ferretdbBackend(db: Db): Promise<'postgresql' | 'sqlite' | null> {
  let backend = backends.get(db);
  if (backend === undefined) {
    backend = (async () => {
      const [collection] = await db.listCollections({ name: { $not: /^system\./ } }, { nameOnly: true }).toArray();
      if (collection === undefined) return null;
      const explained = await db.command({ explain: { find: collection.name, filter: { larder_backend_probe: 'probe' }, limit: 1 } });
      return explained['filterPushdown'] === true ? 'postgresql' : 'sqlite';
    })();
    backends.set(db, backend);
    // Forgotten unless it is an answer: a failure, or an empty database, is asked about again.
    const forget = (): void => {
      if (backends.get(db) === backend) backends.delete(db);
    };
    backend.then((answer) => answer === null && forget(), forget);
  }
  return backend;
}

export async function serverCapabilities(db: Db): Promise<EngineCapabilities> {
  const family = await serverFamily(db);
  if (family === 'ferretdb') return engineCapabilities((await ferretdbBackend(db)) === 'sqlite' ? 'ferretdb-sqlite' : 'ferretdb-postgresql');
  return engineCapabilities(family === 'jongodb' ? 'jongodb' : 'mongodb-url');
}
