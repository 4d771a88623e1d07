/**
 * Property-based fuzzing of every endpoint from its own schemas (fast-check): valid bodies, near misses of valid
 * bodies, arbitrary JSON, arbitrary query strings, path ids and headers. The property: never a 5xx, and every 4xx is
 * the contract's problem. `FUZZ_RUNS=2000` fuzzes harder than the default.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { PasswordChangeBody } from '../../src/routes/password.js';
import { PROBLEM_CODES } from '../../src/http/problem.js';
import { WebhookCreateBody, WebhookListQuery, WebhookPatchBody } from '../../src/schemas/webhook.js';
import { LoginBody } from '../../src/schemas/auth.js';
import { LeadMagnetBody, ProductCreateBody, ProductListQuery, ProductPatchBody, publishBody } from '../../src/schemas/product.js';
import { RecipeCreateBody, RecipeGetQuery, RecipeListQuery, RecipePatchBody, IngredientParseBody } from '../../src/schemas/recipe.js';
import { DocumentQuery } from '../../src/schemas/document.js';
import { RecipeImportBody } from '../../src/schemas/recipe-import.js';
import { ShoppingListQuery } from '../../src/schemas/shopping-list.js';
import { OAuthCallbackQuery, TokenConnectBody } from '../../src/schemas/listing.js';
import { RevenueQuery, SaleListQuery } from '../../src/schemas/sale.js';
import { ApiKeyCreateBody } from '../../src/schemas/api-key.js';
import { ProfilePutBody } from '../../src/schemas/profile.js';
import { DownloadQuery, SubscriberListQuery, SubscriptionBody } from '../../src/schemas/subscriber.js';
import { startTestDatabase, testEngines, type TestDatabase } from '@larder/adapters-mongo/testing';
import { harness } from '../support/harness.js';
import { mongoApi } from '../reliability/support/mongo-api.js';
import { HOSTILE_VALUE, nearMiss, valid, type JsonSchema, type Overrides } from './support/schema-arbitrary.js';

// Decided before any test is registered: the in-memory suites below must not start while this waits.
const engines = await testEngines();

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 40);
const schema = (value: unknown): JsonSchema => value as JsonSchema;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Endpoint {
  readonly method: Method;
  /** As in the OpenAPI document. */
  readonly path: string;
  readonly body?: JsonSchema;
  readonly query?: JsonSchema;
  readonly authenticated: boolean;
  /**
   * Asks a sales platform while the client waits (checking a token). The fuzzed apps' platforms are a closed loopback
   * port, so a request that gets that far is the contract's 503 `unavailable` with Retry-After, and only that.
   */
  readonly asksPlatform?: boolean;
}

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/api/auth/login', body: schema(LoginBody), authenticated: false },
  // Without a session cookie: the sign-in itself is fuzzed; reading and ending a session answer 401 (auth-session.test.ts has the rest).
  { method: 'POST', path: '/api/auth/session', body: schema(LoginBody), authenticated: false },
  { method: 'GET', path: '/api/auth/session', authenticated: false },
  { method: 'DELETE', path: '/api/auth/session', authenticated: false },
  { method: 'PUT', path: '/api/auth/password', body: schema(PasswordChangeBody), authenticated: true },
  { method: 'GET', path: '/api/recipes', query: schema(RecipeListQuery), authenticated: true },
  { method: 'POST', path: '/api/recipes', body: schema(RecipeCreateBody), authenticated: true },
  { method: 'POST', path: '/api/recipes/import', body: schema(RecipeImportBody), authenticated: true },
  { method: 'POST', path: '/api/recipes/parse-ingredients', body: schema(IngredientParseBody), authenticated: true },
  { method: 'GET', path: '/api/recipes/{id}', query: schema(RecipeGetQuery), authenticated: true },
  { method: 'PATCH', path: '/api/recipes/{id}', body: schema(RecipePatchBody), authenticated: true },
  { method: 'DELETE', path: '/api/recipes/{id}', authenticated: true },
  // Image bodies: whatever JSON the fuzzer sends is not an image (415), and the routes must say so as problems.
  { method: 'PUT', path: '/api/recipes/{id}/photo', body: schema({}), authenticated: true },
  { method: 'DELETE', path: '/api/recipes/{id}/photo', authenticated: true },
  { method: 'PUT', path: '/api/products/{id}/cover', body: schema({}), authenticated: true },
  { method: 'DELETE', path: '/api/products/{id}/cover', authenticated: true },
  { method: 'GET', path: '/media/{file}', authenticated: false },
  { method: 'GET', path: '/api/products', query: schema(ProductListQuery), authenticated: true },
  { method: 'POST', path: '/api/products', body: schema(ProductCreateBody), authenticated: true },
  { method: 'GET', path: '/api/products/{id}', authenticated: true },
  { method: 'PATCH', path: '/api/products/{id}', body: schema(ProductPatchBody), authenticated: true },
  { method: 'POST', path: '/api/products/{id}/publish', body: schema(publishBody(['etsy', 'gumroad'])), authenticated: true },
  { method: 'POST', path: '/api/products/{id}/lead-magnet', body: schema(LeadMagnetBody), authenticated: true },
  { method: 'GET', path: '/api/products/{id}/shopping-list', query: schema(ShoppingListQuery), authenticated: true },
  { method: 'GET', path: '/api/products/{id}/document.pdf', query: schema(DocumentQuery), authenticated: true },
  { method: 'GET', path: '/api/products/{id}/document.epub', query: schema(DocumentQuery), authenticated: true },
  { method: 'POST', path: '/api/products/{id}/listings/{platform}/retry', authenticated: true },
  { method: 'GET', path: '/api/connections', authenticated: true },
  { method: 'PUT', path: '/api/connections/{platform}', body: schema(TokenConnectBody), authenticated: true, asksPlatform: true },
  { method: 'POST', path: '/api/connections/{platform}/authorize', authenticated: true },
  { method: 'GET', path: '/api/connections/{platform}/callback', query: schema(OAuthCallbackQuery), authenticated: false },
  { method: 'DELETE', path: '/api/connections/{platform}', authenticated: true },
  { method: 'GET', path: '/api/sales', query: schema(SaleListQuery), authenticated: true },
  { method: 'POST', path: '/api/api-keys', body: schema(ApiKeyCreateBody), authenticated: true },
  { method: 'GET', path: '/api/api-keys', authenticated: true },
  { method: 'DELETE', path: '/api/api-keys/{id}', authenticated: true },
  { method: 'GET', path: '/api/profile', authenticated: true },
  { method: 'PUT', path: '/api/profile', body: schema(ProfilePutBody), authenticated: true },
  { method: 'PUT', path: '/api/profile/logo', body: schema({}), authenticated: true },
  { method: 'DELETE', path: '/api/profile/logo', authenticated: true },
  { method: 'GET', path: '/api/reports/revenue', query: schema(RevenueQuery), authenticated: true },
  { method: 'POST', path: '/hooks/{platform}/{secret}', body: schema({ type: 'object', properties: { sale_id: { type: 'string' } } }), authenticated: false },
  { method: 'POST', path: '/api/webhooks', body: schema(WebhookCreateBody), authenticated: true },
  { method: 'GET', path: '/api/webhooks', query: schema(WebhookListQuery), authenticated: true },
  { method: 'GET', path: '/api/webhooks/{id}', authenticated: true },
  { method: 'PATCH', path: '/api/webhooks/{id}', body: schema(WebhookPatchBody), authenticated: true },
  { method: 'DELETE', path: '/api/webhooks/{id}', authenticated: true },
  { method: 'POST', path: '/api/webhooks/{id}/rotate-secret', authenticated: true },
  { method: 'GET', path: '/api/webhooks/{id}/deliveries', query: schema(WebhookListQuery), authenticated: true },
  { method: 'POST', path: '/api/webhooks/{id}/deliveries/{delivery_id}/retry', authenticated: true },
  { method: 'GET', path: '/api/products/{id}/subscribers', query: schema(SubscriberListQuery), authenticated: true },
  { method: 'DELETE', path: '/api/subscribers/{id}', authenticated: true },
  { method: 'GET', path: '/l/{slug}', authenticated: false },
  { method: 'GET', path: '/l/{slug}/cover.jpg', authenticated: false },
  { method: 'GET', path: '/l/{slug}/share.jpg', authenticated: false },
  { method: 'POST', path: '/l/{slug}', body: schema({ type: 'object', properties: { email: { type: 'string' }, consent: { type: 'string' }, website: { type: 'string' } } }), authenticated: false },
  { method: 'POST', path: '/public/lead-magnets/{slug}/subscriptions', body: schema(SubscriptionBody), authenticated: false },
  { method: 'GET', path: '/public/confirm/{token}', authenticated: false },
  { method: 'GET', path: '/public/downloads/{token}', query: schema(DownloadQuery), authenticated: false },
  { method: 'GET', path: '/public/unsubscribe/{token}', authenticated: false },
  { method: 'POST', path: '/public/unsubscribe/{token}', authenticated: false },
  { method: 'GET', path: '/healthz', authenticated: false },
  { method: 'GET', path: '/readyz', authenticated: false },
  { method: 'GET', path: '/', authenticated: false },
];

