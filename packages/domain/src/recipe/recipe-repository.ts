import { okAsync, type ResultAsync } from 'neverthrow';
import type { DuplicateExternalId, StoreUnavailable } from '../shared/errors.js';
import type { Page } from '../shared/pagination.js';
import type { Recipe } from './recipe.js';
import type { RecipeFilter, RecipeListQuery } from './recipe-query.js';

/** What a conditional write found: written, or the stored version had moved on (or the recipe is gone). */
export type WriteOutcome = 'written' | 'stale';

export type RecipeWrite =
  | { readonly kind: 'insert'; readonly recipe: Recipe }
  | { readonly kind: 'update'; readonly recipe: Recipe; readonly expectedVersion: number };

export type BatchWriteOutcome = WriteOutcome | 'duplicate_external_id';

/** A page of a listing, and how many of its `total` matched the text query only within a typo. */
export interface RecipePage extends Page<Recipe> {
  /** 0 without a text query, or when every match is exact. */
  readonly fuzzyMatches: number;
}

/**
 * The recipe store. Every method reports an unreachable store as `StoreUnavailable`, never by throwing.
 * Semantics of `list` are those of `recipeMatchesFilter` and `recipeComparator` (see the contract suite).
 */
export interface RecipeRepository {
  insert(recipe: Recipe): ResultAsync<Recipe, StoreUnavailable | DuplicateExternalId>;
  findById(id: string): ResultAsync<Recipe | null, StoreUnavailable>;
  /** The recipes among `ids` that exist, in any order. */
  findByIds(ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable>;
  findByExternalIds(externalIds: readonly string[]): ResultAsync<Recipe[], StoreUnavailable>;
  /** A recipe whose `source_url` is exactly `sourceUrl` (the first by id when several are), or null: what a URL import updates. */
  findBySourceUrl(sourceUrl: string): ResultAsync<Recipe | null, StoreUnavailable>;
  /** Replaces the stored recipe atomically when its stored version is still `expectedVersion`. */
  update(recipe: Recipe, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable | DuplicateExternalId>;
  list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable>;
  /** Up to `limit` recipes matching `filter` with an id greater than `afterId`, by id ascending (for exports). */
  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): ResultAsync<Recipe[], StoreUnavailable>;
  /** Several inserts and conditional updates in one round trip; one outcome per write, in order. */
  saveBatch(writes: readonly RecipeWrite[]): ResultAsync<BatchWriteOutcome[], StoreUnavailable>;
  /**
   * A value that changes after every recipe write, whichever instance (or CLI) made it. Read before reading recipes,
   * an equal value read later means none of them has been written since: what lets a document's key be reused without
   * reading a product's 500 recipes again. (A write whose mark could not be moved, the store failing in between, is
   * seen only at the next write: callers bound how long they trust a mark.)
   */
  changeMark(): ResultAsync<string, StoreUnavailable>;
}

/**
 * A store that may answer many ids from a copy kept current by the change feed (`IndexedRecipeRepository`), when
 * that copy is known to hold every write counted in `mark`, a change mark the caller has just read; else from the
 * database, as `findByIds`.
 */
export interface RecipesAsOfMark {
  findByIdsAsOf(ids: readonly string[], mark: string): ResultAsync<Recipe[], StoreUnavailable>;
}

/** `findByIds` of recipes at least as recent as `mark`: through `findByIdsAsOf` where the store has it. */
export const recipesAsOf = (recipes: Pick<RecipeRepository, 'findByIds'> & Partial<RecipesAsOfMark>, mark: string): Pick<RecipeRepository, 'findByIds'> => {
  if (recipes.findByIdsAsOf === undefined) return recipes;
  return { findByIds: (ids) => (recipes as RecipesAsOfMark).findByIdsAsOf(ids, mark) };
};

/** Ids a caller asks `findByIds` for at once when it reads many: each call stays short on a slow engine. */
export const RECIPES_PER_READ = 50;

/**
 * A product's recipes read in pieces of `RECIPES_PER_READ`, one after the other: each piece is a call of its own to
 * the store (and under the service's per-call deadline), so that a 500-recipe product on a slow engine is a series of
 * short reads that keep answering rather than one long read that looks like an outage.
 */
export function findRecipesInPieces(recipes: Pick<RecipeRepository, 'findByIds'>, ids: readonly string[]): ResultAsync<Recipe[], StoreUnavailable> {
  const pieces: string[][] = [];
  for (let at = 0; at < ids.length; at += RECIPES_PER_READ) pieces.push(ids.slice(at, at + RECIPES_PER_READ));
  return pieces.reduce<ResultAsync<Recipe[], StoreUnavailable>>(
    (sofar, piece) => sofar.andThen((found) => recipes.findByIds(piece).map((more) => found.concat(more))),
    okAsync([]),
  );
}
