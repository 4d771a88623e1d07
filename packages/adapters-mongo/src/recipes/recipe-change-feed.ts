/**
 * The change feed of recipes (`RecipeChangeFeed`), for the search indexes of every instance: records in
 * `recipe_changes`, the count `recipes` in `change_marks`. How and why it works so: `change-feed/mongo-change-feed.ts`.
 */
import type { Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { Recipe, RecipeChangeFeed, RecipeFeedChanges, RecipeFeedPosition, RecipeRepository, StoreUnavailable } from '@larder/domain';
import type { ChangeKind } from '../change-feed/change-recorder.js';
import { MongoChangeFeed, type MongoChangeFeedOptions } from '../change-feed/mongo-change-feed.js';
import { RECIPES_COLLECTION, toRecipe, type RecipeDocument } from './recipe-document.js';

export { CHANGE_MARKS_COLLECTION } from '../change-feed/change-recorder.js';
export const RECIPE_CHANGES_COLLECTION = 'recipe_changes';
export const RECIPES_MARK = 'recipes';
export const RECIPE_CHANGES: ChangeKind = { records: RECIPE_CHANGES_COLLECTION, mark: RECIPES_MARK };

export type MongoRecipeChangeFeedOptions = MongoChangeFeedOptions;

/** `RecipeChangeFeed` on a MongoDB database (any engine). */
export class MongoRecipeChangeFeed implements RecipeChangeFeed {
  readonly #feed: MongoChangeFeed<Recipe, RecipeDocument>;

  /** `reader` reads the changed recipes by id (the repository, which knows how the engine reads many ids best). */
  constructor(db: Db, reader: Pick<RecipeRepository, 'findByIds'>, options: MongoRecipeChangeFeedOptions = {}) {
    this.#feed = new MongoChangeFeed<Recipe, RecipeDocument>(
      db,
      {
        ...RECIPE_CHANGES,
        collection: RECIPES_COLLECTION,
        // Without the search keys documents of earlier versions carry until `slimRecipeDocuments` has removed them.
        projection: { search_keys: 0, title_keys: 0 },
        toItem: toRecipe,
        read: (ids) => reader.findByIds(ids),
      },
      options,
    );
  }

  begin(): ResultAsync<void, StoreUnavailable> {
    return this.#feed.begin();
  }

  resume(position: RecipeFeedPosition): ResultAsync<boolean, StoreUnavailable> {
    return this.#feed.resume(position);
  }

  position(): RecipeFeedPosition {
    return this.#feed.position();
  }

  scan(pageSize: number, visit: (recipes: readonly Recipe[]) => void): ResultAsync<number, StoreUnavailable> {
    return this.#feed.scan(pageSize, visit);
  }

  changes(): ResultAsync<RecipeFeedChanges, StoreUnavailable> {
    return this.#feed.changes().map((changed) => (changed.kind === 'replaced' ? changed : { kind: 'changed', recipes: changed.items }));
  }
}
