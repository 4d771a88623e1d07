/**
 * Every query the repositories build has a declared index that serves it (ESR: equality, sort, range; see
 * `query-shape.ts`). The queries are enumerated from the adapter's own builders, so adding a filter or a sort
 * without an index fails here. No database needed: this checks the declarations, `ensure-indexes.test.ts` the engine.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RECIPE_SORT_KEYS, recipeFilterFrom, recipeListQueryFrom, type RecipeListParams } from '@larder/domain';
import { ObjectId } from 'mongodb';
import { GRIDFS_CHUNKS_COLLECTION, GRIDFS_FILES_COLLECTION } from '../src/files/gridfs-file.js';
import { chunksOfFileFilter, FILE_LIST_SORT, filePrefixFilter, fileVersionsFilter } from '../src/files/gridfs-queries.js';
import { FILE_INDEXES, JOB_INDEXES, PRODUCT_INDEXES, RECIPE_ARRAY_FIELDS, RECIPE_INDEXES, API_KEY_INDEXES, SALE_INDEXES, SALES_INDEXES, USER_INDEXES } from '../src/indexes/index-specs.js';
import { SALES_COLLECTION } from '../src/sales/sale-document.js';
import { API_KEYS_COLLECTION, keyByHashFilter, USER_KEYS_SORT, userKeysFilter } from '../src/api-keys/api-key-document.js';
import { BROWSER_SESSIONS_COLLECTION, extendableSessionFilter, sessionByHashFilter, userSessionsFilter } from '../src/sessions/browser-session-document.js';
import { SALE_LIST_SORT, saleFilter } from '../src/sales/sale-queries.js';
import { ID_INDEX, orBranches, queryShape, servingIndex, type QueryShape, type SortSpec } from '../src/indexes/query-shape.js';
import { JOB_PAUSES_COLLECTION, JOBS_COLLECTION } from '../src/jobs/job-document.js';
import {
  activePausesFilter,
  dueJobsFilter,
  heldJobFilter,
  JOB_LEASE_SORT,
  laterQueuedJobFilter,
  runningJobFilter,
  shorterPauseFilter,
  soonerQueuedJobFilter,
} from '../src/jobs/job-queries.js';
import { AUTHORIZATIONS_COLLECTION, CONNECTIONS_COLLECTION } from '../src/sales/connection-document.js';
import { expiredAuthorizationFilter, expiredAuthorizationsFilter, hookConnectionFilter, PLATFORM_CONNECTIONS_SORT, platformConnectionsFilter, USER_CONNECTIONS_SORT, usableAuthorizationFilter, userConnectionsFilter } from '../src/sales/connection-queries.js';
import { LISTINGS_COLLECTION } from '../src/sales/listing-document.js';
import { LISTING_SWEEP_SORT, listingByRemoteIdFilter, listingsInStateFilter, listingsOfProductFilter, listingsOfProductsFilter } from '../src/sales/listing-queries.js';
import { SETTINGS_COLLECTION } from '../src/settings/secret-key.js';
import { PRODUCT_LIST_SORT, productBySlugFilter, productFilter } from '../src/products/product-queries.js';
import { SUBSCRIBERS_COLLECTION } from '../src/subscribers/subscriber-document.js';
import { SUBSCRIBER_LIST_SORT, subscriberByAddressFilter, subscriberFilter } from '../src/subscribers/subscriber-queries.js';
import { RECIPE_SOURCE_URL_SORT, recipeExternalIdEqualityFilter, recipeExternalIdFilter, recipeSourceUrlFilter, recipeCandidatesFilter, recipeListSegment, recipeWalkSegment } from '../src/recipes/recipe-queries.js';
import { USER_LIST_SORT } from '../src/users/mongo-user-repository.js';
import { BROWSER_SESSION_INDEXES, INDEX_SPECS, SUBSCRIBER_INDEXES, WEBHOOK_INDEXES } from '../src/indexes/index-specs.js';
import { WEBHOOK_DELIVERIES_COLLECTION } from '../src/webhooks/webhook-delivery-document.js';
import { DUE_FIRST_SORT, dueEndpointDeliveriesFilter, enabledUserEndpointsFilter, endpointDeliveriesFilter, eventDeliveryFilter, laterEndpointDeliveriesFilter, NEWEST_FIRST_SORT, pendingEndpointDeliveriesFilter, userEndpointsFilter } from '../src/webhooks/webhook-queries.js';
import { MARKED_EVENTS_FILTER, WAITING_EVENTS_FILTER, WAITING_EVENTS_SORT } from '../src/outbox/mongo-event-outbox.js';
import { PRODUCTS_COLLECTION } from '../src/products/product-document.js';
import { PROFILES_COLLECTION } from '../src/profiles/profile-document.js';
import { WEBHOOK_ENDPOINTS_COLLECTION } from '../src/webhooks/webhook-endpoint-document.js';

/** Text queries: none, a short word (exact only), a word with typo keys, and several words (`$and`). */
const TEXT_QUERIES: RecipeListParams[] = [{}, { q: 'pie' }, { q: 'apple' }, { q: 'apple pie crumble' }];

