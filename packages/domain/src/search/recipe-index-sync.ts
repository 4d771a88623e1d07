import { okAsync, ResultAsync } from 'neverthrow';
import type { IndexedRecipeRepository } from '../recipe/indexed-recipe-repository.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { RecipeChangeFeed } from './recipe-change-feed.js';
import type { RecipeIndexSnapshots } from './recipe-index-snapshot.js';

export interface RecipeIndexBuildOptions {
  /** Recipes read per page of the scan. */
  readonly pageSize?: number;
  /** A progress line every this many recipes. */
  readonly progressEvery?: number;
  readonly log?: (line: string) => void;
  /** Where a snapshot may be kept, and the database's name in it: started from when the feed can resume from it. */
  readonly snapshot?: { readonly snapshots: RecipeIndexSnapshots; readonly source: string } | undefined;
}

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Fills the index from a snapshot and the changes since, when there is one the feed can resume from, else from the
 * store (the feed remembering changes from before the scan began); then lets listings use it. Resolves with the
 * number of recipes read from the store.
 */
export function buildRecipeIndex(recipes: IndexedRecipeRepository, feed: RecipeChangeFeed, options: RecipeIndexBuildOptions = {}): ResultAsync<number, StoreUnavailable> {
  const [pageSize, every, log] = [options.pageSize ?? 1000, options.progressEvery ?? 10_000, options.log ?? (() => undefined)];
  const started = Date.now();
  let [read, nextLine] = [0, every];
  // From nothing: a poll that was under way when the index was reset may have put the old database's recipes back.
  recipes.index.clear();
  const fromSnapshot = (): ResultAsync<boolean, StoreUnavailable> => {
    if (options.snapshot === undefined) return okAsync(false);
    const { snapshots, source } = options.snapshot;
    return ResultAsync.fromSafePromise(snapshots.load()).andThen((snapshot) => {
      if (snapshot === null) return okAsync(false);
      if (snapshot.source !== source) {
        log('search index: the snapshot kept is of another database; reading every recipe');
        return okAsync(false);
      }
      return feed.resume(snapshot.position).map((resumed) => {
        if (!resumed) log(`search index: the snapshot of ${snapshot.position.at.toISOString()} is older than the change feed keeps, or the database has changed under it; reading every recipe`);
        else {
          for (const recipe of snapshot.recipes) recipes.index.put(recipe);
          log(`search index: ${snapshot.recipes.length} recipes from the snapshot of ${snapshot.position.at.toISOString()} (${seconds(started)}), then the changes since`);
        }
        return resumed;
      });
    });
  };
  const scan = (): ResultAsync<number, StoreUnavailable> =>
    feed.begin().andThen(() =>
      feed.scan(pageSize, (page) => {
        for (const recipe of page) recipes.index.put(recipe);
        read += page.length;
        if (read >= nextLine) {
          log(`search index: ${read} recipes read (${seconds(started)})`);
          nextLine += every;
        }
      }),
    );
  return fromSnapshot()
    .andThen((resumed) => (resumed ? okAsync(0) : scan()))
    .andThen(() => feed.changes())
    .map((changed) => {
      if (changed.kind === 'changed') for (const recipe of changed.recipes) recipes.index.put(recipe);
      recipes.markReady();
      recipes.sawMark(feed.position().mark);
      log(`search index ready: ${recipes.index.size} recipes in ${seconds(started)}`);
      return read;
    });
}

/** Keeps a snapshot of a built index (at a clean stop), for the next start. */
export async function saveRecipeIndexSnapshot(recipes: IndexedRecipeRepository, feed: RecipeChangeFeed, snapshots: RecipeIndexSnapshots, source: string): Promise<boolean> {
  if (!recipes.ready) return false;
  const position = feed.position();
  await snapshots.save({ source, position, recipes: recipes.index.all() });
  return true;
}

/**
 * Puts the recipes written elsewhere since the last call into the index: the number applied, or `replaced` when the
 * database is not the one the index was built from (the index is then emptied and must be built again).
 */
export function applyRecipeFeedChanges(recipes: IndexedRecipeRepository, feed: RecipeChangeFeed): ResultAsync<number | 'replaced', StoreUnavailable> {
  return feed.changes().map((changed) => {
    if (changed.kind === 'replaced') {
      recipes.reset();
      return 'replaced' as const;
    }
    for (const recipe of changed.recipes) recipes.index.put(recipe);
    recipes.sawMark(feed.position().mark);
    return changed.recipes.length;
  });
}
