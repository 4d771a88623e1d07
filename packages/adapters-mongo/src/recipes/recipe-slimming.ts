/**
 * The one-time migration of recipe documents written before the search index owned the search keys: their
 * `search_keys` and `title_keys` are removed, in batches, and a mark in `migrations` says it is done, so that later
 * starts read one small document and nothing else. The keys are ignored by everything that reads a recipe, so the
 * migration may run in the background, be cut off at any point and run again, or run in two processes at once.
 */
import type { AnyBulkWriteOperation, Db } from 'mongodb';
import { conditionalWrite } from '../conditional-writes.js';
import { isDuplicateKey } from '../store-errors.js';
import { RECIPES_COLLECTION, type RecipeDocument } from './recipe-document.js';

export const MIGRATIONS_COLLECTION = 'migrations';
export const SLIM_RECIPES_MIGRATION = 'recipes-without-search-keys';

export interface MigrationDocument {
  _id: string;
  done_at: Date;
}

/** The fields documents used to carry: the search index derives them from the recipe. */
const OBSOLETE_FIELDS = ['search_keys', 'title_keys'] as const;

type StoredRecipe = Pick<RecipeDocument, '_id' | 'version'> & Partial<Record<(typeof OBSOLETE_FIELDS)[number], unknown>>;

export interface SlimmingOptions {
  /** Documents rewritten per `bulkWrite` (default 20). */
  readonly batchSize?: number;
  /** Stops between batches; the documents left are slimmed by the next run. */
  readonly signal?: AbortSignal;
  /** After each batch, with the documents slimmed so far. */
  readonly onProgress?: (slimmed: number) => void;
}

export interface SlimmingReport {
  /** The mark was there: nothing was read. */
  readonly alreadyDone: boolean;
  /** Documents this run rewrote without the obsolete fields. */
  readonly slimmed: number;
  /** The mark is there now (false when stopped, or when documents kept changing under the run). */
  readonly done: boolean;
}

/** A pass finds fewer documents than this many times: documents written meanwhile in the old shape (an older process). */
const MAX_PASSES = 3;

/**
 * Removes the obsolete fields from every recipe that has them, then sets the mark. Each document is rewritten with
 * `$unset` on condition of the version read (`{ _id, version }`), so a recipe changed meanwhile is left as its writer
 * left it (a write by this code is slim already; one by an older process is found by the next pass); within this
 * process such writes are taken one at a time with the repository's (`conditionalWrite`: FerretDB's conditional
 * update reads then writes). Nothing but the two fields is ever removed. A pass in which every document found was
 * rewritten ends it; otherwise another pass reads what is left, up to `MAX_PASSES`, and the mark waits for a run
 * that finds the collection clean. Two runs at once both finish: the second `$unset` of a document changes nothing.
 */
export async function slimRecipeDocuments(db: Db, options: SlimmingOptions = {}): Promise<SlimmingReport> {
  const marks = db.collection<MigrationDocument>(MIGRATIONS_COLLECTION);
  if ((await marks.findOne({ _id: SLIM_RECIPES_MIGRATION })) !== null) return { alreadyDone: true, slimmed: 0, done: true };
  const recipes = db.collection<StoredRecipe>(RECIPES_COLLECTION);
  // A database without recipes (a first start) has none of the old shape: marked without a pass, which on FerretDB
  // reads the whole table (neither `$or` nor `$exists` is pushed down), while a find without a filter stops at one.
  if ((await recipes.findOne({}, { projection: { _id: 1 } })) === null) {
    await markDone(db);
    return { alreadyDone: false, slimmed: 0, done: true };
  }
  // Small batches: FerretDB 1.24 never answered a `bulkWrite` of 50 or more `updateOne`s here (20 went through,
  // ~35 ms each; bench/slim-migration.ts), and on MongoDB 5,000 round trips for 100,000 documents are seconds.
  const batchSize = options.batchSize ?? 20;
  let slimmed = 0;
  const rewrite = async (batch: readonly StoredRecipe[]): Promise<number> => {
    const ids = batch.map((document) => document._id);
    const writes: AnyBulkWriteOperation<StoredRecipe>[] = batch.map((document) => ({
      updateOne: { filter: { _id: document._id, version: document.version }, update: { $unset: { search_keys: '', title_keys: '' } } },
    }));
    const result = await conditionalWrite(db, RECIPES_COLLECTION, ids, () => recipes.bulkWrite(writes, { ordered: false }));
    slimmed += result.modifiedCount;
    options.onProgress?.(slimmed);
    return result.modifiedCount;
  };
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    // The pass's documents are read to the end before any is rewritten, so that no cursor stays open on the server
    // while the batches are written. `_id` and `version` only: a few MB at 100,000.
    const found = await recipes.find({ $or: OBSOLETE_FIELDS.map((field) => ({ [field]: { $exists: true } })) }, { projection: { _id: 1, version: 1 } }).toArray();
    let rewritten = 0;
    for (let at = 0; at < found.length; at += batchSize) {
      if (options.signal?.aborted === true) return { alreadyDone: false, slimmed, done: false };
      rewritten += await rewrite(found.slice(at, at + batchSize));
    }
    if (rewritten === found.length) {
      await markDone(db);
      return { alreadyDone: false, slimmed, done: true };
    }
  }
  return { alreadyDone: false, slimmed, done: false };
}

/** Insert-if-absent on the fixed `_id`: of two runs finishing together, one inserts and the other finds it there. */
async function markDone(db: Db): Promise<void> {
  try {
    await db.collection<MigrationDocument>(MIGRATIONS_COLLECTION).insertOne({ _id: SLIM_RECIPES_MIGRATION, done_at: new Date() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}