const RECIPE_FILTERS: Record<string, RecipeListParams> = {
  dietary_tags: { dietary_tags: ['vegan', 'gluten-free'] },
  cuisine: { cuisine: 'Thai' },
  meal_type: { meal_type: 'dinner' },
  season: { season: 'winter' },
  collection_id: { collection_id: 'c1' },
  max_cook_time_minutes: { max_cook_time_minutes: 30 },
  status: { status: 'draft' },
  email_ready: { email_ready: true },
};

/** Every combination of the filters (the empty one, each alone, every mix of them: 2^8), with every text query. */
function filterCombinations(): RecipeListParams[] {
  const entries = Object.values(RECIPE_FILTERS);
  return TEXT_QUERIES.flatMap((text) =>
    Array.from({ length: 2 ** entries.length }, (_, mask) =>
      Object.assign({}, text, ...entries.filter((_, bit) => (mask >> bit) & 1)) as RecipeListParams,
    ),
  );
}

const SORTS: Pick<RecipeListParams, 'sort' | 'order'>[] = [
  {},
  { order: 'asc' },
  ...RECIPE_SORT_KEYS.flatMap((sort) => [{ sort }, { sort, order: 'asc' as const }, { sort, order: 'desc' as const }]),
];

const recipeSpecs = [...RECIPE_INDEXES, ID_INDEX('recipes')];
const unserved = (shapes: QueryShape[], specs: typeof recipeSpecs) =>
  shapes.filter((shape) => servingIndex(shape, specs) === undefined).map((shape) => JSON.stringify(shape));

