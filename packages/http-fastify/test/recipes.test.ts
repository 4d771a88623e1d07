/** The recipe endpoints' success paths, with their headers. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from './support/harness.js';
import { createRecipe } from './support/fixtures.js';
import { assertProblem } from './support/problems.js';

interface RecipeBody {
  id: string;
  title: string;
  status: string;
  servings: number | null;
  ingredients: { quantity: number | null; quantity_max: number | null; unit: string | null; name: string; note: string | null; text: string; section: string | null }[];
  dietary_tags: string[];
  archived_at: string | null;
  created_at: string;
  version: number;
  scaling?: { base_servings: number; servings: number; factor: number };
}
interface Page {
  data: RecipeBody[];
  pagination: { page: number; per_page: number; total: number; total_pages: number };
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('recipes', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('creates a recipe: 201, Location, ETag, parsed ingredients, ISO timestamps with milliseconds', async () => {
    const response = await h.request({
      method: 'POST',
      url: '/api/recipes',
      body: {
        title: 'Jalapeño Cornbread', servings: 8, dietary_tags: ['Vegetarian'], cuisine: 'Southern',
        ingredients: ['1 1/2 cups cornmeal', '2-3 jalapeños, minced', { quantity: 0.5, unit: 'tsp', name: 'salt' }, 'butter to taste'],
      },
    });
    assert.equal(response.statusCode, 201);
    const recipe = response.json<RecipeBody>();
    assert.equal(response.headers.location, `/api/recipes/${recipe.id}`);
    assert.equal(response.headers.etag, '"1"');
    assert.equal(recipe.status, 'active');
    assert.deepEqual(recipe.dietary_tags, ['vegetarian']);
    assert.deepEqual(recipe.ingredients.map((item) => item.text), ['1 ½ cups cornmeal', '2–3 jalapeños, minced', '½ teaspoon salt', 'butter, to taste']);
    assert.deepEqual(recipe.ingredients[1], { quantity: 2, quantity_max: 3, unit: null, name: 'jalapeños', note: 'minced', text: '2–3 jalapeños, minced', section: null });
    assert.match(recipe.created_at, ISO_MS);
    assert.equal(recipe.archived_at, null);
  });

  it('reads a recipe with its ETag, and scales it with ?servings', async () => {
    const recipe = await createRecipe(h, { servings: 4, ingredients: ['2 cups flour', 'salt to taste'] });
    const read = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}` });
    assert.equal(read.statusCode, 200);
    assert.equal(read.headers.etag, '"1"');
    assert.equal(read.json<RecipeBody>().scaling, undefined);
    const scaled = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?servings=6` });
    const body = scaled.json<RecipeBody>();
    assert.equal(body.servings, 6);
    assert.deepEqual(body.scaling, { base_servings: 4, servings: 6, factor: 1.5 });
    assert.deepEqual(body.ingredients.map((item) => item.text), ['3 cups flour', 'salt, to taste']);
    assertProblem(await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?servings=0` }), 400, 'validation_failed');
    assertProblem(await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}?servings=1001` }), 400, 'validation_failed');
  });

  it('changes only the fields given, honours If-Match, and rejects read-only fields', async () => {
    const recipe = await createRecipe(h, { title: 'Soup', notes: 'Keep' });
    const changed = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, headers: { 'if-match': '"1"' }, body: { title: 'Tomato Soup' } });
    assert.equal(changed.statusCode, 200);
    assert.equal(changed.headers.etag, '"2"');
    assert.deepEqual([changed.json<RecipeBody>().title, changed.json<{ notes: string }>().notes], ['Tomato Soup', 'Keep']);
    const same = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { title: 'Tomato Soup' } });
    assert.equal(same.headers.etag, '"2"', 'a change that changes nothing keeps the version');
    const anyVersion = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, headers: { 'if-match': '*' }, body: { servings: 3 } });
    assert.equal(anyVersion.headers.etag, '"3"');
    const weak = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, headers: { 'if-match': 'W/"3"' }, body: { servings: 5 } });
    assertProblem(weak, 412, 'precondition_failed');
    const readOnly = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { version: 9, created_at: '2020-01-01T00:00:00.000Z' } });
    const problem = assertProblem(readOnly, 400, 'validation_failed');
    assert.deepEqual(problem.errors?.map((error) => [error.pointer, error.message]), [['/version', 'is read-only'], ['/created_at', 'is read-only']]);
    const archivedByPatch = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { status: 'archived' } });
    assertProblem(archivedByPatch, 400, 'validation_failed');
  });

  it('archives with DELETE (repeatable), hides archived recipes from lists, and restores with PATCH', async () => {
    const recipe = await createRecipe(h, { title: 'Archive Me Casserole' });
    const archived = await h.request({ method: 'DELETE', url: `/api/recipes/${recipe.id}`, headers: { 'if-match': '"1"' } });
    assert.equal(archived.statusCode, 200);
    assert.equal(archived.json<RecipeBody>().status, 'archived');
    assert.match(String(archived.json<RecipeBody>().archived_at), ISO_MS);
    assert.equal(archived.headers.etag, '"2"');
    const again = await h.request({ method: 'DELETE', url: `/api/recipes/${recipe.id}` });
    assert.equal(again.statusCode, 200);
    assert.equal(again.headers.etag, '"2"', 'archiving again changes nothing');
    const search = await h.request({ method: 'GET', url: '/api/recipes?q=casserole' });
    assert.equal(search.json<Page>().pagination.total, 0);
    const archivedList = await h.request({ method: 'GET', url: '/api/recipes?q=casserole&status=archived' });
    assert.equal(archivedList.json<Page>().pagination.total, 1);
    const restored = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { status: 'draft' } });
    assert.deepEqual([restored.json<RecipeBody>().status, restored.json<RecipeBody>().archived_at], ['draft', null]);
  });
});

describe('recipe lists', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
    const titles = ['Apple Pie', 'Banana Bread', 'Crème Brûlée', 'Date Squares', 'Eggplant Parm'];
    for (const [index, title] of titles.entries()) {
      await createRecipe(h, {
        title, engagement_score: index * 10, email_ready: index % 2 === 0, cook_time_minutes: 15 * (index + 1),
        dietary_tags: index < 3 ? ['vegetarian', 'sweet'] : ['vegetarian'], cuisine: index === 2 ? 'French' : 'American',
      });
    }
  });
  after(() => h.app.close());

  it('pages with { data, pagination } and a Link header with first, prev, next and last', async () => {
    const response = await h.request({ method: 'GET', url: '/api/recipes?sort=title&per_page=2&page=2' });
    assert.equal(response.statusCode, 200);
    const page = response.json<Page>();
    assert.deepEqual(page.data.map((recipe) => recipe.title), ['Crème Brûlée', 'Date Squares']);
    assert.deepEqual(page.pagination, { page: 2, per_page: 2, total: 5, total_pages: 3 });
    assert.equal(
      response.headers.link,
      '</api/recipes?sort=title&per_page=2&page=1>; rel="first", </api/recipes?sort=title&per_page=2&page=1>; rel="prev", ' +
        '</api/recipes?sort=title&per_page=2&page=3>; rel="next", </api/recipes?sort=title&per_page=2&page=3>; rel="last"',
    );
    assert.ok(response.headers['x-refreshed-token']);
    assert.ok(response.headers['ratelimit-remaining']);
  });

  it('answers a page past the end with empty data', async () => {
    const response = await h.request({ method: 'GET', url: '/api/recipes?page=9' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json<Page>().data, []);
    assert.match(String(response.headers.link), /<\/api\/recipes\?page=1&per_page=20>; rel="prev"/, 'prev of a page past the end is the last page');
  });

  it('filters, searches accent-insensitively and sorts as asked', async () => {
    const titles = async (query: string) => (await h.request({ method: 'GET', url: `/api/recipes?${query}` })).json<Page>().data.map((recipe) => recipe.title);
    assert.deepEqual(await titles('q=creme'), ['Crème Brûlée']);
    assert.deepEqual(await titles('dietary_tags=Sweet,vegetarian&sort=title&order=desc'), ['Crème Brûlée', 'Banana Bread', 'Apple Pie']);
    assert.deepEqual(await titles('cuisine=french'), ['Crème Brûlée']);
    assert.deepEqual(await titles('email_ready=true&sort=engagement_score'), ['Eggplant Parm', 'Crème Brûlée', 'Apple Pie']);
    assert.deepEqual(await titles('max_cook_time_minutes=30&sort=title'), ['Apple Pie', 'Banana Bread']);
  });

  it('forgives one typo in a search and says so in exposed headers', async () => {
    const search = (query: string) => h.request({ method: 'GET', url: `/api/recipes?${query}`, headers: { origin: 'https://app.example.com' } });
    const fuzzy = await search('q=bannana');
    assert.deepEqual(fuzzy.json<Page>().data.map((recipe) => recipe.title), ['Banana Bread']);
    assert.deepEqual([fuzzy.headers['search-fuzzy'], fuzzy.headers['search-fuzzy-matches']], ['true', '1']);
    const exposed = String(fuzzy.headers['access-control-expose-headers']).toLowerCase();
    assert.ok(exposed.includes('search-fuzzy') && exposed.includes('search-fuzzy-matches'), exposed);
    const exact = await search('q=banana');
    assert.deepEqual([exact.headers['search-fuzzy'], exact.headers['search-fuzzy-matches']], ['false', '0']);
    assert.equal((await search('sort=title')).headers['search-fuzzy'], undefined, 'no header without q');
    assert.deepEqual((await search('q=bana')).json<Page>().data.map((recipe) => recipe.title), ['Banana Bread'], 'a prefix');
    assert.deepEqual((await search('q=crme')).json<Page>().data, [], 'a word under five letters is never fuzzy (crème is one edit away)');
  });

  it('refuses unknown parameters, bad enums and non-boolean flags', async () => {
    for (const query of ['colour=red', 'sort=calories', 'email_ready=yes', 'page=1.5', 'per_page=0', 'status=deleted']) {
      assertProblem(await h.request({ method: 'GET', url: `/api/recipes?${query}` }), 400, 'validation_failed');
    }
  });
});
