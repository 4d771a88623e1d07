/**
 * The list/search query of the contract, as a value the repositories execute, and its reference semantics as pure
 * functions (used by the in-memory repository and by the contract suites that every adapter must pass).
 */
import type { PageRequest } from '../shared/pagination.js';
import { foldText, matchKeys, recipeKeySets, searchQuery, type KeyMatch, type RecipeKeySets } from '../search/search-terms.js';
import { facetKey, type Recipe, type RecipeStatus } from './recipe.js';

export const RECIPE_SORT_KEYS = ['created_at', 'updated_at', 'engagement_score', 'title'] as const;
export type RecipeSortField = (typeof RECIPE_SORT_KEYS)[number];
/**
 * `relevance` is the default with a text query: exact title matches, other exact matches, then fuzzy matches (one
 * typo away) in the title, then the other fuzzy matches; within each, engagement_score desc.
 */
export type RecipeSortKey = RecipeSortField | 'relevance';
export type SortOrder = 'asc' | 'desc';

export interface RecipeFilter {
  /** Search keys every recipe must contain (see `queryKeys`); empty means no text search. */
  readonly searchKeys: readonly string[];
  /**
   * Per search key (same order), the keys of words one typo away (see `searchQuery`): a recipe that has, for every
   * search key, the key or one of these matches too, as a fuzzy match. Absent or all empty: exact matching only.
   */
  readonly fuzzyKeys?: readonly (readonly string[])[];
  /** Lower-case; the recipe has all of them. */
  readonly dietaryTags: readonly string[];
  /** Facets in `facetKey` form. */
  readonly cuisine?: string;
  readonly mealType?: string;
  readonly season?: string;
  readonly collectionId?: string;
  readonly maxCookTimeMinutes?: number;
  readonly statuses: readonly RecipeStatus[];
  readonly emailReady?: boolean;
}

export interface RecipeSort {
  readonly key: RecipeSortKey;
  readonly order: SortOrder;
}

export interface RecipeListQuery {
  readonly filter: RecipeFilter;
  readonly sort: RecipeSort;
  readonly page: PageRequest;
}

/** The list parameters of the contract, already type-checked (by the HTTP schema or the CLI's options). */
export interface RecipeListParams {
  readonly q?: string;
  readonly dietary_tags?: readonly string[];
  readonly cuisine?: string;
  readonly meal_type?: string;
  readonly season?: string;
  readonly collection_id?: string;
  readonly max_cook_time_minutes?: number;
  readonly status?: RecipeStatus;
  readonly email_ready?: boolean;
  readonly sort?: RecipeSortField;
  readonly order?: SortOrder;
}

