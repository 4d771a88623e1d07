/**
 * The store + search index decorator: the recipe contract suite (listings answered by the index), and what the
 * service relies on at start-up: listings go to the store until the index is built, then to the index.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import { IndexedRecipeRepository } from '../../src/recipe/indexed-recipe-repository.js';
import type { Recipe } from '../../src/recipe/recipe.js';
import { recipeListQueryFrom } from '../../src/recipe/recipe-query.js';
import type { StoreUnavailable } from '../../src/shared/errors.js';
import { InMemoryRecipeSearchIndex } from '../../src/search/in-memory-recipe-search-index.js';
import { applyRecipeFeedChanges, buildRecipeIndex } from '../../src/search/recipe-index-sync.js';
import type { RecipeChangeFeed } from '../../src/search/recipe-change-feed.js';
import { InMemoryRecipeRepository, recipeFixture, runRecipeRepositoryContract } from '../../src/testing/index.js';

runRecipeRepositoryContract('in-memory store + in-memory search index', () => {
  const indexed = new IndexedRecipeRepository(new InMemoryRecipeRepository(), new InMemoryRecipeSearchIndex());
  indexed.markReady();
  return indexed;
});

/**
 * The same contract with reads by id answered by the index: after each write the change feed has applied the index up
 * to the store's mark (as it has a poll after a write), so every read that follows is proved current.
 */
runRecipeRepositoryContract('in-memory store + in-memory search index, reads by id from the index', () => {
  const store = new InMemoryRecipeRepository();
  class Applied extends IndexedRecipeRepository {
    #applied<T, E>(write: ResultAsync<T, E>): ResultAsync<T, E> {
      return new ResultAsync(
        (async () => {
          const outcome = await write;
          (await store.changeMark()).map((mark) => this.sawMark(mark));
          return outcome;
        })(),
      );
    }
    override insert(...args: Parameters<IndexedRecipeRepository['insert']>) {
      return this.#applied(super.insert(...args));
    }
    override update(...args: Parameters<IndexedRecipeRepository['update']>) {
      return this.#applied(super.update(...args));
    }
    override saveBatch(...args: Parameters<IndexedRecipeRepository['saveBatch']>) {
      return this.#applied(super.saveBatch(...args));
    }
  }
  const indexed = new Applied(store, new InMemoryRecipeSearchIndex());
  indexed.markReady();
  indexed.sawMark('0');
  return indexed;
});

/** A feed over an in-memory store: the whole store on `scan`, what `written` is told on `changes`. */
function feedOf(store: InMemoryRecipeRepository, written: string[]): RecipeChangeFeed {
  return {
    begin: () => okAsync(undefined),
    resume: () => okAsync(false),
    position: () => ({ at: new Date(), mark: '0' }),
    scan: (pageSize, visit) => {
      const all = store.all();
      for (let at = 0; at < all.length; at += pageSize) visit(all.slice(at, at + pageSize));
      return okAsync(all.length);
    },
    changes: () => store.findByIds(written.splice(0)).map((recipes) => ({ kind: 'changed' as const, recipes })),
  };
}

