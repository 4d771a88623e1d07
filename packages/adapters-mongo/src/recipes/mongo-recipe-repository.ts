import type { Collection, Db, Filter } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type {
  BatchWriteOutcome,
  DuplicateExternalId,
  RecipePage,
  Recipe,
  RecipeFilter,
  RecipeListQuery,
  RecipeRepository,
  RecipeWrite,
  StoreUnavailable,
  WriteOutcome,
} from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { manyValuesInOneQuery } from '../engine/capabilities.js';
import { serverCapabilities } from '../engine/server-capabilities.js';
import { attempt, duplicateKeyIndex } from '../store-errors.js';
import { EXTERNAL_ID_INDEX } from '../indexes/index-specs.js';
import { RECIPES_COLLECTION, toRecipe, toRecipeDocument, type RecipeDocument } from './recipe-document.js';
import { saveRecipeBatch } from './recipe-batch.js';
import { listRecipes, listRecipesAfter } from './recipe-list.js';
import { ChangeRecorder } from '../change-feed/change-recorder.js';
import { RECIPE_CHANGES } from './recipe-change-feed.js';
import { RECIPE_SOURCE_URL_SORT, recipeExternalIdEqualityFilter, recipeExternalIdFilter, recipeSourceUrlFilter } from './recipe-queries.js';

/** A duplicate key on the external id index is the caller's conflict; on `_id` it would be a bug (ids are generated). */
const externalIdConflict =
  (recipe: Recipe) =>
  (error: unknown): DuplicateExternalId | undefined =>
    duplicateKeyIndex(error, EXTERNAL_ID_INDEX) === EXTERNAL_ID_INDEX && recipe.external_id !== null
      ? { type: 'DuplicateExternalId', externalId: recipe.external_id }
      : undefined;

/**
 * How `findByExternalIds` asks: one `$in` query, or one equality query per id (`EQUALITY_LOOKUPS_AT_ONCE` at a
 * time). Default: `$in` where the engine serves it from an index, or where each equality would read the whole
 * collection too (`manyValuesInOneQuery`: FerretDB on SQLite), else equality queries (FerretDB on PostgreSQL).
 */
export type ExternalIdLookup = 'in' | 'equality';

export interface MongoRecipeRepositoryOptions {
  /** Tests pin a route to run both on every engine. */
  readonly externalIdLookup?: ExternalIdLookup;
}

/** Equality lookups in flight at once: enough to overlap round trips, few enough not to flood a small server. */
const EQUALITY_LOOKUPS_AT_ONCE = 8;

/** `RecipeRepository` on a MongoDB database; the indexes it relies on come from `ensureIndexes`. */
export class MongoRecipeRepository implements RecipeRepository {
  readonly #db: Db;
  readonly #recipes: Collection<RecipeDocument>;
  readonly #externalIdLookup: ExternalIdLookup | undefined;
  /**
   * Every write attempt (a failed one may have landed) is recorded, for the change mark and the search indexes' feed
   * (`recipe-change-feed.ts`): see `ChangeRecorder.written`.
   */
  readonly #changes: ChangeRecorder;

  constructor(db: Db, options: MongoRecipeRepositoryOptions = {}) {
    this.#db = db;
    this.#recipes = db.collection<RecipeDocument>(RECIPES_COLLECTION);
    this.#externalIdLookup = options.externalIdLookup;
    this.#changes = new ChangeRecorder(db, RECIPE_CHANGES);
  }

  /** One equality query per distinct value, `EQUALITY_LOOKUPS_AT_ONCE` in flight. */
  async #eachByEquality(values: readonly string[], filterOf: (value: string) => Filter<RecipeDocument>): Promise<RecipeDocument[]> {
    const pending = [...new Set(values)];
    const found: RecipeDocument[] = [];
    const worker = async (): Promise<void> => {
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const document = await this.#recipes.findOne(filterOf(next));
        if (document !== null) found.push(document);
      }
    };
    await Promise.all(Array.from({ length: Math.min(EQUALITY_LOOKUPS_AT_ONCE, pending.length) }, worker));
    return found;
  }

  changeMark(): ResultAsync<string, StoreUnavailable> {
    return attempt(async () => String(await this.#changes.mark()));
  }

  insert(recipe: Recipe): ResultAsync<Recipe, StoreUnavailable | DuplicateExternalId> {
    return attempt(() =>
      this.#changes.written([recipe.id], async () => {
        await this.#recipes.insertOne(toRecipeDocument(recipe));
        return recipe;
      }),
    externalIdConflict(recipe));
  }

  findById(id: string): ResultAsync<Recipe | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#recipes.findOne({ _id: id });
      return document === null ? null : toRecipe(document);
    });
  }

  /**
   * One `$in` where the engine serves it from the `_id` index; elsewhere (FerretDB) one `_id` equality query per id,
   * which it pushes down, instead of a whole-collection scan per call (with `$in`, a 500-recipe ebook's document
   * ran past the 5 s store deadline on FerretDB while 20 clients read single recipes).
   */
  findByIds(ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    return attempt(async () => {
      const documents = (await serverCapabilities(this.#db)).inPushdown
        ? await this.#recipes.find({ _id: { $in: [...ids] } }).toArray()
        : await this.#eachByEquality(ids, (id) => ({ _id: id }));
      return documents.map(toRecipe);
    });
  }

  findByExternalIds(externalIds: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
    return attempt(async () => {
      const route = this.#externalIdLookup ?? (manyValuesInOneQuery(await serverCapabilities(this.#db)) ? 'in' : 'equality');
      const documents = route === 'in' ? await this.#recipes.find(recipeExternalIdFilter(externalIds)).toArray() : await this.#eachByEquality(externalIds, recipeExternalIdEqualityFilter);
      return documents.map(toRecipe);
    });
  }

  findBySourceUrl(sourceUrl: string): ResultAsync<Recipe | null, StoreUnavailable> {
    return attempt(async () => {
      const [document] = await this.#recipes.find(recipeSourceUrlFilter(sourceUrl)).sort(RECIPE_SOURCE_URL_SORT).limit(1).toArray();
      return document === undefined ? null : toRecipe(document);
    });
  }

  update(recipe: Recipe, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable | DuplicateExternalId> {
    const { _id, ...replacement } = toRecipeDocument(recipe);
    return attempt(async (): Promise<WriteOutcome> => {
      const result = await this.#changes.written([_id], () =>
        conditionalWrite(this.#db, RECIPES_COLLECTION, [_id], () => this.#recipes.replaceOne({ _id, version: expectedVersion }, replacement)),
      );
      return result.matchedCount === 1 ? 'written' : 'stale';
    }, externalIdConflict(recipe));
  }

  list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable> {
    return attempt(async () => listRecipes(this.#recipes, query, await serverCapabilities(this.#db)));
  }

  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): ResultAsync<Recipe[], StoreUnavailable> {
    return attempt(() => listRecipesAfter(this.#recipes, filter, afterId, limit));
  }

  saveBatch(writes: readonly RecipeWrite[]): ResultAsync<BatchWriteOutcome[], StoreUnavailable> {
    const updated = writes.flatMap((write) => (write.kind === 'update' ? [write.recipe.id] : []));
    return attempt(() => this.#changes.written(writes.map((write) => write.recipe.id), () => conditionalWrite(this.#db, RECIPES_COLLECTION, updated, () => saveRecipeBatch(this.#recipes, writes))));
  }
}