describe('declared indexes serve every query the adapter builds', () => {
  it('recipe listings: every filter combination, with and without search, in every sort and order (a search reads its candidates)', () => {
    const shapes = filterCombinations().flatMap((params) =>
      SORTS.flatMap((sort) => {
        const query = recipeListQueryFrom({ ...params, ...sort }, { page: 1, perPage: 20 });
        if (query.filter.searchKeys.length > 0) {
          // A text query reads the other conditions' candidates, in no order (the adapter matches the text and sorts).
          return [queryShape(recipeCandidatesFilter(query.filter), {}, ['status'])];
        }
        const segment = recipeListSegment(query);
        return [queryShape(segment.filter, segment.sort, ['status'])];
      }),
    );
    assert.equal(shapes.length > 10_000, true, 'the enumeration covers the combinations');
    assert.deepEqual(unserved(shapes, recipeSpecs), []);
  });

  it('the export walk (by id) and the lookups by id and external id', () => {
    const walks = filterCombinations().flatMap((params) =>
      [null, 'recipe-1'].map((afterId) => {
        const segment = recipeWalkSegment(recipeFilterFrom(params), afterId);
        // An export reads the whole filtered set once, in id order: the order is what must be served.
        const { equality, range } = queryShape(segment.filter, segment.sort);
        return queryShape(segment.filter, segment.sort, [...equality, ...range]);
      }),
    );
    const lookups = [queryShape({ _id: { $in: ['a'] } }), queryShape(recipeExternalIdFilter(['x'])), queryShape(recipeExternalIdEqualityFilter('x'))];
    assert.deepEqual(unserved([...walks, ...lookups], recipeSpecs), []);
    assert.equal(servingIndex(queryShape(recipeExternalIdFilter(['x'])), recipeSpecs)?.name, 'external_id_unique');
    const bySourceUrl = queryShape(recipeSourceUrlFilter('https://example.com/soup'), RECIPE_SOURCE_URL_SORT);
    assert.deepEqual(unserved([bySourceUrl], recipeSpecs), []);
    assert.equal(servingIndex(bySourceUrl, recipeSpecs)?.name, 'source_url_lookup');
    // The one-by-one route (engines without `$in` pushdown) is served by the same partial index on MongoDB.
    assert.equal(servingIndex(queryShape(recipeExternalIdEqualityFilter('x')), recipeSpecs)?.name, 'external_id_unique');
  });

  it('a lead magnet’s page by its slug, and its subscribers: by address, newest first alone or by status, all at once', () => {
    assert.equal(servingIndex(queryShape(productBySlugFilter('soups-0a1b2c3d')), [...PRODUCT_INDEXES, ID_INDEX('products')])?.name, 'slug_unique');
    const specs = [...SUBSCRIBER_INDEXES, ID_INDEX(SUBSCRIBERS_COLLECTION)];
    const shapes = [
      queryShape(subscriberByAddressFilter('magnet-1', 'ann@example.org')),
      ...[{}, { status: 'pending' as const }, { status: 'confirmed' as const }].flatMap((status) => {
        const filter = subscriberFilter({ productId: 'magnet-1', ...status });
        return [queryShape(filter, SUBSCRIBER_LIST_SORT), queryShape(filter, {})];
      }),
    ];
    assert.deepEqual(unserved(shapes, specs), []);
    assert.equal(servingIndex(queryShape(subscriberByAddressFilter('m', 'a')), specs)?.name, 'product_email_key_unique');
  });

  it('product listings by status, type, both and neither', () => {
    const filters = [{}, { status: 'draft' as const }, { type: 'ebook' as const }, { status: 'published' as const, type: 'meal_plan' as const }];
    const shapes = filters.map((filter) => queryShape(productFilter(filter), PRODUCT_LIST_SORT));
    assert.deepEqual(unserved(shapes, [...PRODUCT_INDEXES, ID_INDEX('products')]), []);
  });

  it('profiles by their user: the `_id` index alone', () => {
    assert.equal(servingIndex(queryShape({ _id: 'user-1' }), [ID_INDEX(PROFILES_COLLECTION)])?.name, '_id_');
    assert.equal(servingIndex(queryShape({ _id: 'user-1', version: 3 }), [ID_INDEX(PROFILES_COLLECTION)])?.name, '_id_');
  });

  it('users by e-mail and listed by e-mail', () => {
    const shapes = [queryShape({ email: 'a@example.com' }), queryShape({}, USER_LIST_SORT)];
    assert.deepEqual(unserved(shapes, [...USER_INDEXES, ID_INDEX('users')]), []);
  });

  it('stored files: a key\'s versions, a prefix listing in key order, removal by id, a file\'s chunks in order', () => {
    const files = [...FILE_INDEXES, ID_INDEX(GRIDFS_FILES_COLLECTION)];
    const chunks = [...FILE_INDEXES, ID_INDEX(GRIDFS_CHUNKS_COLLECTION)];
    const listings = ['', 'documents/', 'documents/p1', 'documents/p1/g1/a4.pdf', 'a.b-c_d/'].map((prefix) => queryShape(filePrefixFilter(prefix), FILE_LIST_SORT));
    assert.deepEqual(unserved([queryShape(fileVersionsFilter('documents/p1/g1/a4.pdf')), ...listings, queryShape({ _id: new ObjectId() })], files), []);
    assert.equal(servingIndex(listings[1] ?? queryShape({}), files)?.name, 'filename_1_uploadDate_1');
    const fileId = new ObjectId();
    // The second is the driver's own download query (GridFSBucketReadStream).
    const chunkQueries = [queryShape(chunksOfFileFilter(fileId)), queryShape({ files_id: { $eq: fileId } }, { n: 1 })];
    assert.deepEqual(unserved(chunkQueries, chunks), []);
    assert.equal(servingIndex(chunkQueries[1] ?? queryShape({}), chunks)?.name, 'files_id_1_n_1');
  });

  it('the job queue: a lease (each branch of its $or, with and without skipped groups), writes by key, pauses', () => {
    const jobs = [...JOB_INDEXES, ID_INDEX(JOBS_COLLECTION)];
    const pauses = [...JOB_INDEXES, ID_INDEX(JOB_PAUSES_COLLECTION)];
    const now = new Date();
    const leases = [[], ['etsy'], ['etsy', 'gumroad']].flatMap((skip) => orBranches(dueJobsFilter(now, skip)));
    assert.equal(leases.length, 6, 'two branches per lease');
    const leaseShapes = leases.map((branch) => queryShape(branch, JOB_LEASE_SORT));
    assert.deepEqual(leaseShapes.map((shape) => servingIndex(shape, jobs)?.name), Array<string>(6).fill('state_run_at'));
    // Where a lease cannot be one atomic write (FerretDB): the due jobs are read as above, then taken one by one by key.
    const byKey = [
      ...orBranches({ ...dueJobsFilter(now, ['etsy']), _id: 'k' }).map((branch) => queryShape(branch)),
      queryShape(heldJobFilter({ key: 'k', kind: 'x', group: 'g', payload: {}, attempts: 0, firstAttemptAt: null, leaseId: 'l', leaseUntil: now })),
      queryShape(laterQueuedJobFilter('k', now)),
      queryShape(soonerQueuedJobFilter('k', now)),
      queryShape(runningJobFilter('k')),
    ];
    assert.deepEqual(unserved(byKey, jobs), []);
    assert.deepEqual(unserved(byKey, [ID_INDEX(JOBS_COLLECTION)]), [], 'each a point query on _id');
    // `size()` counts the whole collection: no filter for an index to serve.
    const pauseShapes = [queryShape(activePausesFilter(now)), queryShape(shorterPauseFilter('etsy', now)), queryShape({ _id: 'etsy', until: { $gte: now } })];
    assert.deepEqual(unserved(pauseShapes, pauses), []);
    assert.equal(servingIndex(pauseShapes[0] ?? queryShape({}), pauses)?.name, 'until');
  });

  it('listings, connections, OAuth authorizations and settings', () => {
    const now = new Date();
    const listings = [...SALES_INDEXES, ID_INDEX(LISTINGS_COLLECTION)];
    const listingShapes = [
      queryShape({ _id: 'p:etsy' }),
      queryShape({ _id: 'p:etsy', version: 3 }),
      queryShape(listingsOfProductsFilter(['p1', 'p2'])),
      queryShape(listingsOfProductFilter('p1')),
      queryShape(listingByRemoteIdFilter('etsy', '4455')),
      ...(['pending', 'live', 'failed', 'not_connected', 'unlisted'] as const).map((state) => queryShape(listingsInStateFilter(state, now), LISTING_SWEEP_SORT)),
    ];
    assert.deepEqual(unserved(listingShapes, listings), []);
    assert.equal(servingIndex(listingShapes[2] ?? queryShape({}), listings)?.name, 'product_platform');
    assert.equal(servingIndex(listingShapes[4] ?? queryShape({}), listings)?.name, 'platform_remote_id');
    assert.equal(servingIndex(listingShapes[5] ?? queryShape({}), listings)?.name, 'state_updated_at');

    const connections = [...SALES_INDEXES.filter((spec) => spec.collection === CONNECTIONS_COLLECTION), ID_INDEX(CONNECTIONS_COLLECTION)];
    const connectionShapes = [
      queryShape({ _id: 'u:etsy' }),
      queryShape(userConnectionsFilter('u'), USER_CONNECTIONS_SORT),
      queryShape(platformConnectionsFilter('etsy'), PLATFORM_CONNECTIONS_SORT),
      queryShape(hookConnectionFilter('gumroad', 'ab12')),
    ];
    assert.deepEqual(unserved(connectionShapes, connections), []);
    assert.equal(servingIndex(connectionShapes[1] ?? queryShape({}), connections)?.name, 'user_platform');
    assert.equal(servingIndex(connectionShapes[2] ?? queryShape({}), connections)?.name, 'platform_user');
    assert.equal(servingIndex(connectionShapes[3] ?? queryShape({}), connections)?.name, 'hook_digest');

    const authorizations = [...SALES_INDEXES, ID_INDEX(AUTHORIZATIONS_COLLECTION)];
    const authorizationShapes = [queryShape(usableAuthorizationFilter('a', now)), queryShape(expiredAuthorizationFilter('a', now)), queryShape({ _id: 'a' }), queryShape(expiredAuthorizationsFilter(now))];
    assert.deepEqual(unserved(authorizationShapes, authorizations), []);
    assert.equal(servingIndex(authorizationShapes[3] ?? queryShape({}), authorizations)?.name, 'expires_at_ttl');

    assert.equal(servingIndex(queryShape({ _id: 'larder_secret_key' }), [ID_INDEX(SETTINGS_COLLECTION)])?.name, '_id_');
  });
});

