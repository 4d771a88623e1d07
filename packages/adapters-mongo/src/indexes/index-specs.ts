/**
 * Every index the adapter relies on, in one list. `ensureIndexes` creates them; the index test checks every query
 * the repositories build against this list (see `query-shape.ts`), so a new filter or sort needs an entry here.
 *
 * Recipes (every listing filters on `status`, which alone narrows little):
 * - `list_<sort>`: status, the sort field, `_id`, then `cook_time_minutes` and `email_ready`. It serves the
 *   unfiltered listing in each order, and the max-cook-time and email_ready filters from the index keys (no document
 *   that fails them is fetched). Neither narrows much (a range most recipes fall in, a boolean), so they get no
 *   index families of their own.
 * - `<field>_<sort>`: a selective filter (a dietary tag, cuisine, meal type, season, collection), then status, then
 *   the sort: the filter bounds the scan and the order comes from the index, for every sort.
 * A text query has no index here: documents carry no search keys (the search index owns them) and the adapter
 * matches the text on the documents the other conditions select (`OBSOLETE_RECIPE_INDEXES`: the ones that served
 * the keys documents used to carry, dropped at start by `slimRecipeDocuments`).
 * Every index serves both directions of its sort: ties are broken by `_id` in the sort's direction. Both families
 * are `listing` indexes: not made on FerretDB, whose listings cannot use them (`listingIndexes`).
 * Of the array fields no index holds two: MongoDB refuses parallel arrays.
 */
import type { Document } from 'mongodb';
import { GRIDFS_CHUNKS_COLLECTION, GRIDFS_FILES_COLLECTION } from '../files/gridfs-file.js';
import { IDEMPOTENCY_COLLECTION } from '../idempotency/idempotency-document.js';
import { JOB_PAUSES_COLLECTION, JOBS_COLLECTION } from '../jobs/job-document.js';
import { PRODUCTS_COLLECTION } from '../products/product-document.js';
import { RECIPES_COLLECTION } from '../recipes/recipe-document.js';
import { RECIPE_SORT_FIELDS } from '../recipes/recipe-queries.js';
import { RECIPE_CHANGES_COLLECTION } from '../recipes/recipe-change-feed.js';
import { PRODUCT_CHANGES_COLLECTION } from '../products/product-change-feed.js';
import { CHANGES_KEPT_SECONDS, idsCollectionOf } from '../change-feed/change-recorder.js';
import { AUTHORIZATIONS_COLLECTION, CONNECTIONS_COLLECTION } from '../sales/connection-document.js';
import { LISTINGS_COLLECTION } from '../sales/listing-document.js';
import { WAITING_EVENTS_FILTER } from '../outbox/mongo-event-outbox.js';
import { WEBHOOK_DELIVERIES_COLLECTION } from '../webhooks/webhook-delivery-document.js';
import { WEBHOOK_ENDPOINTS_COLLECTION } from '../webhooks/webhook-endpoint-document.js';
import { SALES_COLLECTION } from '../sales/sale-document.js';
import { API_KEYS_COLLECTION } from '../api-keys/api-key-document.js';
import { BROWSER_SESSIONS_COLLECTION } from '../sessions/browser-session-document.js';
import { USERS_COLLECTION } from '../users/user-document.js';
import { MAIL_BUDGET_COLLECTION } from '../subscribers/mongo-mail-budget.js';
import { SUBSCRIBERS_COLLECTION } from '../subscribers/subscriber-document.js';

export interface IndexSpec {
  readonly collection: string;
  readonly name: string;
  /** Field → direction, in key order. */
  readonly key: Readonly<Record<string, 1 | -1>>;
  readonly unique?: boolean;
  readonly partialFilterExpression?: Document;
  /** A TTL index: documents are removed this many seconds after the date in the (single) key field. */
  readonly expireAfterSeconds?: number;
  /** Serves recipe listings only: made where the engine serves them from it (`listingIndexes`), left out elsewhere. */
  readonly listing?: true;
}

