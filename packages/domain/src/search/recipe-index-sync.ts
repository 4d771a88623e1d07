import type { ResultAsync } from 'neverthrow';
import type { IndexedRecipeRepository } from '../recipe/indexed-recipe-repository.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { RecipeChangeFeed } from './recipe-change-feed.js';

export interface RecipeIndexBuildOptions {
  /** Recipes read per page of the scan. */
  readonly pageSize?: number;
  /** A progress line every this many recipes. */
  readonly progressEvery?: number;
  readonly log?: (line: string) => void;
}

/**
 * Fills the index from the store (the feed remembering changes from before the scan began), then lets listings use
 * it. Resolves with the number of recipes read.
 */
export function buildRecipeIndex(recipes: IndexedRecipeRepository, feed: RecipeChangeFeed, options: RecipeIndexBuildOptions = {}): ResultAsync<number, StoreUnavailable> {
  const [pageSize, every, log] = [options.pageSize ?? 1000, options.progressEvery ?? 10_000, options.log ?? (() => undefined)];
  const started = Date.now();
  let [read, nextLine] = [0, every];
  return feed
    .begin()
    .andThen(() =>
      feed.scan(pageSize, (page) => {
        for (const recipe of page) recipes.index.put(recipe);
        read += page.length;
        if (read >= nextLine) {
          log(`search index: ${read} recipes read (${((Date.now() - started) / 1000).toFixed(1)} s)`);
          nextLine += every;
        }
      }),
    )
    .andThen(() => feed.changes())
    .map((changed) => {
      if (changed.kind === 'changed') for (const recipe of changed.recipes) recipes.index.put(recipe);
      recipes.markReady();
      log(`search index ready: ${recipes.index.size} recipes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return read;
    });
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
    return changed.recipes.length;
  });
}