describe('declared indexes serve the webhook stores', () => {
  it("a user's endpoints, an endpoint's deliveries (all, pending), a delivery by event and endpoint", () => {
    const endpoints = [...WEBHOOK_INDEXES, ID_INDEX(WEBHOOK_ENDPOINTS_COLLECTION)];
    const endpointShapes = [queryShape({ _id: 'e', version: 2 }), queryShape(userEndpointsFilter('u'), NEWEST_FIRST_SORT), queryShape(userEndpointsFilter('u')), queryShape(enabledUserEndpointsFilter('u'))];
    assert.deepEqual(unserved(endpointShapes, endpoints), []);
    assert.equal(servingIndex(endpointShapes[1] ?? queryShape({}), endpoints)?.name, 'user_created_at');
    const deliveries = [...WEBHOOK_INDEXES, ID_INDEX(WEBHOOK_DELIVERIES_COLLECTION)];
    const deliveryShapes = [
      queryShape({ _id: 'd', version: 2 }),
      queryShape(endpointDeliveriesFilter('e'), NEWEST_FIRST_SORT),
      queryShape(endpointDeliveriesFilter('e')),
      queryShape(pendingEndpointDeliveriesFilter('e')),
      queryShape(eventDeliveryFilter('msg_1', 'e')),
    ];
    assert.deepEqual(unserved(deliveryShapes, deliveries), []);
    assert.equal(servingIndex(deliveryShapes[1] ?? queryShape({}), deliveries)?.name, 'endpoint_created_at');
    // The unique index that makes one delivery per event and endpoint also serves the relay's lookup of it.
    const unique = WEBHOOK_INDEXES.filter((spec) => spec.name === 'event_endpoint');
    assert.equal(servingIndex(deliveryShapes[4] ?? queryShape({}), unique)?.unique, true);
  });

  it("an endpoint's delivery job: its due deliveries earliest first, and when the next one is due", () => {
    const deliveries = [...WEBHOOK_INDEXES, ID_INDEX(WEBHOOK_DELIVERIES_COLLECTION)];
    const now = new Date('2026-11-26T00:00:00Z');
    const shapes = [queryShape(dueEndpointDeliveriesFilter('e', now), DUE_FIRST_SORT), queryShape(laterEndpointDeliveriesFilter('e', now), DUE_FIRST_SORT)];
    assert.deepEqual(unserved(shapes, deliveries), []);
    for (const shape of shapes) assert.equal(servingIndex(shape, deliveries)?.name, 'endpoint_pending_due');
  });
});

