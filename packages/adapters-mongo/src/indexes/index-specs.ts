/**
 * Every index the adapter relies on, in one list. `ensureIndexes` creates them; the index test checks every query
 * the repositories build against this list (see `query-shape.ts`), so a new filter or sort needs an entry here.
 *
 * Recipes (every listing filters on `status`, which alone narrows little):
 * - `list_<sort>`: status, the sort field, `_id`, then `cook_time_minutes` and `email_ready`. It serves the
 *   unfiltered listing in each order, and the max-cook-time and email_ready filters from the index keys (no document
 *   that fails them is fetched). Neither narrows much (a range most recipes fall in, a boolean), so they get no
 *   index families of their own.
 * - `<field>_<sort>`: a selective filter (search keys, a dietary tag, cuisine, meal type, season, collection), then
 *   status, then the sort: the filter bounds the scan and the order comes from the index, for every sort.
 * - `title_keys_relevance`: the title segments of relevance (exact, then fuzzy title matches, by engagement); the
 *   other segments are served by `search_keys_engagement_score`. A fuzzy search is one `$in` per query word (the
 *   word's key and its typo keys) on the same multikey fields: equality still, so no new index is needed.
 * Every index serves both directions of its sort: ties are broken by `_id` in the sort's direction.
 * Of the array fields (search_keys, title_keys, dietary_tags) no index holds two: MongoDB refuses parallel arrays.
 */
import type { Document } from 'mongodb';
import { GRIDFS_CHUNKS_COLLECTION, GRIDFS_FILES_COLLECTION } from '../files/gridfs-file.js';
import { IDEMPOTENCY_COLLECTION } from '../idempotency/idempotency-document.js';
import { PRODUCTS_COLLECTION } from '../products/product-document.js';
import { RECIPES_COLLECTION } from '../recipes/recipe-document.js';
import { RECIPE_SORT_FIELDS } from '../recipes/recipe-queries.js';
import { USERS_COLLECTION } from '../users/user-document.js';

export interface IndexSpec {
  readonly collection: string;
  readonly name: string;
  /** Field → direction, in key order. */
  readonly key: Readonly<Record<string, 1 | -1>>;
  readonly unique?: boolean;
  readonly partialFilterExpression?: Document;
  /** A TTL index: documents are removed this many seconds after the date in the (single) key field. */
  readonly expireAfterSeconds?: number;
}

export const EXTERNAL_ID_INDEX = 'external_id_unique';
export const EMAIL_INDEX = 'email_unique';

/** Recipe fields that hold arrays (multikey indexes). */
export const RECIPE_ARRAY_FIELDS = ['search_keys', 'title_keys', 'dietary_tags'] as const;

const SELECTIVE_RECIPE_FILTERS = ['search_keys', 'dietary_tags', 'cuisine_key', 'meal_type_key', 'season_key', 'collection_id'];
const recipeSorts = Object.values(RECIPE_SORT_FIELDS);
const recipe = (name: string, key: Record<string, 1 | -1>, extra: Partial<IndexSpec> = {}): IndexSpec => ({
  collection: RECIPES_COLLECTION,
  name,
  key,
  ...extra,
});

export const RECIPE_INDEXES: readonly IndexSpec[] = [
  recipe(EXTERNAL_ID_INDEX, { external_id: 1 }, {
    unique: true,
    // Unique only where present: any number of recipes may have no external id (stored as null).
    partialFilterExpression: { external_id: { $type: 'string' } },
  }),
  ...recipeSorts.map((sort) => recipe(`list_${sort}`, { status: 1, [sort]: 1, _id: 1, cook_time_minutes: 1, email_ready: 1 })),
  ...SELECTIVE_RECIPE_FILTERS.flatMap((field) =>
    recipeSorts.map((sort) => recipe(`${field}_${sort}`, { [field]: 1, status: 1, [sort]: 1, _id: 1 })),
  ),
  recipe('title_keys_relevance', { title_keys: 1, status: 1, engagement_score: -1, _id: -1 }),
];

export const PRODUCT_INDEXES: readonly IndexSpec[] = [
  { collection: PRODUCTS_COLLECTION, name: 'list_created_at', key: { created_at: -1, _id: -1 } },
  { collection: PRODUCTS_COLLECTION, name: 'status_created_at', key: { status: 1, created_at: -1, _id: -1, type: 1 } },
  { collection: PRODUCTS_COLLECTION, name: 'type_created_at', key: { type: 1, created_at: -1, _id: -1 } },
];

export const USER_INDEXES: readonly IndexSpec[] = [
  // E-mails are stored lower-case by the domain, so plain uniqueness is case-insensitive uniqueness.
  { collection: USERS_COLLECTION, name: EMAIL_INDEX, key: { email: 1 }, unique: true },
];

export const IDEMPOTENCY_INDEXES: readonly IndexSpec[] = [
  // Housekeeping only: MongoDB sweeps expired keys about once a minute (the emulator never), so claims judge expiry
  // themselves. Claims, completions and releases all go by `_id`.
  { collection: IDEMPOTENCY_COLLECTION, name: 'expires_at_ttl', key: { expires_at: 1 }, expireAfterSeconds: 0 },
];

/**
 * The GridFS indexes of the `files` bucket, exactly as the driver makes them (keys, uniqueness and its default names):
 * before a bucket's first upload into an empty collection the driver looks for these keys and creates what it does
 * not find, and MongoDB refuses the same keys under a second name. A key's versions and a prefix listing go by
 * `filename`; a download reads the file's chunks by `files_id` in `n` order.
 */
export const FILE_INDEXES: readonly IndexSpec[] = [
  { collection: GRIDFS_FILES_COLLECTION, name: 'filename_1_uploadDate_1', key: { filename: 1, uploadDate: 1 } },
  { collection: GRIDFS_CHUNKS_COLLECTION, name: 'files_id_1_n_1', key: { files_id: 1, n: 1 }, unique: true },
];

export const INDEX_SPECS: readonly IndexSpec[] = [...RECIPE_INDEXES, ...PRODUCT_INDEXES, ...USER_INDEXES, ...IDEMPOTENCY_INDEXES, ...FILE_INDEXES];
