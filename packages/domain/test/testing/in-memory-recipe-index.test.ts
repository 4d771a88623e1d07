/**
 * The indexed in-memory store against a scan: random libraries, random sequences of inserts, updates (changed text,
 * facets, tags, external ids, stale versions), archives and restores, batches, and after each step random queries
 * (exact, prefix and one-typo words, every filter, every sort and order, any page) answered by both. The scan is the
 * store as it was before the indexes: every recipe through `recipeMatchesFilter`, sorted by `recipeComparator`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ResultAsync } from 'neverthrow';
import type { Recipe } from '../../src/recipe/recipe.js';
import {
  hasFuzzySearch,
  recipeComparator,
  recipeListQueryFrom,
  recipeMatchesFilter,
  recipeSearchMatch,
  type RecipeFilter,
  type RecipeListParams,
  type RecipeListQuery,
} from '../../src/recipe/recipe-query.js';
import type { BatchWriteOutcome, RecipePage, RecipeWrite } from '../../src/recipe/recipe-repository.js';
import { offsetOf } from '../../src/shared/pagination.js';
import { firstInOrder, type LeadKey } from '../../src/search/recipe-index.js';
import { InMemoryRecipeRepository, ingredient, recipeFixture } from '../../src/testing/index.js';

/** The store before its indexes: a scan of every recipe for every call. */
class ScanStore {
  readonly byId = new Map<string, Recipe>();

  #externalIdTaken(recipe: Recipe): boolean {
    if (recipe.external_id === null) return false;
    for (const other of this.byId.values()) if (other.external_id === recipe.external_id && other.id !== recipe.id) return true;
    return false;
  }

  insert(recipe: Recipe): 'written' | 'duplicate' {
    if (this.#externalIdTaken(recipe)) return 'duplicate';
    this.byId.set(recipe.id, recipe);
    return 'written';
  }

  update(recipe: Recipe, expectedVersion: number): 'written' | 'stale' | 'duplicate' {
    if (this.byId.get(recipe.id)?.version !== expectedVersion) return 'stale';
    if (this.#externalIdTaken(recipe)) return 'duplicate';
    this.byId.set(recipe.id, recipe);
    return 'written';
  }

  saveBatch(writes: readonly RecipeWrite[]): BatchWriteOutcome[] {
    return writes.map((write) => {
      if (this.#externalIdTaken(write.recipe)) return 'duplicate_external_id';
      if (write.kind === 'insert') {
        if (this.byId.has(write.recipe.id)) return 'duplicate_external_id';
      } else if (this.byId.get(write.recipe.id)?.version !== write.expectedVersion) {
        return 'stale';
      }
      this.byId.set(write.recipe.id, write.recipe);
      return 'written';
    });
  }

  list(query: RecipeListQuery): Omit<RecipePage, 'items'> & { items: string[] } {
    const matching = [...this.byId.values()].filter((recipe) => recipeMatchesFilter(recipe, query.filter));
    matching.sort(recipeComparator(query.sort, query.filter));
    const start = offsetOf(query.page);
    const fuzzy = hasFuzzySearch(query.filter) ? matching.filter((recipe) => recipeSearchMatch(recipe, query.filter) === 'fuzzy') : [];
    return {
      items: matching.slice(start, start + query.page.perPage).map((recipe) => recipe.id),
      total: matching.length,
      fuzzyMatches: fuzzy.length,
      page: query.page.page,
      perPage: query.page.perPage,
    };
  }

  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): string[] {
    return [...this.byId.values()]
      .filter((recipe) => (afterId === null || recipe.id > afterId) && recipeMatchesFilter(recipe, filter))
      .map((recipe) => recipe.id)
      .sort()
      .slice(0, limit);
  }

  findByExternalIds(externalIds: readonly string[]): string[] {
    const wanted = new Set(externalIds);
    return [...this.byId.values()].filter((recipe) => recipe.external_id !== null && wanted.has(recipe.external_id)).map((recipe) => recipe.id);
  }
}

// Words that share prefixes, sit one typo from each other, carry accents, and repeat across fields.
const WORDS = ['masala', 'masla', 'chana', 'chai', 'jalapeño', 'jalapeno', 'banana', 'bananas', 'crème', 'cream', 'x', 'éclair', '42'];
const word = fc.constantFrom(...WORDS);
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 3 });
const TIMES = [0, 1, 2].map((day) => new Date(Date.UTC(2026, 0, 1 + day)));