describe('declared indexes serve the outbox', () => {
  it('each collection whose writes raise events has a partial index giving its waiting documents oldest first', () => {
    const shape = queryShape(WAITING_EVENTS_FILTER, WAITING_EVENTS_SORT);
    for (const collection of [PRODUCTS_COLLECTION, LISTINGS_COLLECTION, WEBHOOK_ENDPOINTS_COLLECTION]) {
      const specs = [...INDEX_SPECS.filter((spec) => spec.collection === collection), ID_INDEX(collection)];
      const serving = servingIndex(shape, specs);
      assert.equal(serving?.name, 'outbox_waiting', collection);
      assert.deepEqual(serving?.partialFilterExpression, WAITING_EVENTS_FILTER, 'it holds only documents with waiting events');
    }
  });

  it('the marked documents (what the relay reads between sweeps) come from the same partial index', () => {
    // The mark narrows nothing the partial index has not already: nearly every document in it carries the mark (it is
    // there for FerretDB, which pushes an equality down to PostgreSQL and not `$exists`). MongoDB checks it on the
    // documents the index gives, in order.
    const shape = queryShape(MARKED_EVENTS_FILTER, WAITING_EVENTS_SORT, ['events_waiting']);
    assert.deepEqual(shape.equality, ['events_waiting'], 'the mark is in the filter');
    for (const collection of [PRODUCTS_COLLECTION, LISTINGS_COLLECTION, WEBHOOK_ENDPOINTS_COLLECTION, SALES_COLLECTION, SUBSCRIBERS_COLLECTION]) {
      const specs = [...INDEX_SPECS.filter((spec) => spec.collection === collection), ID_INDEX(collection)];
      assert.equal(servingIndex(shape, specs)?.name, 'outbox_waiting', collection);
    }
  });
});

