/**
 * Dietary tags are read from a column of bits, one for each of the first 32 tags the index meets; a library with
 * more tags than that still filters by every one of them (the rest read from the recipe), and by a tag nobody has.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { recipeComparator, recipeListQueryFrom, recipeMatchesFilter } from '../../src/recipe/recipe-query.js';
import { RecipeIndex } from '../../src/search/recipe-index.js';
import { recipeFixture } from '../../src/testing/index.js';

const TAGS = Array.from({ length: 40 }, (_, index) => `tag-${index}`);

describe('RecipeIndex: filters by dietary tag', () => {
  it('finds the recipes with every wanted tag, past the 32 tags that have a bit', () => {
    const tags = fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 4 });
    const wanted = fc.uniqueArray(fc.constantFrom(...TAGS, 'tag-none'), { minLength: 1, maxLength: 2 });
    fc.assert(
      fc.property(fc.shuffledSubarray(TAGS, { minLength: TAGS.length }), fc.array(tags, { minLength: 1 }), fc.array(fc.tuple(fc.nat(), tags)), wanted, (met, library, changes, dietaryTags) => {
        const index = new RecipeIndex();
        // Every tag met, in a random order, so that which 32 tags get a bit varies.
        const recipes = [...met.map((tag) => recipeFixture({ dietary_tags: [tag] })), ...library.map((dietary_tags) => recipeFixture({ dietary_tags }))];
        for (const recipe of recipes) index.put(recipe);
        for (const [target, dietary_tags] of changes) {
          const at = target % recipes.length;
          const changed = { ...(recipes[at] as (typeof recipes)[number]), dietary_tags };
          recipes[at] = changed;
          index.put(changed);
        }
        const query = recipeListQueryFrom({ dietary_tags: dietaryTags, sort: 'title' }, { page: 1, perPage: 100 });
        const expected = recipes.filter((recipe) => recipeMatchesFilter(recipe, query.filter)).sort(recipeComparator(query.sort, query.filter));
        const page = index.list(query.filter, query.sort, 0, 100);
        assert.deepEqual(
          page.items.map((recipe) => recipe.id),
          expected.map((recipe) => recipe.id),
        );
        assert.equal(page.total, expected.length);
      }),
      { numRuns: 200 },
    );
  });
});
