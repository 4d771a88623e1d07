import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errAsync, type ResultAsync } from 'neverthrow';
import { findRecipesInPieces, RECIPES_PER_READ, type Recipe, type StoreUnavailable } from '../../src/index.js';
import { InMemoryRecipeRepository, recipeFixture } from '../../src/testing/index.js';

describe('findRecipesInPieces', () => {
  it('reads many ids as calls of at most RECIPES_PER_READ ids each, and finds every recipe once', async () => {
    const store = new InMemoryRecipeRepository();
    const ids: string[] = [];
    for (let index = 0; index < 120; index += 1) {
      const recipe = recipeFixture({ title: `Recipe ${index}` });
      ids.push(recipe.id);
      (await store.insert(recipe))._unsafeUnwrap();
    }
    const calls: number[] = [];
    const counting = { findByIds: (asked: readonly string[]) => (calls.push(asked.length), store.findByIds(asked)) };
    const found = (await findRecipesInPieces(counting, [...ids, 'missing']))._unsafeUnwrap();
    assert.deepEqual(found.map((recipe) => recipe.id).sort(), [...ids].sort());
    assert.deepEqual(calls, [RECIPES_PER_READ, RECIPES_PER_READ, 121 - 2 * RECIPES_PER_READ]);
  });

  it('stops at the first piece the store cannot read, with its error', async () => {
    let calls = 0;
    const failing = {
      findByIds: (): ResultAsync<Recipe[], StoreUnavailable> => {
        calls += 1;
        return errAsync({ type: 'StoreUnavailable', message: 'down' });
      },
    };
    const result = await findRecipesInPieces(failing, Array.from({ length: 200 }, (_, index) => `r-${index}`));
    assert.equal(result._unsafeUnwrapErr().type, 'StoreUnavailable');
    assert.equal(calls, 1);
  });
});
