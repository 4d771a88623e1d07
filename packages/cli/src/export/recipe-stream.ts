import type { Recipe, RecipeFilter, RecipeRepository, StoreUnavailable } from '@larder/domain';
import type { Result } from 'neverthrow';

/**
 * Every recipe matching `filter`, by id, fetched a page at a time with keyset paging (`listAfter`), so an export
 * holds one page in memory and never skips or repeats a recipe when others are added meanwhile. Yields a
 * `StoreUnavailable` error as its last item if the store fails part way.
 */
export async function* recipesMatching(
  recipes: Pick<RecipeRepository, 'listAfter'>,
  filter: RecipeFilter,
  pageSize = 500,
): AsyncIterable<Result<Recipe, StoreUnavailable>> {
  let afterId: string | null = null;
  for (;;) {
    const page = await recipes.listAfter(filter, afterId, pageSize);
    if (page.isErr()) {
      yield page.map(() => undefined as never);
      return;
    }
    for (const recipe of page.value) yield page.map(() => recipe);
    const last = page.value.at(-1);
    if (last === undefined || page.value.length < pageSize) return;
    afterId = last.id;
  }
}
