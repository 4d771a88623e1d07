/**
 * The MongoDB queries a recipe listing runs, as pure values: the repository executes them and the index test checks
 * every one of them against the declared indexes, so a query without a serving index fails the build.
 */
import type { Filter } from 'mongodb';
import { hasFuzzySearch, relevanceGroupOfKeys, type RecipeFilter, type RecipeListQuery, type RecipeSortField } from '@larder/domain';
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

type KeyField = 'search_keys' | 'title_keys';

/** Every query key in `field`. */
const exactSearch = (field: KeyField, filter: RecipeFilter): RecipeQueryFilter => ({ [field]: { $all: [...filter.searchKeys] } });

/**
 * Every query word in `field` as itself or within a typo: per word, one `$in` of its key and its typo keys. The
 * words with the fewest keys come first (a short word has none but its own): an engine that scans (the embedded
 * one) tests the cheap condition first and stops there for most recipes — measured on the bench's 501 recipes,
 * `chicken lem` costs the engine 18 ms of CPU instead of 31. The matches are the same in any order.
 */
function looseSearch(field: KeyField, filter: RecipeFilter): RecipeQueryFilter {
  const fuzzy = filter.fuzzyKeys ?? [];
  const words = filter.searchKeys
    .map((key, index) => [key, ...(fuzzy[index] ?? [])])
    .sort((a, b) => a.length - b.length)
    .map((keys): RecipeQueryFilter => ({ [field]: { $in: keys } }));
  return words.length === 1 && words[0] !== undefined ? words[0] : { $and: words };
}

/**
 * `recipeMatchesFilter` without its text query, as a MongoDB filter. Array conditions are left out when empty rather
 * than sent as `$all: []`, which MongoDB matches against nothing and the emulator against everything.
 */
function attributeFilter(filter: RecipeFilter): RecipeQueryFilter {
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

/**
 * The text condition, then the attributes: a scanning engine tests a document's conditions in this order and stops at
 * the first that fails, and the text condition is the one that rules out most recipes (measured on the embedded
 * engine: 13 ms of CPU for `chicken lem` over 501 recipes, 18 ms with the status condition first). An index-using
 * engine plans the same either way.
 */
const textFirst = (text: RecipeQueryFilter, attributes: RecipeQueryFilter): RecipeQueryFilter => ({ ...text, ...attributes });

/** `recipeMatchesFilter` as a MongoDB filter: exact and fuzzy matches alike. */
export function recipeFilter(filter: RecipeFilter): RecipeQueryFilter {
  const attributes = attributeFilter(filter);
  if (filter.searchKeys.length === 0) return attributes;
  return textFirst(hasFuzzySearch(filter) ? looseSearch('search_keys', filter) : exactSearch('search_keys', filter), attributes);
}

/** One query of a listing: its matches, in this order, make up one contiguous run of the result. */
export interface ListSegment {
  readonly filter: RecipeQueryFilter;
  readonly sort: RecipeQuerySort;
  /** Its matches are fuzzy ones (one typo away). */
  readonly fuzzy: boolean;
}

const BY_ENGAGEMENT: RecipeQuerySort = { engagement_score: -1, _id: -1 };

/**
 * The segments whose concatenation is the listing. Relevance is up to four segments, the groups of
 * `relevanceGroup`: exact title matches, other exact matches (`$nor` the first), fuzzy title matches (`$nor` every
 * exact match), other fuzzy matches; each by engagement desc then id desc — plain queries, no computed sort field.
 * Title keys are a subset of search keys, so a title segment needs no `search_keys` condition.
 */
export function recipeListSegments(query: RecipeListQuery): ListSegment[] {
  const { filter } = query;
  const { key, order } = query.sort;
  if (key !== 'relevance') {
    const direction = order === 'asc' ? 1 : -1;
    return [{ filter: recipeFilter(filter), sort: { [RECIPE_SORT_FIELDS[key]]: direction, _id: direction }, fuzzy: false }];
  }
  const attributes = attributeFilter(filter);
  // Without query words every recipe is a title match: relevance is engagement alone.
  if (filter.searchKeys.length === 0) return [{ filter: attributes, sort: BY_ENGAGEMENT, fuzzy: false }];
  const exactTitle = exactSearch('title_keys', filter);
  const exactAll = exactSearch('search_keys', filter);
  const exact: ListSegment[] = [
    { filter: textFirst(exactTitle, attributes), sort: BY_ENGAGEMENT, fuzzy: false },
    { filter: { ...textFirst(exactAll, attributes), $nor: [exactTitle] }, sort: BY_ENGAGEMENT, fuzzy: false },
  ];
  if (!hasFuzzySearch(filter)) return exact;
  const looseTitle = looseSearch('title_keys', filter);
  return [
    ...exact,
    { filter: { ...textFirst(looseTitle, attributes), $nor: [exactAll] }, sort: BY_ENGAGEMENT, fuzzy: true },
    { filter: { ...textFirst(looseSearch('search_keys', filter), attributes), $nor: [exactAll, looseTitle] }, sort: BY_ENGAGEMENT, fuzzy: true },
  ];
}

/**
 * A search's every match (exact and fuzzy alike) in one query, in the order that serves its page when the matches
 * are few: by engagement for relevance (the adapter then orders them by `relevanceGroupOf`, a stable partition
 * that gives exactly the segments' concatenation), in the asked order for a sort. Undefined without query words.
 */
export function recipeSearchSegment(query: RecipeListQuery): ListSegment | undefined {
  if (query.filter.searchKeys.length === 0) return undefined;
  const [segment] = query.sort.key === 'relevance' ? [{ filter: recipeFilter(query.filter), sort: BY_ENGAGEMENT, fuzzy: false }] : recipeListSegments(query);
  return segment;
}

/** A stored recipe's search keys, as the adapter classifies a match it has read. */
export interface StoredSearchKeys {
  readonly search_keys: readonly string[];
  readonly title_keys: readonly string[];
}

/**
 * Which of relevance's segments (0 to 3, see `recipeListSegments`) a matching document belongs to, from the keys
 * it stores: the same conditions as the segments' filters, tested in memory.
 */
export function relevanceGroupOf(document: StoredSearchKeys, filter: RecipeFilter): number {
  return relevanceGroupOfKeys({ title: new Set(document.title_keys), all: new Set(document.search_keys) }, filter);
}

/**
 * The fuzzy matches of a listing sorted by a field (one segment of exact and fuzzy matches alike), to be counted
 * for the response; undefined when the segments tell them apart already or there can be none.
 */
export function recipeFuzzyCountFilter(query: RecipeListQuery): RecipeQueryFilter | undefined {
  return query.sort.key === 'relevance' ? undefined : recipeFuzzyMatchesFilter(query.filter);
}

/** A search's fuzzy matches (every word within a typo, not every word exactly), to be counted; undefined when there can be none. */
export function recipeFuzzyMatchesFilter(filter: RecipeFilter): RecipeQueryFilter | undefined {
  if (!hasFuzzySearch(filter)) return undefined;
  return { ...textFirst(looseSearch('search_keys', filter), attributeFilter(filter)), $nor: [exactSearch('search_keys', filter)] };
}

/** The export walk: the filter, ids after `afterId`, by id ascending. */
export function recipeWalkSegment(filter: RecipeFilter, afterId: string | null): ListSegment {
  const after: RecipeQueryFilter = afterId === null ? {} : { _id: { $gt: afterId } };
  return { filter: { ...recipeFilter(filter), ...after }, sort: { _id: 1 }, fuzzy: false };
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
