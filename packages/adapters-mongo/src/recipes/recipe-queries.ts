/**
 * The MongoDB queries a recipe listing runs, as pure values: the repository executes them and the index test checks
 * every one of them against the declared indexes, so a query without a serving index fails the build.
 */
import type { Filter } from 'mongodb';
import type { RecipeFilter, RecipeListQuery, RecipeSortField } from '@larder/domain';
import type { RecipeDocument } from './recipe-document.js';

export type RecipeQueryFilter = Filter<RecipeDocument>;
/** Field → 1 | -1, in order; always ends with `_id` so that the order is total. */
export type RecipeQuerySort = Record<string, 1 | -1>;

export const RECIPE_SORT_FIELDS: Record<RecipeSortField, keyof RecipeDocument> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  engagement_score: 'engagement_score',
  title: 'title_sort',
};

/**
 * `recipeMatchesFilter` as a MongoDB filter. Array conditions are left out when empty rather than sent as
 * `$all: []`, which MongoDB matches against nothing and the emulator against everything.
 */
export function recipeFilter(filter: RecipeFilter): RecipeQueryFilter {
  const when = <T>(present: boolean, condition: T): T | object => (present ? condition : {});
  return {
    status: { $in: [...filter.statuses] },
    ...when(filter.searchKeys.length > 0, { search_keys: { $all: [...filter.searchKeys] } }),
    ...when(filter.dietaryTags.length > 0, { dietary_tags: { $all: [...filter.dietaryTags] } }),
    ...when(filter.cuisine !== undefined, { cuisine_key: filter.cuisine }),
    ...when(filter.mealType !== undefined, { meal_type_key: filter.mealType }),
    ...when(filter.season !== undefined, { season_key: filter.season }),
    ...when(filter.collectionId !== undefined, { collection_id: filter.collectionId }),
    // `$lte` with a number never matches null, so recipes without a cook time drop out, as the contract says.
    ...when(filter.maxCookTimeMinutes !== undefined, { cook_time_minutes: { $lte: filter.maxCookTimeMinutes } }),
    ...when(filter.emailReady !== undefined, { email_ready: filter.emailReady }),
  };
}

/** One query of a listing: its matches, in this order, make up one contiguous run of the result. */
export interface ListSegment {
  readonly filter: RecipeQueryFilter;
  readonly sort: RecipeQuerySort;
}

const BY_ENGAGEMENT: RecipeQuerySort = { engagement_score: -1, _id: -1 };

/**
 * The segments whose concatenation is the listing. Relevance is two segments: recipes whose title holds every query
 * key, then the others (`$nor`), each by engagement desc then id desc — plain queries, no computed sort field.
 * Title keys are a subset of search keys, so the first segment needs no `search_keys` condition.
 */
export function recipeListSegments(query: RecipeListQuery): ListSegment[] {
  const base = recipeFilter(query.filter);
  const { key, order } = query.sort;
  if (key !== 'relevance') {
    const direction = order === 'asc' ? 1 : -1;
    return [{ filter: base, sort: { [RECIPE_SORT_FIELDS[key]]: direction, _id: direction } }];
  }
  const keys = query.filter.searchKeys;
  // Without query words every recipe is a title match: relevance is engagement alone.
  if (keys.length === 0) return [{ filter: base, sort: BY_ENGAGEMENT }];
  const { search_keys: _all, ...withoutSearch } = base;
  const titleMatch: RecipeQueryFilter = { title_keys: { $all: [...keys] } };
  return [
    { filter: { ...withoutSearch, ...titleMatch }, sort: BY_ENGAGEMENT },
    { filter: { ...base, $nor: [titleMatch] }, sort: BY_ENGAGEMENT },
  ];
}

/** The export walk: the filter, ids after `afterId`, by id ascending. */
export function recipeWalkSegment(filter: RecipeFilter, afterId: string | null): ListSegment {
  const after: RecipeQueryFilter = afterId === null ? {} : { _id: { $gt: afterId } };
  return { filter: { ...recipeFilter(filter), ...after }, sort: { _id: 1 } };
}

/**
 * Recipes by external id. `$type` repeats the unique index's partial filter, so that MongoDB may use that index
 * (a partial index serves only queries that imply its filter).
 */
export const recipeExternalIdFilter = (externalIds: readonly string[]): RecipeQueryFilter => ({
  external_id: { $in: [...externalIds], $type: 'string' },
});