describe('IndexedRecipeRepository', () => {
  const query = recipeListQueryFrom({ q: 'soup' }, { page: 1, perPage: 20 });

  it('lists from the store until the index is built, then from the index, with progress lines', async () => {
    const store = new InMemoryRecipeRepository();
    const recipes = Array.from({ length: 25 }, (_, at) => recipeFixture({ title: `Soup ${at}` }));
    for (const recipe of recipes) await store.insert(recipe);
    let storeListings = 0;
    const counted = new Proxy(store, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property, target);
        if (property === 'list') storeListings += 1;
        return typeof value === 'function' ? (...args: unknown[]): unknown => Reflect.apply(value, target, args) : value;
      },
    });
    const indexed = new IndexedRecipeRepository(counted, new InMemoryRecipeSearchIndex());
    assert.equal(indexed.ready, false);
    assert.equal((await indexed.list(query))._unsafeUnwrap().total, 25);
    const lines: string[] = [];
    const read = await buildRecipeIndex(indexed, feedOf(store, []), { pageSize: 10, progressEvery: 10, log: (line) => lines.push(line) });
    assert.equal(read._unsafeUnwrap(), 25);
    assert.equal(indexed.ready, true);
    assert.equal(indexed.index.size, 25);
    assert.equal(lines.filter((line) => line.includes('recipes read')).length, 2);
    assert.match(lines.at(-1) ?? '', /search index ready: 25 recipes/);
    assert.equal(storeListings, 1);
    assert.equal((await indexed.list(query))._unsafeUnwrap().total, 25);
    assert.equal(storeListings, 1, 'the listing no longer asks the store');
    store.unavailable = true;
    assert.equal((await indexed.list(query)).isErr(), true, 'an unreachable database is still a failed listing');
    assert.equal((await indexed.findById(recipes[0]?.id ?? '')).isErr(), true, 'reads by id still go to the store');
  });

  it('puts its own writes into the index when they succeed, and ignores an older copy from the feed', async () => {
    const store = new InMemoryRecipeRepository();
    const index = new InMemoryRecipeSearchIndex();
    const indexed = new IndexedRecipeRepository(store, index);
    indexed.markReady();
    const recipe = recipeFixture({ title: 'Lentil soup' });
    await indexed.insert(recipe);
    const renamed = { ...recipe, title: 'Lentil stew', version: 2 };
    assert.equal((await indexed.update(renamed, 1))._unsafeUnwrap(), 'written');
    assert.equal((await indexed.update({ ...recipe, title: 'Stale soup', version: 2 }, 1))._unsafeUnwrap(), 'stale');
    index.put(recipe);
    const page = (await indexed.list(recipeListQueryFrom({ q: 'stew' }, { page: 1, perPage: 20 })))._unsafeUnwrap();
    assert.deepEqual(page.items.map((item) => item.title), ['Lentil stew']);
    assert.equal((await indexed.list(query))._unsafeUnwrap().total, 0);
  });
});

describe('IndexedRecipeRepository, recipes as listings see them (findByIdsListed)', () => {
  it('answers from the store until the index is built, then from the index, in one read of the change mark', async () => {
    let storeReads = 0;
    class Counting extends InMemoryRecipeRepository {
      override findByIds(ids: readonly string[]) {
        storeReads += 1;
        return super.findByIds(ids);
      }
    }
    const store = new Counting();
    const indexed = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex());
    const [soup, bread] = [recipeFixture({ title: 'Soup' }), recipeFixture({ title: 'Bread' })];
    await indexed.insert(soup);
    await indexed.insert(bread);
    const titles = async () => ((await indexed.findByIdsListed([bread.id, 'nope', soup.id]))._unsafeUnwrap()).map((recipe) => recipe.title).sort();
    assert.deepEqual(await titles(), ['Bread', 'Soup']);
    assert.equal(storeReads, 1, 'before the index is built: the store');
    indexed.markReady();
    assert.deepEqual(await titles(), ['Bread', 'Soup']);
    assert.equal(storeReads, 1, 'once built: the index');
    assert.equal((await indexed.findById(soup.id))._unsafeUnwrap()?.title, 'Soup');
  });
});