/** The fields a write may set: content, facets and bookkeeping values with deliberate ties. */
const content = fc.record({
  title: text,
  description: maybe(text),
  notes: maybe(text),
  ingredients: fc.array(text.map((name) => ingredient(name)), { maxLength: 3 }),
  dietary_tags: fc.uniqueArray(fc.constantFrom('vegan', 'vegetarian', 'spicy'), { maxLength: 3 }),
  cuisine: maybe(fc.constantFrom('Thai', ' thai', 'French', 'FRENCH')),
  meal_type: maybe(fc.constantFrom('Dinner', 'snack')),
  season: maybe(fc.constantFrom('Winter', 'autumn')),
  collection_id: maybe(fc.constantFrom('c1', 'c2')),
  status: fc.constantFrom('active', 'draft', 'archived' as const),
  email_ready: fc.boolean(),
  engagement_score: fc.constantFrom(0, 10, 10.5, 99),
  cook_time_minutes: maybe(fc.constantFrom(0, 15, 30)),
  // Mostly none: a clash refuses the write, and a library of refused writes is a small one.
  external_id: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('e1', 'e2', 'e3', 'e4') }),
  created_at: fc.constantFrom(...TIMES),
  updated_at: fc.constantFrom(...TIMES),
});

type Op =
  | { kind: 'insert'; fields: Partial<Recipe> }
  | { kind: 'update'; target: number; fields: Partial<Recipe>; stale: boolean }
  | { kind: 'archive' | 'restore'; target: number }
  | { kind: 'batch'; inserts: Partial<Recipe>[]; target: number; fields: Partial<Recipe> };

const someFields = content.chain((all) => fc.subarray(Object.keys(all) as (keyof typeof all)[]).map((keys) => Object.fromEntries(keys.map((key) => [key, all[key]])) as Partial<Recipe>));

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: content.map((fields): Op => ({ kind: 'insert', fields })) },
  { weight: 3, arbitrary: fc.record({ target: fc.nat(), fields: someFields, stale: fc.boolean() }).map((o): Op => ({ kind: 'update', ...o, stale: o.stale && o.target % 3 === 0 })) },
  { weight: 2, arbitrary: fc.record({ target: fc.nat(), title: text }).map(({ target, title }): Op => ({ kind: 'update', target, fields: { title }, stale: false })) },
  { weight: 1, arbitrary: fc.nat().map((target): Op => ({ kind: 'archive', target })) },
  { weight: 1, arbitrary: fc.nat().map((target): Op => ({ kind: 'restore', target })) },
  { weight: 1, arbitrary: fc.record({ inserts: fc.array(content, { maxLength: 3 }), target: fc.nat(), fields: someFields }).map((o): Op => ({ kind: 'batch', ...o })) },
);

/** A query word: a whole word, a prefix of one, one typo away from one (dropped, doubled, swapped, changed), or upper-cased. */
const queryWord = fc.tuple(word, fc.nat(), fc.constantFrom('whole', 'prefix', 'drop', 'double', 'swap', 'change', 'upper')).map(([w, at, how]) => {
  const letters = [...w];
  const i = at % letters.length;
  switch (how) {
    case 'whole':
      return w;
    case 'prefix':
      return letters.slice(0, i + 1).join('');
    case 'drop':
      return letters.filter((_, j) => j !== i).join('') || w;
    case 'double':
      return [...letters.slice(0, i + 1), ...letters.slice(i)].join('');
    case 'swap':
      return i + 1 < letters.length ? [...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)].join('') : w;
    case 'change':
      return [...letters.slice(0, i), 'z', ...letters.slice(i + 1)].join('');
    case 'upper':
      return w.toUpperCase();
  }
});

/** One filter of each kind, so that a query names a few (a random query naming all of them would match nothing). */
const filters: fc.Arbitrary<RecipeListParams>[] = [
  fc.uniqueArray(fc.constantFrom('vegan', 'VEGETARIAN', 'spicy'), { minLength: 1, maxLength: 2 }).map((dietary_tags) => ({ dietary_tags })),
  fc.constantFrom('thai', 'French').map((cuisine) => ({ cuisine })),
  fc.constantFrom('dinner', 'SNACK').map((meal_type) => ({ meal_type })),
  fc.constantFrom('winter', 'Autumn').map((season) => ({ season })),
  fc.constantFrom('c1', 'c2').map((collection_id) => ({ collection_id })),
  fc.constantFrom(0, 20).map((max_cook_time_minutes) => ({ max_cook_time_minutes })),
  fc.constantFrom('active', 'draft', 'archived' as const).map((status) => ({ status })),
  fc.boolean().map((email_ready) => ({ email_ready })),
];

const params: fc.Arbitrary<RecipeListParams> = fc
  .tuple(
    fc.option(fc.array(queryWord, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')), { nil: undefined }),
    fc.oneof(fc.constant([]), fc.array(fc.oneof(...filters), { maxLength: 2 })),
    fc.option(fc.constantFrom('created_at', 'updated_at', 'engagement_score', 'title' as const), { nil: undefined }),
    fc.option(fc.constantFrom('asc', 'desc' as const), { nil: undefined }),
  )
  .map(([q, chosen, sort, order]) => Object.assign({}, ...chosen, q === undefined ? {} : { q }, sort === undefined ? {} : { sort }, order === undefined ? {} : { order }) as RecipeListParams);

interface QueryCase {
  readonly params: RecipeListParams;
  readonly page: number;
  readonly perPage: number;
}

const query: fc.Arbitrary<QueryCase> = fc.record({
  params,
  page: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 4 }) }),
  perPage: fc.constantFrom(1, 2, 3, 5, 100),
});