export const EXTERNAL_ID_INDEX = 'external_id_unique';
export const EMAIL_INDEX = 'email_unique';
export const SOURCE_URL_INDEX = 'source_url_lookup';

/** Recipe fields that hold arrays (multikey indexes). */
export const RECIPE_ARRAY_FIELDS = ['dietary_tags'] as const;

const SELECTIVE_RECIPE_FILTERS = ['dietary_tags', 'cuisine_key', 'meal_type_key', 'season_key', 'collection_id'];
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
  // A URL import finds the recipe it made before by its source_url (first by id when several share one).
  recipe(SOURCE_URL_INDEX, { source_url: 1, _id: 1 }, { partialFilterExpression: { source_url: { $type: 'string' } } }),
  ...recipeSorts.map((sort) => recipe(`list_${sort}`, { status: 1, [sort]: 1, _id: 1, cook_time_minutes: 1, email_ready: 1 }, { listing: true })),
  ...SELECTIVE_RECIPE_FILTERS.flatMap((field) =>
    recipeSorts.map((sort) => recipe(`${field}_${sort}`, { [field]: 1, status: 1, [sort]: 1, _id: 1 }, { listing: true })),
  ),
];

/** Recipe indexes of the derived search keys documents no longer carry; `slimRecipeDocuments` drops them. */
export const OBSOLETE_RECIPE_INDEXES: readonly string[] = [...recipeSorts.map((sort) => `search_keys_${sort}`), 'title_keys_relevance'];

export const PRODUCT_INDEXES: readonly IndexSpec[] = [
  { collection: PRODUCTS_COLLECTION, name: 'list_created_at', key: { created_at: -1, _id: -1 } },
  { collection: PRODUCTS_COLLECTION, name: 'status_created_at', key: { status: 1, created_at: -1, _id: -1, type: 1 } },
  { collection: PRODUCTS_COLLECTION, name: 'type_created_at', key: { type: 1, created_at: -1, _id: -1 } },
  // A lead magnet's page by its slug; unique, and only where there is one (products without a slug leave it out).
  { collection: PRODUCTS_COLLECTION, name: 'slug_unique', key: { slug: 1 }, unique: true, partialFilterExpression: { slug: { $type: 'string' } } },
];

export const USER_INDEXES: readonly IndexSpec[] = [
  // E-mails are stored lower-case by the domain, so plain uniqueness is case-insensitive uniqueness.
  { collection: USERS_COLLECTION, name: EMAIL_INDEX, key: { email: 1 }, unique: true },
];

