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
  /** `findOneAndDelete` (jongodb rejects the driver's command). */
  findOneAndDelete: boolean;
  /** TTL indexes delete expired documents (jongodb keeps them). */
  ttlExpiry: boolean;
  /** `explain`, `drop`, `dropDatabase`, `dropIndex(es)`, `listCollections`, `listDatabases`, `renameCollection`. */
  adminCommands: boolean;
  /** E11000 errors carry `keyPattern`/`keyValue`, bulk errors carry per-operation `writeErrors`, partial success. */
  detailedWriteErrors: boolean;
}

const REAL_MONGOD: EngineCapabilities = {
  text: true,
  findProjection: true,
  allUpdateOperators: true,
  findOneAndDelete: true,
  ttlExpiry: true,
  adminCommands: true,
  detailedWriteErrors: true,
};

export function engineCapabilities(kind: EngineKind): EngineCapabilities {
  switch (kind) {
    case 'mongodb-url':
    case 'testcontainers':
    case 'mongodb-memory-server':
      return REAL_MONGOD;
    case 'jongodb':
      return {
        text: false,
        findProjection: false,
        allUpdateOperators: false,
        findOneAndDelete: false,
        ttlExpiry: false,
        adminCommands: false,
        detailedWriteErrors: false,
      };
  }
}