const unwrap = async <T>(result: ResultAsync<T, unknown>): Promise<T> => (await result)._unsafeUnwrap();

async function compareQueries(indexed: InMemoryRecipeRepository, scan: ScanStore, queries: readonly QueryCase[]): Promise<void> {
  for (const { params: p, page, perPage } of queries) {
    const listQuery = recipeListQueryFrom(p, { page, perPage });
    const got = await unwrap(indexed.list(listQuery));
    assert.deepEqual({ ...got, items: got.items.map((recipe) => recipe.id) }, scan.list(listQuery), JSON.stringify({ p, page, perPage }));
    const ids = [...scan.byId.keys()].sort();
    const afterId = page === 1 ? null : (ids[perPage % Math.max(1, ids.length)] ?? null);
    const walked = (await unwrap(indexed.listAfter(listQuery.filter, afterId, perPage))).map((recipe) => recipe.id);
    assert.deepEqual(walked, scan.listAfter(listQuery.filter, afterId, perPage), `listAfter ${JSON.stringify({ p, afterId })}`);
  }
  const externalIds = ['e1', 'e2', 'e3', 'e4', 'e5'];
  assert.deepEqual((await unwrap(indexed.findByExternalIds(externalIds))).map((recipe) => recipe.id), scan.findByExternalIds(externalIds));
  assert.deepEqual(indexed.all(), [...scan.byId.values()]);
}

async function apply(indexed: InMemoryRecipeRepository, scan: ScanStore, operation: Op): Promise<void> {
  const stored = [...scan.byId.values()];
  const pick = (target: number): Recipe | undefined => stored[target % Math.max(1, stored.length)];
  const changed = (recipe: Recipe, fields: Partial<Recipe>): Recipe => ({ ...recipe, ...fields, id: recipe.id, version: recipe.version + 1 });
  switch (operation.kind) {
    case 'insert': {
      const recipe = recipeFixture(operation.fields);
      const result = await indexed.insert(recipe);
      assert.equal(result.isOk() ? 'written' : result.error.type === 'DuplicateExternalId' ? 'duplicate' : 'other', scan.insert(recipe));
      return;
    }
    case 'update':
    case 'archive':
    case 'restore': {
      const recipe = pick(operation.target);
      if (recipe === undefined) return;
      const fields: Partial<Recipe> =
        operation.kind === 'update' ? operation.fields : operation.kind === 'archive' ? { status: 'archived' } : { status: 'active' };
      const expectedVersion = operation.kind === 'update' && operation.stale ? recipe.version - 1 : recipe.version;
      const next = changed(recipe, fields);
      const result = await indexed.update(next, expectedVersion);
      assert.equal(result.isOk() ? result.value : result.error.type === 'DuplicateExternalId' ? 'duplicate' : 'other', scan.update(next, expectedVersion));
      return;
    }
    case 'batch': {
      const writes: RecipeWrite[] = operation.inserts.map((fields) => ({ kind: 'insert', recipe: recipeFixture(fields) }));
      const recipe = pick(operation.target);
      if (recipe !== undefined) {
        writes.push({ kind: 'update', recipe: changed(recipe, operation.fields), expectedVersion: recipe.version });
        writes.push({ kind: 'update', recipe: changed(recipe, { title: 'lost' }), expectedVersion: recipe.version });
        writes.push({ kind: 'insert', recipe });
      }
      assert.deepEqual(await unwrap(indexed.saveBatch(writes)), scan.saveBatch(writes));
      return;
    }
  }
}

