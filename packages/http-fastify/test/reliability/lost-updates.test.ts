// run-tests: alone — a crowd of writers must land within the contention budget, which is real time.
/**
 * Concurrent changes to one recipe never lose each other: with `If-Match` exactly one writer per version wins and
 * the others get 412 and change nothing; without it, writers of different fields all land. The same requests run
 * on the in-memory store and on MongoDB (the test engine), through `app.inject()`. A crowd of writers on one resource
 * all land too: contention is retried with backoff, never reported as an outage (503).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestDatabase, testEngines, type TestDatabase } from '@larder/adapters-mongo/testing';
import type { Product, Recipe, StoreUnavailable } from '@larder/domain';
import { InMemoryProductRepository, InMemoryRecipeRepository } from '@larder/domain/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ResultAsync } from 'neverthrow';
import { harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';
import { mongoApi } from './support/mongo-api.js';

// Decided before any test is registered: the in-memory suites below must not start while this waits.
const engines = await testEngines();

type Request = (options: InjectOptions & { body?: unknown }) => Promise<LightMyRequestResponse>;

interface RecipeBody {
  id: string;
  version: number;
  [field: string]: unknown;
}

const CONTENDERS = 50;

/**
 * The in-memory store answers within the same tick, so requests through `inject` would never overlap between their
 * read and their write. Answering reads a little later, as a database does, lets them interleave.
 */
class LaggingRecipeRepository extends InMemoryRecipeRepository {
  override findById(id: string): ResultAsync<Recipe | null, StoreUnavailable> {
    const answer = super.findById(id);
    return new ResultAsync(new Promise((resolve) => setTimeout(resolve, Math.random() * 3)).then(() => answer));
  }
}

class LaggingProductRepository extends InMemoryProductRepository {
  override findById(id: string): ResultAsync<Product | null, StoreUnavailable> {
    const answer = super.findById(id);
    return new ResultAsync(new Promise((resolve) => setTimeout(resolve, Math.random() * 3)).then(() => answer));
  }
}

const CROWD = 100;

/** Writer `i` of a crowd sets one field (in turn) to a value only it uses. */
type CrowdChange = (writer: number) => [field: string, value: unknown];
const RECIPE_CROWD: CrowdChange = (i) =>
  [['title', `Soup ${i}`], ['description', `d${i}`], ['notes', `n${i}`], ['engagement_score', i], ['prep_time_minutes', i]][i % 5] as [string, unknown];
const PRODUCT_CROWD: CrowdChange = (i) => [['title', `Book ${i}`], ['description', `d${i}`]][i % 2] as [string, unknown];

/**
 * `CROWD` simultaneous PATCHes without If-Match to one resource: each answers 200 with its own change and its own
 * version (so each was applied once, in some order), and in the end every field holds the change of the last writer
 * of that field (so none was lost, none applied out of order).
 */
async function crowdOfWriters(request: Request, path: string, startVersion: number, change: CrowdChange): Promise<void> {
  const responses = await Promise.all(
    Array.from({ length: CROWD }, (_, i) => request({ method: 'PATCH', url: path, body: Object.fromEntries([change(i)]) })),
  );
  const statuses = responses.map((response) => response.statusCode);
  assert.deepEqual(statuses, statuses.map(() => 200), `statuses: ${[...new Set(statuses)].join(',')}; ${responses.find((r) => r.statusCode !== 200)?.body}`);
  const bodies = responses.map((response) => response.json<RecipeBody>());
  bodies.forEach((body, i) => {
    const [field, value] = change(i);
    assert.deepEqual(body[field], value, `writer ${i}'s response shows its change`);
  });
  const versions = bodies.map((body) => body.version).sort((a, b) => a - b);
  assert.deepEqual(versions, Array.from({ length: CROWD }, (_, i) => startVersion + 1 + i), 'one version per change');
  const final = (await request({ method: 'GET', url: path })).json<RecipeBody>();
  assert.equal(final.version, startVersion + CROWD);
  const lastWriterOf = new Map<string, number>();
  bodies.forEach((body, i) => {
    const [field] = change(i);
    const previous = lastWriterOf.get(field);
    if (previous === undefined || (bodies[previous]?.version ?? 0) < body.version) lastWriterOf.set(field, i);
  });
  for (const [field, writer] of lastWriterOf) assert.deepEqual(final[field], change(writer)[1], `${field} holds its last writer's change`);
}

/** One change per writable field, each different from the recipe's starting value, with how to recognise it. */
const FIELD_CHANGES: readonly [string, unknown, (recipe: RecipeBody) => boolean][] = [
  ['title', 'Red lentil soup', (r) => r['title'] === 'Red lentil soup'],
  ['description', 'Warming and quick.', (r) => r['description'] === 'Warming and quick.'],
  ['notes', 'Freezes well.', (r) => r['notes'] === 'Freezes well.'],
  ['servings', 6, (r) => r['servings'] === 6],
  ['prep_time_minutes', 15, (r) => r['prep_time_minutes'] === 15],
  ['cook_time_minutes', 40, (r) => r['cook_time_minutes'] === 40],
  ['cuisine', 'turkish', (r) => r['cuisine'] === 'turkish'],
  ['meal_type', 'dinner', (r) => r['meal_type'] === 'dinner'],
  ['season', 'winter', (r) => r['season'] === 'winter'],
  ['collection_id', 'soups', (r) => r['collection_id'] === 'soups'],
  ['email_ready', true, (r) => r['email_ready'] === true],
  ['engagement_score', 42, (r) => r['engagement_score'] === 42],
  ['image_url', 'https://example.com/soup.jpg', (r) => r['image_url'] === 'https://example.com/soup.jpg'],
  ['source_url', 'https://example.com/soup', (r) => r['source_url'] === 'https://example.com/soup'],
  ['external_id', 'soup-42', (r) => r['external_id'] === 'soup-42'],
  ['dietary_tags', ['vegan'], (r) => JSON.stringify(r['dietary_tags']) === '["vegan"]'],
  ['ingredients', ['2 cups red lentils'], (r) => JSON.stringify(r['ingredients']).includes('"red lentils"')],
  ['instructions', ['Simmer until soft.'], (r) => JSON.stringify(r['instructions']) === '["Simmer until soft."]'],
  ['status', 'draft', (r) => r['status'] === 'draft'],
];

