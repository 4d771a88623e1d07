import type { Recipe } from '../recipe/recipe.js';

/** Where a change feed stood: the index held every change before it. Opaque to the domain. */
export interface RecipeFeedPosition {
  readonly at: Date;
  readonly mark: string;
}

/**
 * A copy of the index's recipes taken at a clean stop, so that the next start reads them from a local file and only
 * the changes made since from the database, instead of every recipe (a scan of 100,000 recipes through FerretDB
 * takes minutes). A cache: the database stays the source of truth, and a snapshot the feed cannot resume from
 * (too old, another database) is ignored.
 */
export interface RecipeIndexSnapshot {
  /** Which database it was taken of (the service's redacted URL and database name). */
  readonly source: string;
  readonly position: RecipeFeedPosition;
  readonly recipes: readonly Recipe[];
}

export interface RecipeIndexSnapshots {
  /** The snapshot kept, or null (none, unreadable, or of another format): never fails. */
  load(): Promise<RecipeIndexSnapshot | null>;
  save(snapshot: RecipeIndexSnapshot): Promise<void>;
}
