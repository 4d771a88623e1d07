import type { Collection } from 'mongodb';
import type { EngineCapabilities } from '../engine/capabilities.js';
import { offsetOf, type Recipe, type RecipeListQuery, type RecipePage } from '@larder/domain';
import { toRecipe, type RecipeDocument } from './recipe-document.js';
import { recipeFuzzyCountFilter, recipeFuzzyMatchesFilter, recipeListSegments, recipeSearchSegment, relevanceGroupOf, type ListSegment } from './recipe-queries.js';

/**
 * A search whose page ends within this many matches first reads its matches in one query, up to one past the page's
 * end: when that is all of them (the usual search of a small library: a few matches), it is the whole answer (order,
 * page, `total`, fuzzy count) without the segments' four counts and reads. On the embedded engine, which scans the
 * collection once per query, that is one scan instead of up to eight.
 */
const ONE_QUERY_SPAN = 100;

async function read(recipes: Collection<RecipeDocument>, segment: ListSegment, skip: number, limit: number): Promise<Recipe[]> {
  const documents = await recipes.find(segment.filter).sort(segment.sort).skip(skip).limit(limit).toArray();
  return documents.map(toRecipe);
}

/**
 * One page of a listing made of consecutive segments (see `recipeListSegments`). A search whose page ends within
 * `ONE_QUERY_SPAN` first reads its matches up to one past the page's end (`recipeSearchSegment`): when there are no
 * more, that read is the answer; when there are more and the listing is sorted by a field, or relevance's exact
 * title matches among them fill the page, it is the page, and only the counts remain. Otherwise every segment is counted, and the first one read, concurrently; a later segment is
 * read only when the page runs past the ones before it, with its skip reduced by their counts. A single-segment
 * listing is thus one find and one count in parallel.
 */
export async function listRecipes(recipes: Collection<RecipeDocument>, query: RecipeListQuery, can: EngineCapabilities): Promise<RecipePage> {
  const segments = recipeListSegments(query);
  const fuzzyCountFilter = recipeFuzzyCountFilter(query);
  const offset = offsetOf(query.page);
  const limit = query.page.perPage;
  // The domain stores no text with U+0000, so a filter value holding one matches nothing; an engine that cannot
  // even compare such a string (FerretDB on PostgreSQL) is not asked.
  if (!can.nulInStrings && JSON.stringify(query.filter).includes('\\u0000')) return { items: [], total: 0, fuzzyMatches: 0, page: query.page.page, perPage: limit };
  const search = recipeSearchSegment(query);
  if (search !== undefined && offset + limit <= ONE_QUERY_SPAN) {
    const documents = await recipes.find(search.filter).sort(search.sort).limit(offset + limit + 1).toArray();
    if (documents.length <= offset + limit) return wholeSearch(documents, query, offset, limit);
    if (query.sort.key !== 'relevance') {
      // The asked order is the query's: the page is in hand, only the counts are missing.
      const [total, fuzzyMatches] = await Promise.all([
        recipes.countDocuments(search.filter),
        fuzzyCountFilter === undefined ? 0 : recipes.countDocuments(fuzzyCountFilter),
      ]);
      return { items: documents.slice(offset, offset + limit).map(toRecipe), total, fuzzyMatches, page: query.page.page, perPage: limit };
    }
    // Relevance: the exact title matches among these are the first of their segment (every one ranked above the
    // last read is in hand). When they fill the page, it is theirs, and only the counts remain.
    const titleMatches = documents.filter((document) => relevanceGroupOf(document, query.filter) === 0);
    if (titleMatches.length >= offset + limit) {
      const fuzzyMatchesFilter = recipeFuzzyMatchesFilter(query.filter);
      const [total, fuzzyMatches] = await Promise.all([
        recipes.countDocuments(search.filter),
        fuzzyMatchesFilter === undefined ? 0 : recipes.countDocuments(fuzzyMatchesFilter),
      ]);
      return { items: titleMatches.slice(offset, offset + limit).map(toRecipe), total, fuzzyMatches, page: query.page.page, perPage: limit };
    }
  }
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

/** The page of a search from all its matches (read in the query's order): relevance partitions them into its groups. */
function wholeSearch(documents: readonly RecipeDocument[], query: RecipeListQuery, offset: number, limit: number): RecipePage {
  const grouped = documents.map((document) => ({ document, group: relevanceGroupOf(document, query.filter) }));
  // A stable sort: within a group, the engagement order the query read them in.
  const ordered = query.sort.key === 'relevance' ? grouped.sort((a, b) => a.group - b.group) : grouped;
  return {
    items: ordered.slice(offset, offset + limit).map(({ document }) => toRecipe(document)),
    total: documents.length,
    // Groups 2 and 3 are the fuzzy matches (a query without typo keys has none: every match is exact).
    fuzzyMatches: grouped.filter(({ group }) => group >= 2).length,
    page: query.page.page,
    perPage: limit,
  };
}