/** The change feeds' records are read by time (every instance's poll) and deleted by age. */
export const CHANGE_RECORD_INDEXES: readonly IndexSpec[] = [
  { collection: RECIPE_CHANGES_COLLECTION, name: 'at_ttl', key: { at: 1 }, expireAfterSeconds: CHANGES_KEPT_SECONDS },
  { collection: PRODUCT_CHANGES_COLLECTION, name: 'at_ttl', key: { at: 1 }, expireAfterSeconds: CHANGES_KEPT_SECONDS },
  // The ids of large writes (more than INLINE_IDS), apart from their records: read by `_id`, kept as long.
  { collection: idsCollectionOf({ records: RECIPE_CHANGES_COLLECTION }), name: 'at_ttl', key: { at: 1 }, expireAfterSeconds: CHANGES_KEPT_SECONDS },
  { collection: idsCollectionOf({ records: PRODUCT_CHANGES_COLLECTION }), name: 'at_ttl', key: { at: 1 }, expireAfterSeconds: CHANGES_KEPT_SECONDS },
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

/**
 * The job queue. A lease asks for the earliest due job, `$or` of waiting and due (`state`, `run_at` range) and running
 * on a lease that ran out (`state`, `lease_until` range), by `run_at` then `_id`: each branch is an equality on
 * `state` and the order from the same index (MongoDB merges the two branches' scans in order), `lease_until` checked
 * from the index keys. Every other job write goes by `_id`. Pauses are read by `until`.
 */
export const JOB_INDEXES: readonly IndexSpec[] = [
  { collection: JOBS_COLLECTION, name: 'state_run_at', key: { state: 1, run_at: 1, _id: 1, lease_until: 1 } },
  { collection: JOB_PAUSES_COLLECTION, name: 'until', key: { until: 1 } },
];

/**
 * Sales: a product's listings by `product_id` (a product response, a page of them); the sweep of listings left in a
 * state by `state` then oldest change; a sale's listing by `platform` and `remote_id`; a user's connections by `user_id` in platform order; a platform's connections (the sales poll) by `platform` then
 * user; the connection a sale notice's secret names by `hook_digest`. Single listings,
 * connections and authorizations go by `_id` (which also makes one listing per product and platform, and one
 * connection per user and platform). OAuth authorizations live ten minutes: TTL housekeeping, as idempotency keys.
 */
export const SALES_INDEXES: readonly IndexSpec[] = [
  { collection: LISTINGS_COLLECTION, name: 'product_platform', key: { product_id: 1, platform: 1 } },
  { collection: LISTINGS_COLLECTION, name: 'platform_remote_id', key: { platform: 1, remote_id: 1 } },
  { collection: LISTINGS_COLLECTION, name: 'state_updated_at', key: { state: 1, updated_at: 1, _id: 1 } },
  { collection: CONNECTIONS_COLLECTION, name: 'user_platform', key: { user_id: 1, platform: 1 } },
  { collection: CONNECTIONS_COLLECTION, name: 'hook_digest', key: { hook_digest: 1 } },
  { collection: CONNECTIONS_COLLECTION, name: 'platform_user', key: { platform: 1, user_id: 1 } },
  { collection: AUTHORIZATIONS_COLLECTION, name: 'expires_at_ttl', key: { expires_at: 1 }, expireAfterSeconds: 0 },
];

/**
 * The outbox (events waiting in the documents whose change raised them): `pending` reads the documents that have any,
 * oldest first event first. Partial, so that it holds only those few documents (FerretDB, without partial indexes,
 * gets a plain one). A collection whose repository writes events declares its own with `outboxIndex`.
 */
export const outboxIndex = (collection: string): IndexSpec => ({
  collection,
  name: 'outbox_waiting',
  key: { 'outbox.0.occurred_at': 1, _id: 1 },
  partialFilterExpression: { ...WAITING_EVENTS_FILTER },
});

export const OUTBOX_INDEXES: readonly IndexSpec[] = [outboxIndex(PRODUCTS_COLLECTION), outboxIndex(LISTINGS_COLLECTION), outboxIndex(WEBHOOK_ENDPOINTS_COLLECTION)];

/**
 * Webhooks: a user's endpoints newest first by `user_id` (also their enabled ones, which the relay reads per event,
 * and their count); an endpoint's deliveries newest first by `endpoint_id` (also its pending ones, given up when it is
 * disabled, and all of them, removed with it); one delivery per event and endpoint, unique, which is what makes the
 * relay idempotent; an endpoint's delivery job reads its pending deliveries due now, and when the next one is due, by
 * `endpoint_id`, `status` then `next_attempt_at`. Single endpoints and deliveries go by `_id`.
 */
export const WEBHOOK_INDEXES: readonly IndexSpec[] = [
  { collection: WEBHOOK_ENDPOINTS_COLLECTION, name: 'user_created_at', key: { user_id: 1, created_at: -1, _id: -1 } },
  { collection: WEBHOOK_DELIVERIES_COLLECTION, name: 'endpoint_created_at', key: { endpoint_id: 1, created_at: -1, _id: -1 } },
  { collection: WEBHOOK_DELIVERIES_COLLECTION, name: 'event_endpoint', key: { event_id: 1, endpoint_id: 1 }, unique: true },
  { collection: WEBHOOK_DELIVERIES_COLLECTION, name: 'endpoint_pending_due', key: { endpoint_id: 1, status: 1, next_attempt_at: 1, _id: 1 } },
];

/**
 * Sales a user sees: newest first, alone or by product or platform (each equality before `sold_at`, so that a time
 * range and the order come from the same index); the outbox of sale events.
 */
export const SALE_INDEXES: readonly IndexSpec[] = [
  { collection: SALES_COLLECTION, name: 'user_product_sold_at', key: { user_id: 1, product_id: 1, sold_at: -1, _id: -1 } },
  { collection: SALES_COLLECTION, name: 'user_platform_sold_at', key: { user_id: 1, platform: 1, sold_at: -1, _id: -1 } },
  { collection: SALES_COLLECTION, name: 'user_sold_at', key: { user_id: 1, sold_at: -1, _id: -1 } },
  { collection: SALES_COLLECTION, name: 'sold_at', key: { sold_at: -1, _id: -1 } },
  outboxIndex(SALES_COLLECTION),
];

/** API keys: each request with a key looks it up by digest (unique: one key names one record); a user's by creation. */
export const API_KEY_INDEXES: readonly IndexSpec[] = [
  { collection: API_KEYS_COLLECTION, name: 'key_hash_unique', key: { key_hash: 1 }, unique: true },
  { collection: API_KEYS_COLLECTION, name: 'user_created_at', key: { user_id: 1, created_at: -1, _id: -1 } },
];

/**
 * Browser sessions: each request with the session cookie looks it up by digest (unique: one token names one session);
 * a removed user's by `user_id`. Renewal and sign-out go by `_id`. Expired sessions are swept (TTL) as they expire:
 * housekeeping only, the domain judges expiry itself (the emulator never sweeps, FerretDB has no TTL option).
 */
export const BROWSER_SESSION_INDEXES: readonly IndexSpec[] = [
  { collection: BROWSER_SESSIONS_COLLECTION, name: 'token_hash_unique', key: { token_hash: 1 }, unique: true },
  { collection: BROWSER_SESSIONS_COLLECTION, name: 'user_id', key: { user_id: 1 } },
  { collection: BROWSER_SESSIONS_COLLECTION, name: 'expires_at_ttl', key: { expires_at: 1 }, expireAfterSeconds: 0 },
];

/**
 * Lead magnet subscribers: one per lead magnet and address key (unique; also the lookup when a reader asks again); a
 * lead magnet's subscribers newest first, alone or by status; the outbox of `subscriber.confirmed`. Links and erasure
 * go by `_id`. The mail budget goes by `_id` only; its documents expire (TTL) two days after their day.
 */
export const SUBSCRIBER_INDEXES: readonly IndexSpec[] = [
  { collection: SUBSCRIBERS_COLLECTION, name: 'product_email_key_unique', key: { product_id: 1, email_key: 1 }, unique: true },
  { collection: SUBSCRIBERS_COLLECTION, name: 'product_created_at', key: { product_id: 1, created_at: -1, _id: -1 } },
  { collection: SUBSCRIBERS_COLLECTION, name: 'product_status_created_at', key: { product_id: 1, status: 1, created_at: -1, _id: -1 } },
  outboxIndex(SUBSCRIBERS_COLLECTION),
  { collection: MAIL_BUDGET_COLLECTION, name: 'expires_at_ttl', key: { expires_at: 1 }, expireAfterSeconds: 0 },
];

export const INDEX_SPECS: readonly IndexSpec[] = [
  ...RECIPE_INDEXES,
  ...CHANGE_RECORD_INDEXES,
  ...PRODUCT_INDEXES,
  ...USER_INDEXES,
  ...IDEMPOTENCY_INDEXES,
  ...FILE_INDEXES,
  ...JOB_INDEXES,
  ...SALES_INDEXES,
  ...OUTBOX_INDEXES,
  ...WEBHOOK_INDEXES,
  ...SALE_INDEXES,
  ...API_KEY_INDEXES,
  ...BROWSER_SESSION_INDEXES,
  ...SUBSCRIBER_INDEXES,
];
