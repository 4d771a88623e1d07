import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SALES_PLATFORMS, makeAuthenticate, recipeListQueryFrom, type Product, type ProductDeps } from '@larder/domain';
import {
  InMemoryProductRepository,
  InMemoryRecipeRepository,
  InMemoryUserRepository,
  ManualClock,
  plainTextHasher,
  sequentialIds,
} from '@larder/domain/testing';
import { createDemoUser, DEMO_EMAIL, isLibraryEmpty, loadSampleLibrary, SAMPLE_PRODUCTS, SAMPLE_RECIPES } from '../../src/sample-library/index.js';

function freshStore(salesPlatforms: readonly string[] = DEFAULT_SALES_PLATFORMS) {
  const deps = {
    recipes: new InMemoryRecipeRepository(),
    products: new InMemoryProductRepository(),
    users: new InMemoryUserRepository(),
    clock: new ManualClock(),
    ids: sequentialIds('sample'),
    salesPlatforms,
  };
  return deps;
}

async function allProducts(deps: ProductDeps): Promise<readonly Product[]> {
  return (await deps.products.list({}, { page: 1, perPage: 100 }))._unsafeUnwrap().items;
}

describe('sample library', () => {
  it('loads every sample recipe and product through the domain use cases without error', async () => {
    const deps = freshStore();
    const loaded = await loadSampleLibrary(deps);
    assert.ok(loaded.isOk(), loaded.isErr() ? JSON.stringify(loaded.error) : '');
    assert.deepEqual(loaded.value, { recipes: SAMPLE_RECIPES.length, products: SAMPLE_PRODUCTS.length });
    assert.ok(SAMPLE_RECIPES.length >= 30);
  });

  it('has one of each product type, a published one with sales and a lead magnet taken from email-ready recipes', async () => {
    const deps = freshStore();
    (await loadSampleLibrary(deps))._unsafeUnwrap();
    const products = await allProducts(deps);
    assert.deepEqual(new Set(products.map((product) => product.type)), new Set(['ebook', 'recipe_card_pack', 'meal_plan', 'lead_magnet']));
    const published = products.filter((product) => product.status === 'published');
    assert.ok(published.length >= 1);
    for (const product of published) assert.deepEqual(product.sales?.platforms, ['etsy', 'gumroad']);
    const magnet = products.find((product) => product.type === 'lead_magnet');
    assert.ok(magnet?.source_product_id);
    const recipes = (await deps.recipes.findByIds(magnet.recipe_ids))._unsafeUnwrap();
    assert.ok(recipes.length > 0 && recipes.every((recipe) => recipe.email_ready));
  });

  it('keeps every ingredient line, parsed into quantity, unit, name and note', async () => {
    const deps = freshStore();
    (await loadSampleLibrary(deps))._unsafeUnwrap();
    const page = (await deps.recipes.list(recipeListQueryFrom({}, { page: 1, perPage: 100 })))._unsafeUnwrap();
    const recipes = page.items;
    assert.equal(recipes.length, SAMPLE_RECIPES.length);
    for (const sample of SAMPLE_RECIPES) {
      const recipe = recipes.find((candidate) => candidate.external_id === sample.external_id);
      assert.ok(recipe, sample.external_id);
      assert.equal(recipe.ingredients.length, sample.ingredients.length);
      for (const ingredient of recipe.ingredients) assert.notEqual(ingredient.name.trim(), '', `${sample.title}: ${ingredient.text}`);
    }
    const salt = recipes.flatMap((recipe) => recipe.ingredients).find((ingredient) => ingredient.name === 'salt' && ingredient.note === 'to taste');
    assert.equal(salt?.quantity, null);
    const flour = recipes.flatMap((recipe) => recipe.ingredients).find((ingredient) => ingredient.text === '1 ½ cups all-purpose flour, sifted');
    assert.deepEqual([flour?.quantity, flour?.unit], [1.5, 'cup']);
  });

  it('spans cuisines, diets and meal types, and includes one recipe without servings', () => {
    const cuisines = new Set(SAMPLE_RECIPES.map((recipe) => recipe.cuisine));
    for (const cuisine of ['Italian', 'Mexican', 'Indian', 'Japanese', 'French', 'Thai', 'Moroccan', 'American', 'Greek']) {
      assert.ok(cuisines.has(cuisine), cuisine);
    }
    const tags = new Set(SAMPLE_RECIPES.flatMap((recipe) => recipe.dietary_tags));
    for (const tag of ['vegan', 'vegetarian', 'gluten-free', 'dairy-free']) assert.ok(tags.has(tag), tag);
    const meals = new Set<string>(SAMPLE_RECIPES.map((recipe) => recipe.meal_type));
    for (const meal of ['breakfast', 'lunch', 'dinner', 'dessert', 'snack']) assert.ok(meals.has(meal), meal);
    assert.ok(SAMPLE_RECIPES.some((recipe) => recipe.servings === null));
    assert.equal(new Set(SAMPLE_RECIPES.map((recipe) => recipe.external_id)).size, SAMPLE_RECIPES.length);
  });

  it('publishes to the configured platforms when SALES_PLATFORMS differs from the default', async () => {
    const deps = freshStore(['shopify']);
    (await loadSampleLibrary(deps))._unsafeUnwrap();
    const published = (await allProducts(deps)).filter((product) => product.status === 'published');
    assert.ok(published.length > 0 && published.every((product) => product.sales?.platforms.join() === 'shopify'));
  });

  it('knows an empty store from one that holds anything', async () => {
    const deps = freshStore();
    assert.equal((await isLibraryEmpty(deps))._unsafeUnwrap(), true);
    (await createDemoUser({ ...deps, hasher: plainTextHasher }))._unsafeUnwrap();
    assert.equal((await isLibraryEmpty(deps))._unsafeUnwrap(), false);
  });

  it('creates a demo user who can log in with the returned password, random unless one is given', async () => {
    const deps = { ...freshStore(), hasher: plainTextHasher };
    const random = (await createDemoUser(deps))._unsafeUnwrap();
    assert.equal(random?.email, DEMO_EMAIL);
    assert.ok((random?.password.length ?? 0) >= 16);
    assert.ok((await makeAuthenticate(deps)({ email: DEMO_EMAIL, password: random?.password ?? '' })).isOk());
    const other = { ...freshStore(), hasher: plainTextHasher };
    assert.deepEqual((await createDemoUser(other, 'try-the-larder'))._unsafeUnwrap(), { email: DEMO_EMAIL, password: 'try-the-larder' });
    assert.equal((await createDemoUser(other, 'another-password'))._unsafeUnwrap(), null);
  });
});
