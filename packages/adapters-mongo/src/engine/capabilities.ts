import type { EngineKind } from './types.js';

/**
 * What code and tests may rely on per engine. Everything but jongodb is a real mongod (or whatever the URL points
 * at, assumed real). The jongodb gaps were measured against @jongodb/memory-server-bin 0.1.6 (see
 * test/engine.test.ts for the full survey).
 */
export interface EngineCapabilities {
  /** `$text` queries (jongodb accepts text indexes but rejects `$text`). */
  text: boolean;
  /** `find`/`findOne` honour `projection` (jongodb returns whole documents; aggregate `$project` works). */
  findProjection: boolean;
  /** `$push`, `$pull`, `$pop`, `$min`, `$max`, `$mul`, `$rename`, `$currentDate`, positional `$`, pipeline updates. */
  allUpdateOperators: boolean;
  /** `$max` and `$min` (FerretDB 1.24 has them, jongodb answers code 14): a job pause is one `$max` upsert. */
  minMaxOperators: boolean;
  /** `findOneAndDelete` (jongodb rejects the driver's command). */
  findOneAndDelete: boolean;
  /** TTL indexes delete expired documents (jongodb keeps them). */
  ttlExpiry: boolean;
  /** `explain`, `drop`, `dropDatabase`, `dropIndex(es)`, `listCollections`, `listDatabases`, `renameCollection`. */
  adminCommands: boolean;
  /** E11000 errors carry `keyPattern`/`keyValue`, bulk errors carry per-operation `writeErrors`, partial success. */
  detailedWriteErrors: boolean;
  /** Duplicate-key errors name the index (`index: NAME dup key`); FerretDB names none. */
  namedDuplicateKeys: boolean;
  /** `createIndex` accepts `partialFilterExpression` (FerretDB 1.24: NotImplemented). */
  partialIndexes: boolean;
  /** `createIndex` accepts `expireAfterSeconds` (FerretDB 1.24: NotImplemented; jongodb accepts, never expires). */
  ttlIndexOption: boolean;
  /**
   * `createIndexes` with indexes that exist is a no-op (FerretDB 1.24 drops the connection instead when the command
   * names several; one existing index alone it accepts, which is what the driver's GridFS index check sends).
   */
  repeatableCreateIndexes: boolean;
  /**
   * A conditional update (`replaceOne({ _id, version })`) is atomic: of concurrent writers of one version exactly
   * one matches. FerretDB 1.24 reads then writes, so several can.
   */
  atomicConditionalUpdates: boolean;
  /**
   * `findOneAndUpdate` is atomic: of concurrent calls whose filter one document matches, one gets it. Neither
   * emulator: FerretDB 1.24 reads then writes by `_id`; jongodb, whose `updateOne`/`replaceOne`/`deleteOne` are
   * atomic, handed one document to two of eight concurrent `findOneAndUpdate` calls in about 1 % of trials, by `_id`
   * too (docs/mongodb-adapter.md, "Jobs, listings and connections").
   */
  atomicFindAndModify: boolean;
  /** Strings may hold U+0000, in documents and in filters (FerretDB on PostgreSQL: an internal error). */
  nulInStrings: boolean;
  /**
   * `{ field: { $in: [...] } }` is answered from an index. FerretDB 1.24 pushes only top-level equality down to its
   * backend: with `$in` it reads the whole collection and filters in Go (docs/scale.md), so point lookups of many
   * values go as one equality query each.
   */
  inPushdown: boolean;
  /**
   * A top-level equality on any field (`{ external_id: 'x' }`) is pushed down to the engine, where an index serves
   * it. FerretDB 1.24 on SQLite pushes down an `_id` equality alone: any other reads the whole collection and is
   * filtered in Go, so many values of such a field go as one `$in` (one scan) rather than one equality (one scan)
   * each. See `manyValuesInOneQuery`.
   */
  equalityPushdown: boolean;
  /**
   * The recipe listing indexes (`listing` in `index-specs.ts`) serve listings. FerretDB 1.24 pushes a filter down as
   * JSONB containment, which the btree indexes it makes for `createIndex` cannot serve, and never a sort: each such
   * index serves nothing there and costs every insert one PostgreSQL index entry (docs/scale.md), so it is not made.
   */
  listingIndexes: boolean;
}

const REAL_MONGOD: EngineCapabilities = {
  text: true,
  findProjection: true,
  allUpdateOperators: true,
  minMaxOperators: true,
  findOneAndDelete: true,
  ttlExpiry: true,
  adminCommands: true,
  detailedWriteErrors: true,
  namedDuplicateKeys: true,
  partialIndexes: true,
  ttlIndexOption: true,
  repeatableCreateIndexes: true,
  atomicConditionalUpdates: true,
  atomicFindAndModify: true,
  nulInStrings: true,
  inPushdown: true,
  equalityPushdown: true,
  listingIndexes: true,
};

// FerretDB 1.24 (both backends), surveyed against the mongodb 7.9 driver; test/server-capabilities.test.ts checks
// the gaps the adapter works around. Unique indexes do not index documents that lack the field (MongoDB does, as null).
const FERRETDB: EngineCapabilities = {
  text: false,
  findProjection: true,
  allUpdateOperators: false,
  minMaxOperators: true,
  findOneAndDelete: true,
  ttlExpiry: false,
  adminCommands: true,
  detailedWriteErrors: false,
  namedDuplicateKeys: false,
  partialIndexes: false,
  ttlIndexOption: false,
  repeatableCreateIndexes: false,
  atomicConditionalUpdates: false,
  atomicFindAndModify: false,
  nulInStrings: false,
  inPushdown: false,
  equalityPushdown: true,
  listingIndexes: false,
};

/** FerretDB 1.24 on SQLite: as on PostgreSQL, but no equality but `_id`'s is pushed down (above). */
const FERRETDB_SQLITE: EngineCapabilities = { ...FERRETDB, equalityPushdown: false };

export function engineCapabilities(kind: EngineKind): EngineCapabilities {
  switch (kind) {
    case 'mongodb-url':
    case 'testcontainers':
    case 'mongodb-memory-server':
      return REAL_MONGOD;
    case 'ferretdb-postgresql':
      return FERRETDB;
    case 'ferretdb-sqlite':
      return FERRETDB_SQLITE;
    case 'jongodb':
      return {
        text: false,
        findProjection: false,
        allUpdateOperators: false,
        minMaxOperators: false,
        findOneAndDelete: false,
        ttlExpiry: false,
        adminCommands: false,
        detailedWriteErrors: false,
        namedDuplicateKeys: true,
        partialIndexes: true,
        ttlIndexOption: true,
        repeatableCreateIndexes: true,
        atomicConditionalUpdates: true,
        atomicFindAndModify: false,
        nulInStrings: true,
        inPushdown: true,
        // It serves nothing from an index; `$in` is one pass over the collection.
        equalityPushdown: false,
        listingIndexes: true,
      };
  }
}

/**
 * Whether many values of one field (not `_id`) are best asked for in one `$in` query: where an index serves it, or
 * where each equality would read the whole collection anyway. Elsewhere (FerretDB on PostgreSQL) one equality each.
 */
export const manyValuesInOneQuery = (capabilities: EngineCapabilities): boolean => capabilities.inPushdown || !capabilities.equalityPushdown;