function lostUpdateSuite(request: () => Request): void {
  const create = async (): Promise<RecipeBody> => {
    const response = await request()({ method: 'POST', url: '/api/recipes', body: { title: 'Lentil soup', servings: 2, notes: 'start' } });
    assert.equal(response.statusCode, 201, response.body);
    return response.json<RecipeBody>();
  };
  const read = async (id: string): Promise<RecipeBody> => (await request()({ method: 'GET', url: `/api/recipes/${id}` })).json<RecipeBody>();

  it(`${CONTENDERS} PATCHes with the same If-Match: one wins, the others get 412 and change nothing`, async () => {
    const recipe = await create();
    const responses = await Promise.all(
      Array.from({ length: CONTENDERS }, (_, index) =>
        request()({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, headers: { 'if-match': '"1"' }, body: { title: `Soup ${index}` } }),
      ),
    );
    const won = responses.filter((response) => response.statusCode === 200);
    assert.equal(won.length, 1, `statuses: ${responses.map((response) => response.statusCode).join(',')}`);
    for (const response of responses.filter((candidate) => candidate !== won[0])) assertProblem(response, 412, 'precondition_failed');
    const final = await read(recipe.id);
    assert.equal(final.version, 1 + won.length);
    assert.deepEqual(final, won[0]?.json(), 'the stored recipe is the accepted change');
  });

  it('writers that re-read after a 412 and try again all land, each exactly once (read-modify-write with If-Match)', async () => {
    const recipe = await create();
    const writers = 20;
    const append = async (writer: number): Promise<number> => {
      for (let attempts = 1; ; attempts += 1) {
        const current = await read(recipe.id);
        const response = await request()({
          method: 'PATCH',
          url: `/api/recipes/${recipe.id}`,
          headers: { 'if-match': `"${current.version}"` },
          body: { notes: `${String(current['notes'])}|w${writer}` },
        });
        if (response.statusCode === 200) return attempts;
        assertProblem(response, 412, 'precondition_failed');
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, writer) => append(writer)));
    const final = await read(recipe.id);
    assert.equal(final.version, 1 + writers);
    const marks = String(final['notes']).split('|').slice(1).sort();
    assert.deepEqual(marks, Array.from({ length: writers }, (_, writer) => `w${writer}`).sort(), 'every append, none twice');
  });

  it(`${FIELD_CHANGES.length} concurrent PATCHes without If-Match to different fields: none is lost`, async () => {
    const recipe = await create();
    const responses = await Promise.all(
      FIELD_CHANGES.map(([field, value]) => request()({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { [field]: value } })),
    );
    assert.deepEqual(responses.map((response) => response.statusCode), FIELD_CHANGES.map(() => 200), responses.map((r) => r.body).join('\n'));
    const final = await read(recipe.id);
    assert.equal(final.version, 1 + FIELD_CHANGES.length);
    const lost = FIELD_CHANGES.filter(([, , landed]) => !landed(final)).map(([field]) => field);
    assert.deepEqual(lost, [], 'fields whose change was lost');
  });

  it(`${CROWD} concurrent PATCHes without If-Match to one recipe: all apply, none lost, no 503`, async () => {
    const recipe = await create();
    await crowdOfWriters(request(), `/api/recipes/${recipe.id}`, recipe.version, RECIPE_CROWD);
  });

  it(`${CROWD} concurrent PATCHes without If-Match to one product: all apply, none lost, no 503`, async () => {
    const recipe = await create();
    const created = await request()({ method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'Soups', recipe_ids: [recipe.id] } });
    assert.equal(created.statusCode, 201, created.body);
    const product = created.json<RecipeBody>();
    await crowdOfWriters(request(), `/api/products/${product.id}`, product.version, PRODUCT_CROWD);
  });
}

describe('concurrent changes on the in-memory store', () => {
  let request: Request;
  let close: () => Promise<void>;
  before(async () => {
    const h = await harness({ recipes: new LaggingRecipeRepository(), products: new LaggingProductRepository(), config: { rateLimit: { max: 100_000, windowMs: 60_000 } } });
    request = (options) => h.request(options);
    close = () => h.app.close();
  });
  after(() => close());
  lostUpdateSuite(() => request);
});

for (const engine of engines) {
  describe(`concurrent changes on MongoDB [${engine.label}]`, () => {
    let database: TestDatabase;
    let request: Request;
    let close: () => Promise<void>;
    before(async () => {
      database = await startTestDatabase(engine);
      const api = await mongoApi(database);
      request = (options) => api.request(options);
      close = () => api.app.close();
    });
    after(async () => {
      await close();
      await database.stop();
    });
    lostUpdateSuite(() => request);
  });
}