const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };

interface Target {
  readonly app: FastifyInstance;
  readonly token: string;
  request(options: InjectOptions & { body?: unknown }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const ALLOWED_PROBLEM_KEYS = new Set(['type', 'title', 'status', 'detail', 'code', 'errors']);

function assertContract(response: LightMyRequestResponse, asksPlatform = false): void {
  const platformUnreachable = asksPlatform && response.statusCode === 503 && response.headers['retry-after'] !== undefined;
  assert.ok(response.statusCode < 500 || platformUnreachable, `${response.statusCode}: ${response.body}`);
  if (platformUnreachable) assert.equal((JSON.parse(response.body) as { code?: unknown }).code, 'unavailable');
  if (response.statusCode < 400) return;
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const problem = JSON.parse(response.body) as Record<string, unknown>;
  assert.equal(problem['status'], response.statusCode);
  assert.ok((PROBLEM_CODES as readonly unknown[]).includes(problem['code']), `code ${String(problem['code'])}`);
  assert.deepEqual(Object.keys(problem).filter((key) => !ALLOWED_PROBLEM_KEYS.has(key)), []);
}

/** Query parameters as a client could send them: valid values, awkward text, repeats, unknown names. */
function queryString(query: JsonSchema | undefined): fc.Arbitrary<string> {
  const properties = Object.entries(query?.properties ?? {});
  const value = (property: JsonSchema) =>
    fc.oneof(
      { arbitrary: valid(property).map(String), weight: 4 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: HOSTILE_VALUE.map((hostile) => JSON.stringify(hostile) ?? ''), weight: 1 },
    );
  const known = properties.map(([name, property]) => ({ arbitrary: value(property).map((text) => [name, text] as const), weight: 4 }));
  const unknown = { arbitrary: fc.tuple(fc.constantFrom('unknown', 'q[$ne]', '__proto__', 'status[]', ''), fc.string()), weight: 1 };
  const pairs = fc.array(fc.oneof(...known, unknown), { maxLength: 6 });
  return pairs.map((entries) => new URLSearchParams(entries.map(([name, text]): [string, string] => [name, text])).toString());
}

function fuzzSuite(start: () => Promise<Target>, runs: number): void {
  let h: Target;
  let recipeIds: string[];
  let productIds: string[];
  let slugs: string[];
  let overrides: Overrides;

  before(async () => {
    h = await start();
    const created = async (url: string, body: object): Promise<string> => {
      const response = await h.request({ method: 'POST', url, body });
      assert.equal(response.statusCode, 201, response.body);
      return response.json<{ id: string }>().id;
    };
    const soup = await created('/api/recipes', { title: 'Tomato soup', email_ready: true, servings: 2, ingredients: ['2 cups tomatoes', '½ tsp salt'] });
    const toast = await created('/api/recipes', { title: 'Toast', servings: null });
    const stew = await created('/api/recipes', { title: 'Archived stew', email_ready: true });
    await h.request({ method: 'DELETE', url: `/api/recipes/${stew}` });
    recipeIds = [soup, toast, stew];
    productIds = [
      await created('/api/products', { type: 'ebook', title: 'Soups', recipe_ids: [soup, toast] }),
      await created('/api/products', { type: 'meal_plan', title: 'Week', days: [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: soup }] }] }),
      await created('/api/products', { type: 'recipe_card_pack', title: 'Cards', recipe_ids: [toast, soup] }),
    ];
    const magnet = (await h.request({ method: 'POST', url: `/api/products/${productIds[0] ?? ''}/lead-magnet`, body: { max_recipes: 1 } })).json<{ id: string }>().id;
    const published = await h.request({ method: 'POST', url: `/api/products/${magnet}/publish`, body: { platforms: [], price_cents: 0, currency: 'USD' } });
    slugs = [published.json<{ slug: string }>().slug];
    const knownId = fc.oneof({ arbitrary: fc.constantFrom(...recipeIds), weight: 3 }, { arbitrary: fc.string({ minLength: 1, maxLength: 100 }), weight: 1 });
    const url = fc.oneof({ arbitrary: fc.webUrl(), weight: 3 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.string(), weight: 1 });
    overrides = {
      recipe_ids: fc.array(knownId, { minLength: 1, maxLength: 5 }),
      recipe_id: knownId,
      email: fc.oneof(fc.constant('cook@example.com'), fc.emailAddress(), fc.string({ minLength: 1 })),
      image_url: url,
      source_url: url,
      currency: fc.oneof({ arbitrary: fc.constantFrom('eur', 'USD', 'gbp', 'JPY'), weight: 3 }, { arbitrary: fc.stringMatching(/^[A-Za-z]{3}$/), weight: 1 }),
    };
  });
  after(() => h.close());

  it('has an entry for every operation in the OpenAPI document', () => {
    const document = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const fuzzed = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    assert.deepEqual(documented.filter((operation) => !fuzzed.has(operation)), []);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}`, async (t) => {
      const statuses = new Map<number, number>();
      // Weighted towards inputs that pass validation, so that most runs reach the domain and the store.
      const ids = endpoint.path.includes('{slug}') ? slugs : endpoint.path.startsWith('/api/products') ? productIds : recipeIds;
      const pathId = fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 3 }, { arbitrary: fc.string({ minLength: 1, maxLength: 120 }), weight: 1 });
      const bodies: fc.Arbitrary<unknown> =
        endpoint.body === undefined
          ? fc.constant(undefined)
          : fc.oneof(
              { arbitrary: valid(endpoint.body, overrides), weight: 4 },
              { arbitrary: nearMiss(endpoint.body, overrides), weight: 3 },
              { arbitrary: fc.jsonValue(), weight: 1 },
              { arbitrary: HOSTILE_VALUE, weight: 1 },
            );
      const platform = fc.oneof({ arbitrary: fc.constantFrom('etsy', 'gumroad'), weight: 3 }, { arbitrary: fc.string({ minLength: 1, maxLength: 80 }), weight: 1 });
      const ifMatch = fc.oneof(fc.constantFrom('"1"', '"2"', '"3"', '*', 'W/"1"', '"1", "2"', '', '"99999999999999999999"'), fc.string());
      const headers = fc.oneof(
        { arbitrary: fc.constant({}), weight: 3 },
        { arbitrary: fc.record({ 'if-match': ifMatch, 'idempotency-key': fc.oneof(fc.uuid(), fc.string()) }, { requiredKeys: [] }), weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(pathId, platform, queryString(endpoint.query), bodies, headers, async (id, platformId, query, body, extraHeaders) => {
          const path = endpoint.path
            .replace('{id}', encodeURIComponent(id))
            .replace('{platform}', encodeURIComponent(platformId))
            .replace('{secret}', encodeURIComponent(id))
            .replace('{slug}', encodeURIComponent(id))
            .replace('{token}', encodeURIComponent(id))
            .replace('{file}', encodeURIComponent(id));
          const response = await h.app.inject({
            method: endpoint.method,
            url: query === '' ? path : `${path}?${query}`,
            headers: {
              ...(endpoint.authenticated ? { authorization: `Bearer ${h.token}` } : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...extraHeaders,
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          assertContract(response, endpoint.asksPlatform === true);
        }),
        { numRuns: runs },
      );
      // How deep the inputs went (a run of nothing but 400s would fuzz the validator alone).
      t.diagnostic([...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' '));
    });
  }
}

describe('fuzzing every endpoint from its schema, in-memory store', () => {
  fuzzSuite(async () => {
    // The app's errors on stdout (none in a passing run): a 500 the property finds then comes with its cause (one CI
    // run, 2026-11-29, met a 500 for an EPUB that 40 runs after it did not meet again, and no log said why).
    const h = await harness({ logger: { level: 'error' }, config: { rateLimit: UNLIMITED, loginRateLimit: UNLIMITED, publicRateLimit: UNLIMITED } });
    return { app: h.app, token: h.token, request: (options) => h.request(options), close: () => h.app.close() };
  }, RUNS);
});

// Fewer runs: the point here is what reaches MongoDB (text the emulator and the driver must store and match).
for (const engine of engines) {
  describe(`fuzzing every endpoint from its schema, MongoDB [${engine.label}]`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await startTestDatabase(engine);
    });
    after(() => database.stop());
    fuzzSuite(async () => {
      const api = await mongoApi(database, { rateLimit: UNLIMITED, loginRateLimit: UNLIMITED, publicRateLimit: UNLIMITED });
      return { app: api.app, token: api.token, request: (options) => api.request(options), close: () => api.app.close() };
    }, Math.max(5, Math.round(RUNS / 4)));
  });
}
