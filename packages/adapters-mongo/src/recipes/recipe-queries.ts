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
 * `recipeMatchesFilter` without its text query, as a MongoDB filter. Documents carry no search keys (the search index
 * owns them), so a text query is matched by the adapter on the documents this filter reads. Array conditions are left
 * out when empty rather than sent as `$all: []`, which MongoDB matches against nothing and the emulator against
 * everything.
 */
export function recipeCandidatesFilter(filter: RecipeFilter): RecipeQueryFilter {
  const when = <T>(present: boolean, condition: T): T | object => (present ? condition : {});
  return {
    status: { $in: [...filter.statuses] },
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

/** One query of a listing: its matches, in this order, are the listing. */
export interface ListSegment {
  readonly filter: RecipeQueryFilter;
  readonly sort: RecipeQuerySort;
}

const BY_ENGAGEMENT: RecipeQuerySort = { engagement_score: -1, _id: -1 };

/**
 * The query of a listing without query words: the filter in the asked order; relevance without words is engagement
 * alone. A listing with query words reads `recipeCandidatesFilter` and is ordered by the adapter.
 */
export function recipeListSegment(query: RecipeListQuery): ListSegment {
  const { key, order } = query.sort;
  const filter = recipeCandidatesFilter(query.filter);
  if (key === 'relevance') return { filter, sort: BY_ENGAGEMENT };
  const direction = order === 'asc' ? 1 : -1;
  return { filter, sort: { [RECIPE_SORT_FIELDS[key]]: direction, _id: direction } };
}

/** The export walk: the filter's candidates, ids after `afterId`, by id ascending (a text query is checked by the adapter). */
export function recipeWalkSegment(filter: RecipeFilter, afterId: string | null): ListSegment {
  const after: RecipeQueryFilter = afterId === null ? {} : { _id: { $gt: afterId } };
  return { filter: { ...recipeCandidatesFilter(filter), ...after }, sort: { _id: 1 } };
}

/**
 * Recipes by external id. `$type` repeats the unique index's partial filter, so that MongoDB may use that index
 * (a partial index serves only queries that imply its filter).
 */
export const recipeExternalIdFilter = (externalIds: readonly string[]): RecipeQueryFilter => ({
  external_id: { $in: [...externalIds], $type: 'string' },
});

/** Recipes by source URL (a URL import's key), first by id. `$type` repeats the index's partial filter, as above. */
export const recipeSourceUrlFilter = (sourceUrl: string): RecipeQueryFilter => ({
  source_url: { $eq: sourceUrl, $type: 'string' },
});
export const RECIPE_SOURCE_URL_SORT = { _id: 1 } as const;

/**
 * One recipe by external id, for engines that read the whole collection for `$in` (FerretDB): `$eq` is what FerretDB
 * pushes down to PostgreSQL (`_jsonb -> 'external_id' @> '"…"'`, served by the GIN index of
 * `ensureFerretdbPostgresqlIndexes`); `$type` is for MongoDB's partial index as above (FerretDB checks it in Go).
 */
export const recipeExternalIdEqualityFilter = (externalId: string): RecipeQueryFilter => ({
  external_id: { $eq: externalId, $type: 'string' },
});