describe('the index checker', () => {
  const spec = (key: SortSpec) => ({ collection: 'c', name: 'i', key });
  const serves = (key: SortSpec, filter: object, sort: SortSpec = {}, broad: string[] = []) =>
    servingIndex(queryShape(filter, sort, broad), [spec(key)]) !== undefined;

  it('accepts equality, then the sort in either direction, then ranges', () => {
    assert.equal(serves({ a: 1, s: 1, _id: 1, r: 1 }, { a: 'x', r: { $lte: 3 } }, { s: -1, _id: -1 }), true);
    assert.equal(serves({ a: 1, s: 1, _id: 1 }, { a: { $in: ['x', 'y'] } }, { s: 1, _id: 1 }), true);
  });

  it('rejects a sort the index cannot give: missing, mixed directions, or behind a range', () => {
    assert.equal(serves({ a: 1 }, { a: 'x' }, { s: 1, _id: 1 }), false);
    assert.equal(serves({ a: 1, s: 1, _id: -1 }, { a: 'x' }, { s: 1, _id: 1 }), false);
    assert.equal(serves({ r: 1, s: 1, _id: 1 }, { r: { $gt: 1 } }, { s: 1, _id: 1 }), false);
    assert.equal(serves({ b: 1, s: 1, _id: 1 }, { a: 'x' }, { s: 1, _id: 1 }), false, 'b is not pinned by the query');
  });

  it('rejects an index that does not narrow a filtered query, unless the filter is broad', () => {
    assert.equal(serves({ status: 1, s: 1, _id: 1 }, { status: 'active', cuisine: 'thai' }, { s: 1, _id: 1 }, ['status']), false);
    assert.equal(serves({ status: 1, s: 1, _id: 1 }, { status: 'active' }, { s: 1, _id: 1 }, ['status']), true);
  });

  it('sales: a user’s, newest first, alone or by product or platform, in a time range; every user’s for the export', () => {
    const sales = [...SALE_INDEXES, ID_INDEX(SALES_COLLECTION)];
    const from = new Date('2026-01-01T00:00:00.000Z');
    const to = new Date('2026-02-01T00:00:00.000Z');
    const shapes = [
      queryShape({ _id: 'gumroad:s1' }),
      queryShape({ _id: 'gumroad:s1', version: 2 }),
      queryShape(saleFilter({ userId: 'u' }), SALE_LIST_SORT),
      queryShape(saleFilter({ userId: 'u', productId: 'p' }), SALE_LIST_SORT),
      queryShape(saleFilter({ userId: 'u', platform: 'etsy', from, to }), SALE_LIST_SORT),
      queryShape(saleFilter({ userId: 'u', from }), SALE_LIST_SORT),
      queryShape(saleFilter({}), SALE_LIST_SORT),
    ];
    assert.deepEqual(unserved(shapes, sales), []);
    assert.equal(servingIndex(shapes[2] ?? queryShape({}), sales)?.name, 'user_sold_at');
    assert.equal(servingIndex(shapes[3] ?? queryShape({}), sales)?.name, 'user_product_sold_at');
    assert.equal(servingIndex(shapes[4] ?? queryShape({}), sales)?.name, 'user_platform_sold_at');
  });

  it('API keys: by digest on every request with a key, a user’s newest first', () => {
    const keys = [...API_KEY_INDEXES, ID_INDEX(API_KEYS_COLLECTION)];
    const shapes = [queryShape(keyByHashFilter('ab')), queryShape(userKeysFilter('u'), USER_KEYS_SORT), queryShape({ _id: 'k', user_id: 'u' })];
    assert.deepEqual(unserved(shapes, keys), []);
    assert.equal(servingIndex(shapes[0] ?? queryShape({}), keys)?.name, 'key_hash_unique');
    assert.equal(servingIndex(shapes[1] ?? queryShape({}), keys)?.name, 'user_created_at');
  });

  it('browser sessions: by digest on every request with the cookie, renewal and sign-out by id, a removed user’s by user', () => {
    const sessions = [...BROWSER_SESSION_INDEXES, ID_INDEX(BROWSER_SESSIONS_COLLECTION)];
    const shapes = [
      queryShape(sessionByHashFilter('ab')),
      queryShape(extendableSessionFilter('s', new Date())),
      queryShape({ _id: 's' }),
      queryShape(userSessionsFilter('u')),
    ];
    assert.deepEqual(unserved(shapes, sessions), []);
    assert.equal(servingIndex(shapes[0] ?? queryShape({}), sessions)?.name, 'token_hash_unique');
    assert.equal(servingIndex(shapes[1] ?? queryShape({}), [ID_INDEX(BROWSER_SESSIONS_COLLECTION)])?.name, '_id_', 'a renewal goes by id');
    assert.equal(servingIndex(shapes[3] ?? queryShape({}), sessions)?.name, 'user_id');
  });

  it('reads `$and` as its conditions side by side', () => {
    assert.equal(serves({ a: 1, s: 1, _id: 1 }, { $and: [{ a: { $in: ['x'] } }, { a: { $in: ['y'] } }] }, { s: 1, _id: 1 }), true);
    assert.equal(serves({ b: 1, s: 1, _id: 1 }, { $and: [{ a: { $in: ['x'] } }] }, { s: 1, _id: 1 }), false);
  });

  it('reads a case-sensitive regex of `^` and literal characters as a range (MongoDB bounds it on the index)', () => {
    assert.deepEqual(queryShape({ a: { $regex: '^docs/p1\\.v-2_' } }).range, ['a']);
    assert.deepEqual(queryShape({ a: { $regex: '^' } }).range, ['a']);
    assert.equal(serves({ a: 1, b: 1 }, { a: { $regex: '^x' } }, { a: 1 }), true);
    assert.equal(serves({ b: 1, a: 1 }, { a: { $regex: '^x' } }, { a: 1 }), false);
  });

  it('reads each branch of a top-level $or, with the conditions beside it, as a query of its own', () => {
    const filter = { $or: [{ s: 'q', r: { $lte: 1 } }, { s: 'r', l: { $lt: 1 } }], g: { $nin: ['x'] } };
    assert.deepEqual(orBranches(filter).map((branch) => queryShape(branch, { r: 1 })), [
      { equality: ['s'], range: ['r'], sort: [['r', 1]], narrowing: ['s', 'r'] },
      { equality: ['s'], range: ['l'], sort: [['r', 1]], narrowing: ['s', 'l'] },
    ]);
    assert.equal(serves({ s: 1, r: 1, l: 1 }, orBranches(filter)[1] ?? {}, { r: 1 }), true);
    assert.equal(serves({ l: 1, r: 1 }, orBranches(filter)[0] ?? {}, { r: 1 }), false, 'the first branch does not pin l');
    assert.deepEqual(orBranches({ a: 1 }), [{ a: 1 }]);
  });

  it('refuses to guess about operators it does not model', () => {
    assert.throws(() => queryShape({ a: { $regex: 'x' } }), /unknown operator/, 'not anchored');
    assert.throws(() => queryShape({ a: { $regex: '^x.y' } }), /unknown operator/, 'a wildcard after the prefix');
    assert.throws(() => queryShape({ a: { $regex: '^x', $options: 'i' } }), /unknown operator/, 'case-insensitive');
    assert.throws(() => queryShape({ $or: [{ a: 1 }] }), /unsupported top-level operator/);
  });

  it('declares no index over two array fields (MongoDB refuses parallel arrays)', () => {
    const parallel = RECIPE_INDEXES.filter((index) => Object.keys(index.key).filter((field) => (RECIPE_ARRAY_FIELDS as readonly string[]).includes(field)).length > 1);
    assert.deepEqual(parallel, []);
  });
});
