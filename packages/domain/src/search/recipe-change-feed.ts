import type { ResultAsync } from 'neverthrow';
import type { Recipe } from '../recipe/recipe.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { RecipeFeedPosition } from './recipe-index-snapshot.js';

/**
 * What a `RecipeSearchIndex` is built and kept current from: every stored recipe once, then the recipes any process
 * (another instance of the service, the CLI) has written since. Stateful: each `changes` call reports what was
 * written since the previous one.
 */
/** What `changes` found: recipes written since, or a database that is not the one the index was built from. */
export type RecipeFeedChanges =
  | { readonly kind: 'changed'; readonly recipes: Recipe[] }
  /** Its change count went back (restored from a backup, or replaced by an empty one): build the index again. */
  | { readonly kind: 'replaced' };

export interface RecipeChangeFeed {
  /** Starts remembering changes from now: called before `scan`, so that nothing written during the scan is missed. */
  begin(): ResultAsync<void, StoreUnavailable>;
  /**
   * Starts remembering changes from a snapshot's position instead: false when it cannot (its records of then are
   * gone, or the database has fewer writes than then), and then the caller scans.
   */
  resume(position: RecipeFeedPosition): ResultAsync<boolean, StoreUnavailable>;
  /** Where the feed stands: every change before it has been reported by `changes`. */
  position(): RecipeFeedPosition;
  /** Every stored recipe, in pages of about `pageSize`, `visit` called once per page; the number of recipes. */
  scan(pageSize: number, visit: (recipes: readonly Recipe[]) => void): ResultAsync<number, StoreUnavailable>;
  /**
   * The stored state of every recipe written since the previous call (or since `begin`). A recipe may come twice, or
   * again after this process wrote it: the index keeps the highest version.
   */
  changes(): ResultAsync<RecipeFeedChanges, StoreUnavailable>;
}