export function recipeFilterFrom(params: RecipeListParams): RecipeFilter {
  const search = params.q === undefined ? { exact: [], fuzzy: [] } : searchQuery(params.q);
  const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
    (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
  return {
    searchKeys: search.exact,
    ...optional('fuzzyKeys', search.fuzzy.some((keys) => keys.length > 0) ? search.fuzzy : undefined),
    dietaryTags: [...new Set((params.dietary_tags ?? []).map((tag) => tag.trim().toLocaleLowerCase('en-US')).filter(Boolean))],
    ...optional('cuisine', params.cuisine === undefined ? undefined : facetKey(params.cuisine)),
    ...optional('mealType', params.meal_type === undefined ? undefined : facetKey(params.meal_type)),
    ...optional('season', params.season === undefined ? undefined : facetKey(params.season)),
    ...optional('collectionId', params.collection_id),
    ...optional('maxCookTimeMinutes', params.max_cook_time_minutes),
    statuses: params.status === undefined ? ['active', 'draft'] : [params.status],
    ...optional('emailReady', params.email_ready),
  };
}

export function recipeSortFrom(params: Pick<RecipeListParams, 'sort' | 'order'>, hasSearch: boolean): RecipeSort {
  if (params.sort === undefined) {
    return hasSearch ? { key: 'relevance', order: 'desc' } : { key: 'created_at', order: params.order ?? 'desc' };
  }
  return { key: params.sort, order: params.order ?? (params.sort === 'title' ? 'asc' : 'desc') };
}

export function recipeListQueryFrom(params: RecipeListParams, page: PageRequest): RecipeListQuery {
  const filter = recipeFilterFrom(params);
  return { filter, sort: recipeSortFrom(params, filter.searchKeys.length > 0), page };
}

/** The case-insensitive form that `title` sorts on. */
export const titleSortKey = (title: string): string => foldText(title).trim();

const facetMatches = (value: string | null, wanted: string | undefined): boolean =>
  wanted === undefined || (value !== null && facetKey(value) === wanted);

export function recipeMatchesFilter(recipe: Recipe, filter: RecipeFilter): boolean {
  if (!filter.statuses.includes(recipe.status)) return false;
  if (!filter.dietaryTags.every((tag) => recipe.dietary_tags.includes(tag))) return false;
  if (!facetMatches(recipe.cuisine, filter.cuisine)) return false;
  if (!facetMatches(recipe.meal_type, filter.mealType)) return false;
  if (!facetMatches(recipe.season, filter.season)) return false;
  if (filter.collectionId !== undefined && recipe.collection_id !== filter.collectionId) return false;
  if (filter.maxCookTimeMinutes !== undefined) {
    if (recipe.cook_time_minutes === null || recipe.cook_time_minutes > filter.maxCookTimeMinutes) return false;
  }
  if (filter.emailReady !== undefined && recipe.email_ready !== filter.emailReady) return false;
  return filter.searchKeys.length === 0 || recipeSearchMatch(recipe, filter) !== 'none';
}

export type SearchFilter = Pick<RecipeFilter, 'searchKeys' | 'fuzzyKeys'>;

/** How a recipe answers the filter's text query, in all its searched text (`exact` when there is no query). */
export const recipeSearchMatch = (recipe: Recipe, filter: SearchFilter): KeyMatch =>
  matchKeys(recipeKeySets(recipe).all, filter.searchKeys, filter.fuzzyKeys);

/** Whether the filter has fuzzy keys at all: with none, every match is exact. */
export const hasFuzzySearch = (filter: SearchFilter): boolean => (filter.fuzzyKeys ?? []).some((keys) => keys.length > 0);

/**
 * Relevance groups, best first: every word exactly in the title, exactly anywhere, within a typo in the title,
 * within a typo anywhere.
 */
export function relevanceGroup(recipe: Recipe, filter: SearchFilter): number {
  return relevanceGroupOfKeys(recipeKeySets(recipe), filter);
}

/**
 * `relevanceGroup` from a recipe's key sets (its title keys, and all its keys), for a store that holds the keys
 * rather than the recipe.
 */
export function relevanceGroupOfKeys(keys: RecipeKeySets, filter: SearchFilter): number {
  if (matchKeys(keys.title, filter.searchKeys) === 'exact') return 0;
  if (matchKeys(keys.all, filter.searchKeys) === 'exact') return 1;
  return matchKeys(keys.title, filter.searchKeys, filter.fuzzyKeys) === 'none' ? 3 : 2;
}

const compareValues = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);
const compareIds = (a: Recipe, b: Recipe): number => compareValues(a.id, b.id);

/**
 * The total order of a listing. Ties are broken by id in the direction of the sort, so a store can serve both
 * directions from one index and pages never overlap or skip.
 */
export function recipeComparator(sort: RecipeSort, search: SearchFilter): (a: Recipe, b: Recipe) => number {
  const direction = sort.order === 'asc' ? 1 : -1;
  switch (sort.key) {
    case 'relevance': {
      // A sort compares each recipe many times; find each one's group once.
      const groups = new Map<Recipe, number>();
      const group = (recipe: Recipe): number => {
        let found = groups.get(recipe);
        if (found === undefined) groups.set(recipe, (found = relevanceGroup(recipe, search)));
        return found;
      };
      return (a, b) => group(a) - group(b) || b.engagement_score - a.engagement_score || -compareIds(a, b);
    }
    case 'title': {
      // One sort compares each title many times; fold each once.
      const folded = new Map<string, string>();
      const keyOf = (title: string): string => {
        let key = folded.get(title);
        if (key === undefined) folded.set(title, (key = titleSortKey(title)));
        return key;
      };
      return (a, b) => direction * (compareValues(keyOf(a.title), keyOf(b.title)) || compareIds(a, b));
    }
    case 'engagement_score':
      return (a, b) => direction * (a.engagement_score - b.engagement_score || compareIds(a, b));
    case 'created_at':
    case 'updated_at': {
      const field = sort.key;
      return (a, b) => direction * (a[field].getTime() - b[field].getTime() || compareIds(a, b));
    }
  }
}
