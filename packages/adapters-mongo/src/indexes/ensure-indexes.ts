import type { Db, IndexDescription } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '@larder/domain';
import { attempt } from '../store-errors.js';
import { INDEX_SPECS, type IndexSpec } from './index-specs.js';

export interface EnsuredIndexes {
  readonly collection: string;
  readonly indexes: readonly string[];
}

const describe = (spec: IndexSpec): IndexDescription => ({
  key: { ...spec.key },
  name: spec.name,
  ...(spec.unique === undefined ? {} : { unique: spec.unique }),
  ...(spec.partialFilterExpression === undefined ? {} : { partialFilterExpression: spec.partialFilterExpression }),
  ...(spec.expireAfterSeconds === undefined ? {} : { expireAfterSeconds: spec.expireAfterSeconds }),
});

/**
 * Creates every declared index (see `index-specs.ts`). Idempotent: an index that exists with the same definition is
 * left alone, so the service runs it at every start and the CLI's `db ensure-indexes` any time.
 */
export function ensureIndexes(db: Db, specs: readonly IndexSpec[] = INDEX_SPECS): ResultAsync<EnsuredIndexes[], StoreUnavailable> {
  const collections = [...new Set(specs.map((spec) => spec.collection))];
  return attempt(() =>
    Promise.all(
      collections.map(async (collection): Promise<EnsuredIndexes> => {
        const own = specs.filter((spec) => spec.collection === collection);
        return { collection, indexes: await db.collection(collection).createIndexes(own.map(describe)) };
      }),
    ),
  );
}
