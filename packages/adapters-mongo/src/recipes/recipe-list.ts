import type { Collection } from 'mongodb';
import type { EngineCapabilities } from '../engine/capabilities.js';
import { offsetOf, type Recipe, type RecipeListQuery, type RecipePage } from '@larder/domain';
import { toRecipe, type RecipeDocument } from './recipe-document.js';
import { recipeFuzzyCountFilter, recipeListSegments, type ListSegment } from './recipe-queries.js';

async function read(recipes: Collection<RecipeDocument>, segment: ListSegment, skip: number, limit: number): Promise<Recipe[]> {
  const documents = await recipes.find(segment.filter).sort(segment.sort).skip(skip).limit(limit).toArray();
  return documents.map(toRecipe);
}

/**
 * One page of a listing made of consecutive segments (see `recipeListSegments`). Every segment is counted, and the
 * first one read, concurrently; a later segment is read only when the page runs past the ones before it, with its
 * skip reduced by their counts. A single-segment listing is thus one find and one count in parallel.
 */
export async function listRecipes(recipes: Collection<RecipeDocument>, query: RecipeListQuery, can: EngineCapabilities): Promise<RecipePage> {
  const segments = recipeListSegments(query);
  const fuzzyCountFilter = recipeFuzzyCountFilter(query);
  const offset = offsetOf(query.page);
  const limit = query.page.perPage;
  // The domain stores no text with U+0000, so a filter value holding one matches nothing; an engine that cannot
  // even compare such a string (FerretDB on PostgreSQL) is not asked.
  if (!can.nulInStrings && JSON.stringify(query.filter).includes('\\u0000')) return { items: [], total: 0, fuzzyMatches: 0, page: query.page.page, perPage: limit };
  const [first, ...rest] = segments;
  if (first === undefined) throw new Error('a listing has at least one segment');
  const [counts, firstItems, sortedFuzzyCount] = await Promise.all([
    Promise.all(segments.map((segment) => recipes.countDocuments(segment.filter))),
    read(recipes, first, offset, limit),
    fuzzyCountFilter === undefined ? 0 : recipes.countDocuments(fuzzyCountFilter),
  ]);
  const items = [...firstItems];
  let before = counts[0] ?? 0;
  for (const [index, segment] of rest.entries()) {
    // `limit(0)` would mean "no limit" to MongoDB: stop as soon as the page is full.
    if (items.length >= limit) break;
    items.push(...(await read(recipes, segment, Math.max(0, offset - before), limit - items.length)));
    before += counts[index + 1] ?? 0;
  }
  const total = counts.reduce((sum, count) => sum + count, 0);
  const fuzzyMatches = segments.reduce((sum, segment, index) => sum + (segment.fuzzy ? (counts[index] ?? 0) : 0), sortedFuzzyCount);
  return { items, total, fuzzyMatches, page: query.page.page, perPage: limit };
}
