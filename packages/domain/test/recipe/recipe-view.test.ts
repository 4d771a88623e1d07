import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRecipe } from '../../src/recipe/recipe-use-cases.js';
import { getRecipeView } from '../../src/recipe/recipe-view.js';
import { makeDeps } from '../deps.js';

describe('recipe view in units', () => {
  it('converts after scaling, keeps the original text and says the units when asked for them', async () => {
    const deps = makeDeps();
    const id = (await createRecipe(deps)({ title: 'Pancakes', servings: 2, ingredients: ['1 cup milk', '2 eggs', '100 g flour'] }))._unsafeUnwrap().id;
    const view = (await getRecipeView(deps)(id, { servings: 4, units: 'metric' }))._unsafeUnwrap();
    assert.equal(view.units, 'metric');
    assert.deepEqual(view.scaling, { base_servings: 2, servings: 4, factor: 2 });
    assert.deepEqual(view.ingredients.map((line) => [line.text, line.original_text]), [['480 ml milk', '2 cups milk'], ['4 eggs', undefined], ['200 g flour', undefined]]);
    const us = (await getRecipeView(deps)(id, { units: 'us' }))._unsafeUnwrap();
    assert.deepEqual(us.ingredients.map((line) => line.text), ['1 cup milk', '2 eggs', '3 ½ ounces flour']);
    assert.equal(us.scaling, undefined);
    assert.equal((await getRecipeView(deps)(id, { units: 'original' }))._unsafeUnwrap().units, 'original');
    assert.equal((await getRecipeView(deps)(id))._unsafeUnwrap().units, undefined, 'a plain read is the recipe as stored');
  });

  it('refuses unknown units', async () => {
    const deps = makeDeps();
    const id = (await createRecipe(deps)({ title: 'T' }))._unsafeUnwrap().id;
    assert.deepEqual((await getRecipeView(deps)(id, { units: 'imperial' }))._unsafeUnwrapErr(), { type: 'ValidationFailed', issues: [{ pointer: '/units', message: 'must be one of original, metric, us' }] });
  });
});
