import type { Collection } from 'mongodb';
import type { EngineCapabilities } from '../engine/capabilities.js';
import { offsetOf, recipeComparator, recipeMatchesFilter, recipeSearchMatch, type Recipe, type RecipeFilter, type RecipeListQuery, type RecipePage } from '@larder/domain';
import { toRecipe, type RecipeDocument } from './recipe-document.js';
import { recipeCandidatesFilter, recipeListSegment, recipeWalkSegment } from './recipe-queries.js';

/** Documents a cursor brings per round trip when the adapter reads candidates for a text query. */
const CANDIDATE_BATCH = 1_000;

/**
 * One page of a listing. Without query words: one find and one count in parallel, filtered and ordered by the
 * database (`recipeListSegment`). With query words: the documents carry no search keys (the search index owns them,
 * and listings at scale go through it), so the adapter reads the filter's candidates, keeps those whose text
 * matches (`recipeMatchesFilter`, the contract's reference), orders them (`recipeComparator`) and takes the page.
 * That reads every candidate: right, and meant for a small library or the minutes before the index is built.
 */
export async function listRecipes(recipes: Collection<RecipeDocument>, query: RecipeListQuery, can: EngineCapabilities): Promise<RecipePage> {
  const offset = offsetOf(query.page);
  const limit = query.page.perPage;
  // The domain stores no text with U+0000, so a filter value holding one matches nothing; an engine that cannot
  // even compare such a string (FerretDB on PostgreSQL) is not asked.
  if (!can.nulInStrings && JSON.stringify(query.filter).includes('\\u0000')) return { items: [], total: 0, fuzzyMatches: 0, page: query.page.page, perPage: limit };
  if (query.filter.searchKeys.length > 0) {
    const matches = await matching(recipes, query.filter);
    matches.sort(recipeComparator(query.sort, query.filter));
    return {
      items: matches.slice(offset, offset + limit),
      total: matches.length,
      fuzzyMatches: matches.filter((recipe) => recipeSearchMatch(recipe, query.filter) === 'fuzzy').length,
      page: query.page.page,
      perPage: limit,
    };
  }
  const { filter, sort } = recipeListSegment(query);
  // `limit(0)` would mean "no limit" to MongoDB.
  const [documents, total] = await Promise.all([
    limit <= 0 ? [] : recipes.find(filter).sort(sort).skip(offset).limit(limit).toArray(),
    recipes.countDocuments(filter),
  ]);
  return { items: documents.map(toRecipe), total, fuzzyMatches: 0, page: query.page.page, perPage: limit };
}

/** Every recipe the filter matches, its text query included, in no particular order. */
async function matching(recipes: Collection<RecipeDocument>, filter: RecipeFilter): Promise<Recipe[]> {
  const found: Recipe[] = [];
  for await (const document of recipes.find(recipeCandidatesFilter(filter), { batchSize: CANDIDATE_BATCH })) {
    const recipe = toRecipe(document);
    if (recipeMatchesFilter(recipe, filter)) found.push(recipe);
  }
  return found;
}

/**
 * Up to `limit` recipes matching the filter with ids after `afterId`, by id: the database walks the candidates in id
 * order and the adapter keeps those whose text matches, stopping once it has `limit` of them.
 */
export async function listRecipesAfter(recipes: Collection<RecipeDocument>, filter: RecipeFilter, afterId: string | null, limit: number): Promise<Recipe[]> {
  if (limit <= 0) return [];
  const segment = recipeWalkSegment(filter, afterId);
  if (filter.searchKeys.length === 0) return (await recipes.find(segment.filter).sort(segment.sort).limit(limit).toArray()).map(toRecipe);
  const found: Recipe[] = [];
  const cursor = recipes.find(segment.filter, { batchSize: Math.min(CANDIDATE_BATCH, Math.max(limit, 100)) }).sort(segment.sort);
  try {
    for await (const document of cursor) {
      const recipe = toRecipe(document);
      if (recipeMatchesFilter(recipe, filter)) found.push(recipe);
      if (found.length >= limit) break;
    }
  } finally {
    await cursor.close();
  }
  return found;
}