describe('IndexedRecipeRepository, many recipes as of a change mark (findByIdsAsOf)', () => {
  /** An in-memory store that counts the ids it is asked for by `findByIds`. */
  class Counting extends InMemoryRecipeRepository {
    asked: string[] = [];
    override findByIds(ids: readonly string[]) {
      this.asked.push(...ids);
      return super.findByIds(ids);
    }
  }

  async function library() {
    const store = new Counting();
    const index = new InMemoryRecipeSearchIndex();
    const indexed = new IndexedRecipeRepository(store, index);
    const [soup, bread] = [recipeFixture({ title: 'Soup' }), recipeFixture({ title: 'Bread' })];
    await indexed.insert(soup);
    await indexed.insert(bread);
    const mark = (await store.changeMark())._unsafeUnwrap();
    const titles = async (ids: string[], at: string) => ((await indexed.findByIdsAsOf(ids, at))._unsafeUnwrap()).map((recipe) => recipe.title).sort();
    return { store, index, indexed, soup, bread, mark, titles };
  }

  it('answers from the index once the change feed has applied exactly the mark read, and asks the store for an id it lacks', async () => {
    const { store, indexed, soup, bread, mark, titles } = await library();
    assert.deepEqual(await titles([soup.id, bread.id], mark), ['Bread', 'Soup']);
    assert.deepEqual(store.asked, [soup.id, bread.id], 'before the index is built: the store');
    indexed.markReady();
    store.asked = [];
    assert.deepEqual(await titles([soup.id, bread.id], mark), ['Bread', 'Soup']);
    assert.deepEqual(store.asked, [soup.id, bread.id], 'built, but the feed has applied no mark yet: the store');
    indexed.sawMark(mark);
    store.asked = [];
    assert.deepEqual(await titles([bread.id, 'nope', soup.id], mark), ['Bread', 'Soup']);
    assert.deepEqual(store.asked, ['nope'], 'the applied mark: the index, the store for the id it lacks');
  });

  it('goes to the store for a write the feed has not applied, and for a mark it has passed or a reset index', async () => {
    const { store, index, indexed, soup, bread, mark, titles } = await library();
    indexed.markReady();
    indexed.sawMark(mark);
    // Another process renames the soup: the database's mark moves, the index has not seen it.
    const renamed = { ...soup, title: 'Soup, renamed elsewhere', version: soup.version + 1 };
    assert.equal((await store.update(renamed, soup.version))._unsafeUnwrap(), 'written');
    const moved = (await store.changeMark())._unsafeUnwrap();
    assert.notEqual(moved, mark);
    store.asked = [];
    assert.deepEqual(await titles([soup.id, bread.id], moved), ['Bread', 'Soup, renamed elsewhere']);
    assert.deepEqual(store.asked, [soup.id, bread.id], 'a mark the feed has not applied: the store');
    // The feed's next poll applies it.
    index.put(renamed);
    indexed.sawMark(moved);
    store.asked = [];
    assert.deepEqual(await titles([soup.id, bread.id], moved), ['Bread', 'Soup, renamed elsewhere']);
    assert.deepEqual(store.asked, [], 'applied: the index');
    assert.deepEqual(await titles([soup.id, bread.id], mark), ['Bread', 'Soup, renamed elsewhere']);
    assert.deepEqual(store.asked, [soup.id, bread.id], 'a mark older than the one applied (a replaced database, or a poll since): the store');
    indexed.reset();
    indexed.markReady();
    store.asked = [];
    await titles([soup.id], moved);
    assert.deepEqual(store.asked, [soup.id], 'reset: no mark is applied until the feed applies one again');
  });
});

describe('IndexedRecipeRepository over a database that was replaced', () => {
  it('lists from the new database as soon as a listing sees its write count go back, not from the old index', async () => {
    // A store whose change count is what the test says (the old database had 5 writes).
    class Replaceable extends InMemoryRecipeRepository {
      mark = 5;
      override changeMark() {
        return okAsync(String(this.mark));
      }
    }
    const store = new Replaceable();
    const indexed = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex());
    indexed.index.put(recipeFixture({ id: 'old', title: 'Old soup' }));
    indexed.markReady();
    const query = recipeListQueryFrom({ q: 'soup' }, { page: 1, perPage: 20 });
    assert.deepEqual((await indexed.list(query))._unsafeUnwrap().items.map((recipe) => recipe.id), ['old']);

    // A new, empty database at the same address: one recipe written there, its count 1.
    (await store.insert(recipeFixture({ id: 'new', title: 'New soup' })))._unsafeUnwrap();
    store.mark = 1;
    assert.deepEqual((await indexed.list(query))._unsafeUnwrap().items.map((recipe) => recipe.id), ['new']);
    assert.equal(indexed.ready, false, 'the index is built again');
  });

  it('also when only the change feed saw the old count (no listing ran between a write it applied and the replacement)', async () => {
    class Replaceable extends InMemoryRecipeRepository {
      mark = 1;
      override changeMark() {
        return okAsync(String(this.mark));
      }
    }
    const store = new Replaceable();
    const indexed = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex());
    let feedMark = '1';
    const elsewhere = recipeFixture({ id: 'elsewhere', title: 'Soup written elsewhere' });
    const feed: RecipeChangeFeed = {
      ...feedOf(store, []),
      position: () => ({ at: new Date(), mark: feedMark }),
      changes: () => okAsync({ kind: 'changed' as const, recipes: [elsewhere] }),
    };
    (await buildRecipeIndex(indexed, feedOf(store, []), {}))._unsafeUnwrap();
    // Another writer's recipe arrives through the feed, whose mark is now 3; no listing reads that mark.
    feedMark = '3';
    assert.equal((await applyRecipeFeedChanges(indexed, feed))._unsafeUnwrap(), 1);
    // The database is replaced by an empty one; its first write makes its count 1, and a listing comes before the feed's next poll.
    store.mark = 1;
    (await store.insert(recipeFixture({ id: 'new', title: 'New soup' })))._unsafeUnwrap();
    const query = recipeListQueryFrom({ q: 'soup' }, { page: 1, perPage: 20 });
    assert.deepEqual((await indexed.list(query))._unsafeUnwrap().items.map((recipe) => recipe.id), ['new']);
    assert.equal(indexed.ready, false, 'the index is built again');
  });
});

