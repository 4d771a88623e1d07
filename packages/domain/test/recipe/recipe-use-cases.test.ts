import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  archiveRecipe,
  createRecipe,
  getRecipe,
  getScaledRecipe,
  listRecipes,
  updateRecipe,
} from '../../src/recipe/recipe-use-cases.js';
import { recipeListQueryFrom } from '../../src/recipe/recipe-query.js';
import { makeDeps } from '../deps.js';

describe('recipe use cases', () => {
  it('creates a recipe with version 1 and equal timestamps', async () => {
    const deps = makeDeps();
    const recipe = (await createRecipe(deps)({ title: 'Soup', servings: 4 }))._unsafeUnwrap();
    assert.equal(recipe.version, 1);
    assert.equal(recipe.created_at.getTime(), recipe.updated_at.getTime());
    assert.deepEqual((await getRecipe(deps)(recipe.id))._unsafeUnwrap(), recipe);
  });

  it('refuses a duplicate external_id', async () => {
    const deps = makeDeps();
    await createRecipe(deps)({ title: 'A', external_id: 'x1' });
    const clash = await createRecipe(deps)({ title: 'B', external_id: 'x1' });
    assert.equal(clash._unsafeUnwrapErr().type, 'DuplicateExternalId');
  });

  it('changes only the given fields and bumps the version once per change', async () => {
    const deps = makeDeps();
    const recipe = (await createRecipe(deps)({ title: 'Soup', notes: 'n', servings: 4 }))._unsafeUnwrap();
    const changed = (await updateRecipe(deps)({ id: recipe.id, changes: { servings: 6 } }))._unsafeUnwrap();
    assert.deepEqual([changed.servings, changed.notes, changed.title, changed.version], [6, 'n', 'Soup', 2]);
    assert.ok(changed.updated_at > recipe.updated_at);
    const same = (await updateRecipe(deps)({ id: recipe.id, changes: { servings: 6 } }))._unsafeUnwrap();
    assert.equal(same.version, 2, 'a change that changes nothing is not a new version');
  });

  it('fails a change pinned to a stale version and changes nothing', async () => {
    const deps = makeDeps();
    const recipe = (await createRecipe(deps)({ title: 'Soup' }))._unsafeUnwrap();
    await updateRecipe(deps)({ id: recipe.id, changes: { title: 'Stew' } });
    const stale = await updateRecipe(deps)({ id: recipe.id, ifMatch: 1, changes: { title: 'Broth' } });
    assert.deepEqual(stale._unsafeUnwrapErr(), { type: 'PreconditionFailed', expected: 1, actual: 2 });
    assert.equal((await getRecipe(deps)(recipe.id))._unsafeUnwrap().title, 'Stew');
  });

  it('loses no field when writers change different fields concurrently', async () => {
    const deps = makeDeps();
    const recipe = (await createRecipe(deps)({ title: 'Soup' }))._unsafeUnwrap();
    const fields = ['notes', 'cuisine', 'season', 'meal_type', 'description', 'collection_id'] as const;
    const results = await Promise.all(fields.map((field) => updateRecipe(deps)({ id: recipe.id, changes: { [field]: `set-${field}` } })));
    assert.ok(results.every((result) => result.isOk()));
    const final = (await getRecipe(deps)(recipe.id))._unsafeUnwrap();
    for (const field of fields) assert.equal(final[field], `set-${field}`);
    assert.equal(final.version, 1 + fields.length);
  });

  it('archives idempotently, and a status change restores', async () => {
    const deps = makeDeps();
    const recipe = (await createRecipe(deps)({ title: 'Soup' }))._unsafeUnwrap();
    const archived = (await archiveRecipe(deps)({ id: recipe.id }))._unsafeUnwrap();
    assert.equal(archived.status, 'archived');
    assert.ok(archived.archived_at !== null);
    const again = (await archiveRecipe(deps)({ id: recipe.id }))._unsafeUnwrap();
    assert.deepEqual(again, archived);
    const listed = (await listRecipes(deps)(recipeListQueryFrom({}, { page: 1, perPage: 20 })))._unsafeUnwrap();
    assert.equal(listed.total, 0, 'archived recipes are not listed by default');
    const restored = (await updateRecipe(deps)({ id: recipe.id, changes: { status: 'draft' } }))._unsafeUnwrap();
    assert.deepEqual([restored.status, restored.archived_at, restored.version], ['draft', null, 3]);
  });

  it('reports unknown ids', async () => {
    const deps = makeDeps();
    assert.deepEqual((await getRecipe(deps)('nope'))._unsafeUnwrapErr(), { type: 'RecipeNotFound', id: 'nope' });
    assert.equal((await archiveRecipe(deps)({ id: 'nope' }))._unsafeUnwrapErr().type, 'RecipeNotFound');
    assert.equal((await updateRecipe(deps)({ id: 'nope', changes: {} }))._unsafeUnwrapErr().type, 'RecipeNotFound');
  });

  it('scales a recipe with base servings, and refuses one without', async () => {
    const deps = makeDeps();
    const soup = (await createRecipe(deps)({ title: 'Soup', servings: 4, ingredients: ['1 cup stock', 'salt to taste'] }))._unsafeUnwrap();
    const scaled = (await getScaledRecipe(deps)(soup.id, 6))._unsafeUnwrap();
    assert.deepEqual(scaled.scaling, { base_servings: 4, servings: 6, factor: 1.5 });
    assert.equal(scaled.servings, 6);
    assert.equal(scaled.ingredients[0]?.quantity, 1.5);
    assert.deepEqual(scaled.ingredients[1], soup.ingredients[1]);
    const plain = (await createRecipe(deps)({ title: 'Toast' }))._unsafeUnwrap();
    assert.deepEqual((await getScaledRecipe(deps)(plain.id, 2))._unsafeUnwrapErr(), { type: 'NotScalable', id: plain.id });
    assert.equal((await getScaledRecipe(deps)(soup.id, 0))._unsafeUnwrapErr().type, 'ValidationFailed');
  });

  it('reports an unreachable store as a value', async () => {
    const deps = makeDeps();
    deps.recipes.unavailable = true;
    assert.equal((await createRecipe(deps)({ title: 'x' }))._unsafeUnwrapErr().type, 'StoreUnavailable');
  });
});
