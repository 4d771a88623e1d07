/**
 * FerretDB-on-PostgreSQL specific: PostgreSQL GIN indexes on FerretDB's tables for the equality lookups the adapter
 * makes by point queries.
 *
 * FerretDB 1.24 pushes an equality filter down as JSONB containment, `_jsonb -> 'field' @> '"value"'`. The indexes
 * it creates for `createIndex` are btree indexes on `(_jsonb -> 'field')`, which cannot serve `@>`: every point query
 * is a sequential scan of the collection's table (docs/scale.md). A GIN index (`jsonb_path_ops`) on the same
 * expression serves it. FerretDB does not know these indexes (they are not in its metadata, `listIndexes` does not
 * show them); PostgreSQL drops them with the table when the collection is dropped.
 */
import type { Db } from 'mongodb';
import { psqlIn } from './postgresql.js';
import type { DatabaseHandle } from './types.js';

export interface ContainmentIndex {
  readonly collection: string;
  readonly field: string;
}

/**
 * The point lookups worth an index: recipes by id (`findById`, `findByIds`, conditional updates) and by external id
 * (the import's lookup, one equality query per id on FerretDB), products by id, and a stored file's documents: its
 * files document by name and its chunks by file (a download's two queries, which otherwise scan every file's chunks).
 * Publishing's: a job's writes by key (a lease itself reads every job: `$or` is not pushed down), listings by id and
 * by product, connections by id and by user, an OAuth authorization by id.
 */
export const FERRETDB_CONTAINMENT_INDEXES: readonly ContainmentIndex[] = [
  { collection: 'recipes', field: '_id' },
  { collection: 'recipes', field: 'external_id' },
  { collection: 'products', field: '_id' },
  { collection: 'files.files', field: 'filename' },
  { collection: 'files.chunks', field: 'files_id' },
  { collection: 'jobs', field: '_id' },
  { collection: 'listings', field: '_id' },
  { collection: 'listings', field: 'product_id' },
  { collection: 'connections', field: '_id' },
  { collection: 'connections', field: 'user_id' },
  { collection: 'oauth_authorizations', field: '_id' },
];

// MongoDB database and collection names here become PostgreSQL identifiers and literals: plain names only (a
// collection's may hold dots, GridFS's `files.chunks`; it only ever appears inside a quoted literal).
const PLAIN = /^[A-Za-z0-9_-]{1,63}$/;
const PLAIN_COLLECTION = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,62}$/;
const plain = (what: string, name: string, pattern = PLAIN): string => {
  if (!pattern.test(name)) throw new Error(`not a plain ${what} name for a PostgreSQL index: ${JSON.stringify(name)}`);
  return name;
};

/**
 * Creates the GIN indexes of `indexes` on the tables FerretDB keeps `mongoDatabase`'s collections in (in the
 * PostgreSQL database `postgresqlDatabase`). Idempotent (`IF NOT EXISTS`); a collection FerretDB has not created yet
 * is skipped (run it after `ensureIndexes`, which creates them). Returns the names of the PostgreSQL indexes in place.
 */
export async function ensureFerretdbPostgresqlIndexes(
  postgresqlDatabase: URL,
  mongoDatabase: string,
  indexes: readonly ContainmentIndex[] = FERRETDB_CONTAINMENT_INDEXES,
): Promise<string[]> {
  const schema = plain('database', mongoDatabase);
  const statements = indexes.map(({ collection, field }) => {
    plain('collection', collection, PLAIN_COLLECTION);
    plain('field', field);
    // FerretDB maps each MongoDB database to a schema and each collection to a table named in its metadata table.
    return `
      SELECT _jsonb ->> 'table' INTO t FROM "${schema}"._ferretdb_database_metadata WHERE _jsonb ->> '_id' = '${collection}';
      IF t IS NOT NULL THEN
        name := left('larder_gin_' || t || '_${field}', 63);
        EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I.%I USING gin ((_jsonb -> %L) jsonb_path_ops)', name, '${schema}', t, '${field}');
        made := made || name;
      END IF;`;
  });
  const sql = `
    CREATE TEMP TABLE larder_gin_made (names text[]);
    DO $larder$
    DECLARE t text; name text; made text[] := '{}';
    BEGIN
      IF to_regclass('"${schema}"._ferretdb_database_metadata') IS NOT NULL THEN ${statements.join('')}
      END IF;
      INSERT INTO larder_gin_made VALUES (made);
    END $larder$;
    SELECT array_to_string(names, ' ') FROM larder_gin_made;`;
  // Building an index on a large existing table takes a while: a generous timeout.
  const output = await psqlIn(postgresqlDatabase, sql, 600_000);
  return output.split(/\s+/).filter((name) => name !== '');
}

/**
 * The engine's own indexes beyond `ensureIndexes`, for a handle from `openDatabase`: on FerretDB on PostgreSQL the
 * GIN indexes above (run after `ensureIndexes`), on every other engine nothing.
 */
export async function ensureEngineIndexes(handle: Pick<DatabaseHandle, 'postgresqlDatabase'>, db: Db): Promise<string[]> {
  return handle.postgresqlDatabase === undefined ? [] : ensureFerretdbPostgresqlIndexes(handle.postgresqlDatabase, db.databaseName);
}
