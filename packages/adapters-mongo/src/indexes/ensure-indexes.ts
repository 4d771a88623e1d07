import type { Db, IndexDescription } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '@larder/domain';
import type { EngineCapabilities } from '../engine/capabilities.js';
import { serverCapabilities } from '../engine/server-capabilities.js';
import { attempt } from '../store-errors.js';
import { RECIPES_COLLECTION } from '../recipes/recipe-document.js';
import { INDEX_SPECS, OBSOLETE_RECIPE_INDEXES, type IndexSpec } from './index-specs.js';

export interface EnsuredIndexes {
  readonly collection: string;
  readonly indexes: readonly string[];
  /** Indexes of an earlier version, or that this engine does not get, found and dropped. */
  readonly dropped: readonly string[];
}

/**
 * The index as this engine can hold it. Without partial indexes (FerretDB) the unique external id index is a plain
 * unique index: the recipe document leaves `external_id` out when there is none, and FerretDB's unique indexes do
 * not index a missing field, so recipes without one still never collide. Without the TTL option (FerretDB) the
 * index stays a plain one and the idempotency store removes expired keys itself. FerretDB drops the connection when
 * asked to create an index that exists, so there only the missing ones are created (by name).
 */
const describe = (spec: IndexSpec, can: EngineCapabilities): IndexDescription => ({
  key: { ...spec.key },
  name: spec.name,
  ...(spec.unique === undefined ? {} : { unique: spec.unique }),
  ...(spec.partialFilterExpression === undefined || !can.partialIndexes ? {} : { partialFilterExpression: spec.partialFilterExpression }),
  ...(spec.expireAfterSeconds === undefined || !can.ttlIndexOption ? {} : { expireAfterSeconds: spec.expireAfterSeconds }),
});

/** The declared indexes this engine gets: no listing indexes where listings cannot use them (FerretDB). */
export const indexesFor = (specs: readonly IndexSpec[], can: EngineCapabilities): IndexSpec[] =>
  specs.filter((spec) => spec.listing !== true || can.listingIndexes);

/** Names of the collection's indexes; none when it does not exist yet. */
async function indexNames(db: Db, collection: string): Promise<Set<string>> {
  const exists = (await db.listCollections({ name: collection }, { nameOnly: true }).toArray()).length > 0;
  if (!exists) return new Set();
  const listed: unknown[] = await db.collection(collection).listIndexes().toArray();
  return new Set(listed.map((index) => String((index as { name?: unknown }).name)));
}

/**
 * Drops the collection's indexes that no longer serve anything: those of the search keys documents used to carry
 * (`OBSOLETE_RECIPE_INDEXES`), and declared ones this engine does not get (listing indexes on FerretDB). Each one an
 * insert no longer has to maintain. Engines without `dropIndex` (the emulator, which keeps nothing across runs) have
 * none to drop.
 */
async function dropUnwanted(db: Db, collection: string, existing: ReadonlySet<string>, specs: readonly IndexSpec[], can: EngineCapabilities): Promise<string[]> {
  if (!can.adminCommands || collection !== RECIPES_COLLECTION) return [];
  const unwanted = new Set([
    ...OBSOLETE_RECIPE_INDEXES,
    ...specs.filter((spec) => spec.collection === collection && spec.listing === true && !can.listingIndexes).map((spec) => spec.name),
  ]);
  const dropped = [...existing].filter((name) => unwanted.has(name));
  for (const name of dropped) await db.collection(collection).dropIndex(name);
  return dropped;
}

/**
 * Creates every declared index this engine gets (see `index-specs.ts`, `indexesFor`), and drops the recipe indexes
 * it no longer wants (`dropUnwanted`). Idempotent: an index that exists with the same definition is left alone, so
 * the service runs it at every start and the CLI's `db ensure-indexes` any time.
 */
export function ensureIndexes(db: Db, specs: readonly IndexSpec[] = INDEX_SPECS): ResultAsync<EnsuredIndexes[], StoreUnavailable> {
  const collections = [...new Set(specs.map((spec) => spec.collection))];
  return attempt(async () => {
    const can = await serverCapabilities(db);
    return Promise.all(
      collections.map(async (collection): Promise<EnsuredIndexes> => {
        const own = indexesFor(specs, can).filter((spec) => spec.collection === collection);
        const listed = !can.repeatableCreateIndexes || (can.adminCommands && collection === RECIPES_COLLECTION) ? await indexNames(db, collection) : new Set<string>();
        const dropped = await dropUnwanted(db, collection, listed, specs, can);
        const existing = can.repeatableCreateIndexes ? new Set<string>() : listed;
        const missing = own.filter((spec) => !existing.has(spec.name));
        const created = missing.length === 0 ? [] : await db.collection(collection).createIndexes(missing.map((spec) => describe(spec, can)));
        return { collection, indexes: [...own.filter((spec) => existing.has(spec.name)).map((spec) => spec.name), ...created], dropped };
      }),
    );
  });
}