describe('IndexedRecipeRepository under listings at once', () => {
  /** A store whose change mark answers when the test says, counting the reads. */
  class SlowMark extends InMemoryRecipeRepository {
    reads = 0;
    mark = 5;
    readonly waiting: (() => void)[] = [];
    override changeMark() {
      this.reads += 1;
      const mark = this.mark;
      return new ResultAsync(new Promise<Result<string, StoreUnavailable>>((resolve) => this.waiting.push(() => resolve(ok(String(mark))))));
    }
    answer(): void {
      for (const resolve of this.waiting.splice(0)) resolve();
    }
  }
  const query = recipeListQueryFrom({ q: 'soup' }, { page: 1, perPage: 20 });

  it('reads the change mark once for the listings that start while it is being read, each answered', async () => {
    const store = new SlowMark();
    const indexed = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex());
    indexed.index.put(recipeFixture({ id: 'soup', title: 'Soup' }));
    indexed.markReady();
    const listings = Array.from({ length: 10 }, () => indexed.list(query));
    assert.equal(store.reads, 1);
    store.answer();
    for (const listed of await Promise.all(listings)) assert.deepEqual(listed._unsafeUnwrap().items.map((recipe) => recipe.id), ['soup']);
    // A listing after that read has ended reads the mark again.
    const later = indexed.list(query);
    assert.equal(store.reads, 2);
    store.answer();
    assert.equal((await later)._unsafeUnwrap().total, 1);
  });

  it('does not share a read begun before the index was emptied for a replaced database', async () => {
    const store = new SlowMark();
    const indexed = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex());
    indexed.markReady();
    const before = indexed.list(query);
    indexed.reset();
    indexed.markReady();
    const after = indexed.list(query);
    assert.equal(store.reads, 2);
    store.answer();
    await before;
    await after;
  });
});

