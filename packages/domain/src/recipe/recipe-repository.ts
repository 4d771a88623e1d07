import type { ResultAsync } from 'neverthrow';
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
  /** Replaces the stored recipe atomically when its stored version is still `expectedVersion`. */
  update(recipe: Recipe, expectedVersion: number): ResultAsync<WriteOutcome, StoreUnavailable | DuplicateExternalId>;
  list(query: RecipeListQuery): ResultAsync<RecipePage, StoreUnavailable>;
  /** Up to `limit` recipes matching `filter` with an id greater than `afterId`, by id ascending (for exports). */
  listAfter(filter: RecipeFilter, afterId: string | null, limit: number): ResultAsync<Recipe[], StoreUnavailable>;
  /** Several inserts and conditional updates in one round trip; one outcome per write, in order. */
  saveBatch(writes: readonly RecipeWrite[]): ResultAsync<BatchWriteOutcome[], StoreUnavailable>;
}