describe('in-memory recipe store: indexed answers equal a scan', () => {
  it('after every step of random write sequences, for random queries of every shape', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30, size: 'max' }), fc.array(query, { minLength: 1, maxLength: 6 }), async (operations, queries) => {
        const indexed = new InMemoryRecipeRepository();
        const scan = new ScanStore();
        for (const operation of operations) {
          await apply(indexed, scan, operation);
          await compareQueries(indexed, scan, queries);
        }
      }),
      { numRuns: Number(process.env.INDEX_RUNS ?? 150) },
    );
  });

  it('relevance and a sort of its own, including fuzzy counts, on a library where every recipe is a candidate', async () => {
    const indexed = new InMemoryRecipeRepository();
    const scan = new ScanStore();
    await fc.assert(
      fc.asyncProperty(fc.array(content, { minLength: 20, maxLength: 60 }), fc.array(query, { minLength: 5, maxLength: 10 }), async (library, queries) => {
        const writes = library.map((fields): RecipeWrite => ({ kind: 'insert', recipe: recipeFixture(fields) }));
        assert.deepEqual(await unwrap(indexed.saveBatch(writes)), scan.saveBatch(writes));
        await compareQueries(indexed, scan, queries);
      }),
      { numRuns: 40 },
    );
  });

  it('ranks a retitled recipe by its new title, and a recategorised one under its new facets only', async () => {
    const indexed = new InMemoryRecipeRepository();
    const soup = recipeFixture({ title: 'Chai', description: 'masala', cuisine: 'Thai', engagement_score: 5 });
    const stew = recipeFixture({ title: 'Stew', description: 'masala', cuisine: 'Thai', engagement_score: 50 });
    await unwrap(indexed.saveBatch([soup, stew].map((recipe) => ({ kind: 'insert', recipe }))));
    assert.equal(await unwrap(indexed.update({ ...soup, title: 'Masala soup', cuisine: 'French', version: 2 }, 1)), 'written');
    const titles = async (p: RecipeListParams) => (await unwrap(indexed.list(recipeListQueryFrom(p, { page: 1, perPage: 10 })))).items.map((recipe) => recipe.title);
    assert.deepEqual(await titles({ q: 'masala' }), ['Masala soup', 'Stew'], 'a title match first, though less engaging');
    assert.deepEqual(await titles({ q: 'chai' }), [], 'the old title is gone');
    assert.deepEqual([await titles({ cuisine: 'thai' }), await titles({ cuisine: 'french' })], [['Stew'], ['Masala soup']]);
  });

  it('pages through a query that matches most of the library, and exact-only queries, in the order of a scan', async () => {
    // Titles and texts from words that start with `c` or share prefixes, so that `c` matches most recipes, every
    // relevance group has members, and pages of 7 cross from one group to the next; engagement has many ties.
    const indexed = new InMemoryRecipeRepository();
    const scan = new ScanStore();
    const texts = ['chai', 'chana masala', 'cream', 'x', 'crème chai', 'banana', '42 chai', 'masla', 'chana'];
    const writes = Array.from({ length: 240 }, (_, n): RecipeWrite => {
      const recipe = recipeFixture({
        title: texts[n % texts.length] as string,
        description: texts[(n * 7) % texts.length] as string,
        cuisine: n % 3 === 0 ? 'Thai' : 'French',
        status: n % 11 === 0 ? 'archived' : n % 5 === 0 ? 'draft' : 'active',
        engagement_score: (n * 13) % 7,
      });
      return { kind: 'insert', recipe };
    });
    assert.deepEqual(await unwrap(indexed.saveBatch(writes)), scan.saveBatch(writes));
    for (const p of [{ q: 'c' }, { q: 'chai' }, { q: 'c m' }, { q: 'masala' }, { q: 'c', cuisine: 'thai' }, { q: 'c', sort: 'title' as const }]) {
      const total = (await unwrap(indexed.list(recipeListQueryFrom(p, { page: 1, perPage: 7 })))).total;
      assert.ok(total > 20, JSON.stringify(p));
      for (let page = 1; page <= Math.ceil(total / 7) + 1; page += 1) {
        const listQuery = recipeListQueryFrom(p, { page, perPage: 7 });
        const got = await unwrap(indexed.list(listQuery));
        assert.deepEqual({ ...got, items: got.items.map((recipe) => recipe.id) }, scan.list(listQuery), JSON.stringify({ p, page }));
      }
    }
  });

  it('selects the first n with a lead column (ties left to the order) and within a length, as a sort would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), fc.nat(320), fc.nat(40), fc.boolean(), fc.boolean(), (values, length, count, fromEnd, ascending) => {
        const sign = ascending ? 1 : -1;
        const order = (a: number, b: number): number => sign * ((values[a] as number) - (values[b] as number)) || a - b;
        const slots = new Int32Array(values.map((_, slot) => slot));
        const within = Math.min(length, slots.length);
        const lead: LeadKey = { values: Float64Array.from(values), sign };
        const expected = [...slots.subarray(0, within)].sort(order).slice(0, count);
        assert.deepEqual(firstInOrder(slots, within, count, order, fromEnd, lead), expected);
      }),
    );
  });

  it('selects the first n of a large set in order, as a sort would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 }), fc.nat(320), fc.boolean(), (values, count, fromEnd) => {
        const order = (a: number, b: number): number => (values[a] as number) - (values[b] as number) || a - b;
        const slots = values.map((_, slot) => slot);
        assert.deepEqual(firstInOrder(slots, slots.length, count, order, fromEnd), [...slots].sort(order).slice(0, count));
      }),
    );
  });
});
