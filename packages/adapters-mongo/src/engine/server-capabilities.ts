/**
 * What the server behind a `Db` can do, asked of the server itself (its `buildInfo`), so that code handed only a
 * `Db` (indexes, stores) keeps the same behaviour on every engine by another route where one lacks something.
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

export async function serverCapabilities(db: Db): Promise<EngineCapabilities> {
  const family = await serverFamily(db);
  return engineCapabilities(family === 'ferretdb' ? 'ferretdb-postgresql' : family === 'jongodb' ? 'jongodb' : 'mongodb-url');
}
