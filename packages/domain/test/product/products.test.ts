import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResultAsync } from 'neverthrow';
import { archiveRecipe, createRecipe } from '../../src/recipe/recipe-use-cases.js';
import { createProduct, generateLeadMagnet, listProducts, publishProduct, updateProduct } from '../../src/product/product-use-cases.js';
import { makeDeps } from '../deps.js';
import { RECIPES_PER_READ } from '../../src/recipe/recipe-repository.js';

async function library(count = 3, extra: Record<string, unknown> = {}) {
  const deps = makeDeps();
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push((await createRecipe(deps)({ title: `Recipe ${index}`, ...extra }))._unsafeUnwrap().id);
  }
  return { deps, ids };
}

const errorOf = async <T, E extends { type: string }>(result: ResultAsync<T, E>) => (await result)._unsafeUnwrapErr().type;

describe('products', () => {
  it('creates an ebook as a draft with its recipes in order', async () => {
    const { deps, ids } = await library();
    const ebook = (await createProduct(deps)({ type: 'ebook', title: 'Book', recipe_ids: [ids[2], ids[0]] }))._unsafeUnwrap();
    assert.deepEqual([ebook.status, ebook.version, ebook.days, ebook.sales], ['draft', 1, null, null]);
    assert.deepEqual(ebook.recipe_ids, [ids[2], ids[0]]);
  });

  it('derives a meal plan\'s recipes from its days, distinct, in order of first use', async () => {
    const { deps, ids } = await library();
    const [a, b] = ids as [string, string];
    const plan = (
      await createProduct(deps)({
        type: 'meal_plan',
        title: 'Week',
        days: [
          { day: 2, meals: [{ meal_type: 'Dinner', recipe_id: b }, { meal_type: 'lunch', recipe_id: a }] },
          { day: 1, meals: [{ meal_type: 'lunch', recipe_id: b }] },
        ],
      })
    )._unsafeUnwrap();
    assert.deepEqual(plan.recipe_ids, [b, a]);
    assert.equal(plan.days?.[0]?.meals[0]?.meal_type, 'dinner');
  });

  it('checks a large ebook\'s recipes in reads of at most RECIPES_PER_READ ids, each short on a slow engine', async () => {
    const { deps, ids } = await library(RECIPES_PER_READ * 2 + 3);
    const asked: number[] = [];
    const findByIds = deps.recipes.findByIds.bind(deps.recipes);
    deps.recipes.findByIds = (wanted) => (asked.push(wanted.length), findByIds(wanted));
    const ebook = (await createProduct(deps)({ type: 'ebook', title: 'Big', recipe_ids: ids }))._unsafeUnwrap();
    assert.deepEqual(ebook.recipe_ids, ids);
    assert.deepEqual(asked, [RECIPES_PER_READ, RECIPES_PER_READ, 3]);
    const missing = await errorOf(createProduct(deps)({ type: 'ebook', title: 'Gone', recipe_ids: [...ids, 'no-such-recipe'] }));
    assert.equal(missing, 'UnknownRecipe');
  });

  it('refuses lead magnets, duplicates, unknown and archived recipes on create', async () => {
    const { deps, ids } = await library();
    const [a, b] = ids as [string, string];
    assert.equal(await errorOf(createProduct(deps)({ type: 'lead_magnet', title: 'x', recipe_ids: [a] })), 'ValidationFailed');
    assert.equal(await errorOf(createProduct(deps)({ type: 'ebook', title: 'x', recipe_ids: [a, a] })), 'ValidationFailed');
    assert.equal(await errorOf(createProduct(deps)({ type: 'ebook', title: 'x', recipe_ids: [] })), 'ValidationFailed');
    assert.equal(await errorOf(createProduct(deps)({ type: 'ebook', title: 'x', recipe_ids: [a], days: [] })), 'ValidationFailed');
    assert.deepEqual((await createProduct(deps)({ type: 'ebook', title: 'x', recipe_ids: [a, 'ghost'] }))._unsafeUnwrapErr(), { type: 'UnknownRecipe', ids: ['ghost'] });
    await archiveRecipe(deps)({ id: b });
    assert.deepEqual((await createProduct(deps)({ type: 'recipe_card_pack', title: 'x', recipe_ids: [a, b] }))._unsafeUnwrapErr(), { type: 'RecipeArchived', ids: [b] });
  });

  it('keeps a recipe archived since it was added, but refuses newly adding one', async () => {
    const { deps, ids } = await library(3);
    const [a, b, c] = ids as [string, string, string];
    const ebook = (await createProduct(deps)({ type: 'ebook', title: 'Book', recipe_ids: [a, b] }))._unsafeUnwrap();
    await archiveRecipe(deps)({ id: b });
    await archiveRecipe(deps)({ id: c });
    const kept = (await updateProduct(deps)({ id: ebook.id, changes: { recipe_ids: [b, a] } }))._unsafeUnwrap();
    assert.deepEqual(kept.recipe_ids, [b, a]);
    assert.equal(await errorOf(updateProduct(deps)({ id: ebook.id, changes: { recipe_ids: [a, c] } })), 'RecipeArchived');
  });

  it('moves through statuses: unpublish, archive, restore; published only by publishing', async () => {
    const { deps, ids } = await library(1);
    const ebook = (await createProduct(deps)({ type: 'ebook', title: 'Book', recipe_ids: ids }))._unsafeUnwrap();
    assert.equal(await errorOf(updateProduct(deps)({ id: ebook.id, changes: { status: 'published' } })), 'InvalidState');
    const sales = { platforms: ['etsy'], price_cents: 999, currency: 'usd' };
    const published = (await publishProduct(deps)({ id: ebook.id, sales }))._unsafeUnwrap();
    assert.equal(published.status, 'published');
    const draft = (await updateProduct(deps)({ id: ebook.id, changes: { status: 'draft' } }))._unsafeUnwrap();
    assert.equal(draft.status, 'draft');
    const archived = (await updateProduct(deps)({ id: ebook.id, changes: { status: 'archived' } }))._unsafeUnwrap();
    assert.equal(archived.status, 'archived');
    assert.equal(await errorOf(updateProduct(deps)({ id: ebook.id, changes: { title: 'New' } })), 'InvalidState');
    assert.equal(await errorOf(publishProduct(deps)({ id: ebook.id, sales })), 'InvalidState');
    const restored = (await updateProduct(deps)({ id: ebook.id, changes: { status: 'draft', title: 'New' } }))._unsafeUnwrap();
    assert.deepEqual([restored.status, restored.title], ['draft', 'New']);
  });

  it('publishes with price rules by type and keeps the first publication time', async () => {
    const { deps, ids } = await library(1, { email_ready: true });
    const ebook = (await createProduct(deps)({ type: 'ebook', title: 'Book', recipe_ids: ids }))._unsafeUnwrap();
    const free = { platforms: ['gumroad'], price_cents: 0, currency: 'EUR' };
    assert.deepEqual((await publishProduct(deps)({ id: ebook.id, sales: free }))._unsafeUnwrapErr(), { type: 'RuleViolation', detail: 'an ebook must cost more than 0' });
    assert.equal(await errorOf(publishProduct(deps)({ id: ebook.id, sales: { ...free, price_cents: 100, platforms: ['amazon'] } })), 'ValidationFailed');
    assert.equal(await errorOf(publishProduct(deps)({ id: ebook.id, sales: { ...free, price_cents: 100, currency: 'XYZ' } })), 'ValidationFailed');
    assert.equal(await errorOf(publishProduct(deps)({ id: ebook.id, ifMatch: 7, sales: { ...free, price_cents: 100 } })), 'PreconditionFailed');
    const first = (await publishProduct(deps)({ id: ebook.id, sales: { platforms: ['etsy'], price_cents: 1500, currency: 'gbp' } }))._unsafeUnwrap();
    assert.deepEqual(first.sales, { platforms: ['etsy'], price_cents: 1500, currency: 'GBP' });
    const again = (await publishProduct(deps)({ id: ebook.id, sales: { platforms: ['etsy', 'gumroad'], price_cents: 1200, currency: 'GBP' } }))._unsafeUnwrap();
    assert.equal(again.sales?.price_cents, 1200);
    assert.deepEqual(again.published_at, first.published_at);
    const magnet = (await generateLeadMagnet(deps)({ sourceId: ebook.id, request: undefined }))._unsafeUnwrap();
    assert.equal(await errorOf(publishProduct(deps)({ id: magnet.id, sales: { ...free, price_cents: 100 } })), 'RuleViolation');
    assert.equal((await publishProduct(deps)({ id: magnet.id, sales: free }))._unsafeUnwrap().status, 'published');
  });

  it('refuses to publish a product without recipes', async () => {
    const { deps } = await library(0);
    const plan = (await createProduct(deps)({ type: 'meal_plan', title: 'Empty', days: [{ day: 1, meals: [] }] }))._unsafeUnwrap();
    assert.equal(await errorOf(publishProduct(deps)({ id: plan.id, sales: { platforms: ['etsy'], price_cents: 100, currency: 'USD' } })), 'RuleViolation');
  });

  it('generates a lead magnet from email-ready, non-archived recipes in source order', async () => {
    const deps = makeDeps();
    const make = async (title: string, emailReady: boolean) =>
      (await createRecipe(deps)({ title, email_ready: emailReady }))._unsafeUnwrap().id;
    const ids = [await make('a', true), await make('b', false), await make('c', true), await make('d', true), await make('e', true)];
    const pack = (await createProduct(deps)({ type: 'recipe_card_pack', title: 'Cards', description: 'Good', recipe_ids: [...ids].reverse() }))._unsafeUnwrap();
    await archiveRecipe(deps)({ id: ids[3] ?? '' });
    const magnet = (await generateLeadMagnet(deps)({ sourceId: pack.id, request: { max_recipes: 2 } }))._unsafeUnwrap();
    assert.deepEqual(magnet.recipe_ids, [ids[4], ids[2]]);
    assert.deepEqual([magnet.type, magnet.status, magnet.source_product_id, magnet.title, magnet.description], ['lead_magnet', 'draft', pack.id, 'Cards — Free Sample', 'Good']);
    const titled = (await generateLeadMagnet(deps)({ sourceId: pack.id, request: { title: 'Taster' } }))._unsafeUnwrap();
    assert.deepEqual([titled.title, titled.recipe_ids.length], ['Taster', 3]);
  });

  it('refuses lead magnets from the wrong type, an archived source, or no eligible recipe', async () => {
    const { deps, ids } = await library(2);
    const plan = (await createProduct(deps)({ type: 'meal_plan', title: 'P', days: [{ day: 1, meals: [{ meal_type: 'lunch', recipe_id: ids[0] }] }] }))._unsafeUnwrap();
    assert.deepEqual((await generateLeadMagnet(deps)({ sourceId: plan.id, request: {} }))._unsafeUnwrapErr(), {
      type: 'NotEligible',
      detail: 'a lead magnet is generated from an ebook or a recipe card pack, not a meal plan',
    });
    const ebook = (await createProduct(deps)({ type: 'ebook', title: 'B', recipe_ids: ids }))._unsafeUnwrap();
    assert.equal(await errorOf(generateLeadMagnet(deps)({ sourceId: ebook.id, request: {} })), 'NotEligible');
    assert.equal(await errorOf(generateLeadMagnet(deps)({ sourceId: ebook.id, request: { max_recipes: 21 } })), 'ValidationFailed');
    await updateProduct(deps)({ id: ebook.id, changes: { status: 'archived' } });
    assert.equal(await errorOf(generateLeadMagnet(deps)({ sourceId: ebook.id, request: {} })), 'InvalidState');
    assert.equal(await errorOf(generateLeadMagnet(deps)({ sourceId: 'ghost', request: {} })), 'ProductNotFound');
  });

  it('lists newest first with filters', async () => {
    const { deps, ids } = await library(1);
    const first = (await createProduct(deps)({ type: 'ebook', title: 'One', recipe_ids: ids }))._unsafeUnwrap();
    const second = (await createProduct(deps)({ type: 'recipe_card_pack', title: 'Two', recipe_ids: ids }))._unsafeUnwrap();
    const all = (await listProducts(deps)({}, { page: 1, perPage: 10 }))._unsafeUnwrap();
    assert.deepEqual(all.items.map((product) => product.id), [second.id, first.id]);
    const ebooks = (await listProducts(deps)({ type: 'ebook' }, { page: 1, perPage: 10 }))._unsafeUnwrap();
    assert.deepEqual(ebooks.items.map((product) => product.id), [first.id]);
  });
});