describe('IndexedRecipeRepository, reads by id (findById, findByIds)', () => {
  /** A store whose change mark answers when the test says, counting the reads of the mark and by id. */
  class Gated extends InMemoryRecipeRepository {
    markReads = 0;
    byId: string[] = [];
    readonly waiting: (() => void)[] = [];
    override changeMark() {
      this.markReads += 1;
      // The count as the database had it when the read began, answered later.
      const read = super.changeMark();
      return new ResultAsync(new Promise<Result<string, StoreUnavailable>>((resolve) => this.waiting.push(() => void read.then(resolve))));
    }
    answer(): void {
      for (const resolve of this.waiting.splice(0)) resolve();
    }
    /** Answers the reads under way, and those that begin when they end. */
    async answerAll(): Promise<void> {
      for (let turn = 0; turn < 5; turn += 1) {
        this.answer();
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    override findById(id: string) {
      this.byId.push(id);
      return super.findById(id);
    }
    override findByIds(ids: readonly string[]) {
      this.byId.push(...ids);
      return super.findByIds(ids);
    }
  }

  async function library() {
    const store = new Gated();
    const indexed = new IndexedRecipeRepository(store, new InMemoryRecipeSearchIndex(), { markReadsApartMs: 0 });
    const [soup, bread] = [recipeFixture({ title: 'Soup' }), recipeFixture({ title: 'Bread' })];
    await indexed.insert(soup);
    await indexed.insert(bread);
    const titleOf = async (read: ResultAsync<Recipe | null, StoreUnavailable>) => (await read)._unsafeUnwrap()?.title;
    return { store, indexed, soup, bread, titleOf };
  }

  it('answers from the index once a read of the mark begun after the call finds the mark the feed applied', async () => {
    const { store, indexed, soup, bread, titleOf } = await library();
    assert.equal(await titleOf(indexed.findById(soup.id)), 'Soup');
    assert.deepEqual([store.byId, store.markReads], [[soup.id], 0], 'before the index is built: the store, no mark read');
    indexed.markReady();
    assert.equal(await titleOf(indexed.findById(soup.id)), 'Soup');
    assert.deepEqual([store.byId, store.markReads], [[soup.id, soup.id], 0], 'built, but no mark applied yet: the store');
    indexed.sawMark('2');
    store.byId = [];
    const [one, many, none] = [indexed.findById(soup.id), indexed.findByIds([bread.id, 'nope', soup.id]), indexed.findById('nope')];
    await store.answerAll();
    assert.equal(store.markReads, 2, 'the first call\'s read of the mark, then one for the two asked while it was under way');
    assert.equal(await titleOf(one), 'Soup');
    assert.deepEqual((await many)._unsafeUnwrap().map((recipe) => recipe.title).sort(), ['Bread', 'Soup']);
    assert.equal(await titleOf(none), undefined);
    assert.deepEqual(store.byId, ['nope', 'nope'], 'the index, the store for the id it lacks');
  });

  it('never answers with a copy older than the database when it was asked: a read of the mark under way is not shared', async () => {
    const { store, indexed, soup, titleOf } = await library();
    indexed.markReady();
    indexed.sawMark('2');
    store.byId = [];
    const before = indexed.findById(soup.id);
    assert.equal(store.markReads, 1);
    // Another process renames the soup while that read of the mark is under way (it began before the write).
    const renamed = { ...soup, title: 'Soup, renamed elsewhere', version: soup.version + 1 };
    assert.equal((await store.update(renamed, soup.version))._unsafeUnwrap(), 'written');
    const [first, second, many] = [indexed.findById(soup.id), indexed.findById(soup.id), indexed.findByIds([soup.id])];
    assert.equal(store.markReads, 1, 'the calls since wait for a read of their own');
    store.answer();
    assert.equal(await titleOf(before), 'Soup', 'asked before the write: the index held the database of then');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(store.markReads, 2, 'the calls since share one read, begun when the first ended');
    store.answer();
    assert.equal(await titleOf(first), 'Soup, renamed elsewhere');
    assert.equal(await titleOf(second), 'Soup, renamed elsewhere');
    assert.deepEqual((await many)._unsafeUnwrap().map((recipe) => recipe.title), ['Soup, renamed elsewhere']);
    assert.deepEqual(store.byId, [soup.id, soup.id, soup.id], 'a mark the feed has not applied: the store');
  });

  it('fails when the mark cannot be read, as a read of the store does, rather than answer from a copy nothing keeps current', async () => {
    const { store, indexed, soup } = await library();
    indexed.markReady();
    indexed.sawMark('2');
    store.unavailable = true;
    const [one, many] = [indexed.findById(soup.id), indexed.findByIds([soup.id])];
    await store.answerAll();
    assert.equal((await one)._unsafeUnwrapErr().type, 'StoreUnavailable');
    assert.equal((await many)._unsafeUnwrapErr().type, 'StoreUnavailable');
    assert.equal(store.markReads, 1, 'a call made while a read that fails was under way fails with it, without a read of its own');
    store.unavailable = false;
    const again = indexed.findById(soup.id);
    await store.answerAll();
    assert.equal((await again)._unsafeUnwrap()?.title, 'Soup', 'the next call reads the mark again');
  });
});
