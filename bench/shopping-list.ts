/**
 * Time to build the shopping list of a 31-day meal plan with 4 meals a day (124 meals) from the sample library's
 * recipes, on the in-memory store: the whole use case (read the product and its recipes, scale each meal to its
 * servings, merge, convert, sort). Target: under 20 ms (the median of the timed runs, after warm-up).
 *
 *   pnpm --filter @larder/bench run shopping-list     (or: cd bench && pnpm run shopping-list)
 */
import { performance } from 'node:perf_hooks';
import { createProduct, createRecipe, getProductShoppingList, systemClock, UNITS_CHOICES } from '@larder/domain';
import { InMemoryProductRepository, InMemoryRecipeRepository, sequentialIds } from '@larder/domain/testing';
import { SAMPLE_RECIPES } from '../packages/http-fastify/src/sample-library/index.js';

const TARGET_MS = 20;
const WARM_UP = 50;
const RUNS = 200;
const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'];

const deps = { recipes: new InMemoryRecipeRepository(), products: new InMemoryProductRepository(), clock: systemClock, ids: sequentialIds('bench'), salesPlatforms: ['etsy'] };
const recipeIds: string[] = [];
for (const sample of SAMPLE_RECIPES) {
  const created = await createRecipe(deps)({ ...sample, status: 'active' });
  if (created.isErr()) throw new Error(`sample recipe ${sample.external_id}: ${JSON.stringify(created.error)}`);
  recipeIds.push(created.value.id);
}

// Every meal a different recipe in turn, at 1 to 6 servings, so scaling and merging both work.
const days = Array.from({ length: 31 }, (_, day) => ({
  day: day + 1,
  meals: MEAL_TYPES.map((meal_type, meal) => ({
    meal_type,
    recipe_id: recipeIds[(day * MEAL_TYPES.length + meal) % recipeIds.length] ?? '',
    servings: 1 + ((day + meal) % 6),
  })),
}));
const plan = await createProduct(deps)({ type: 'meal_plan', title: 'A month of meals', days });
if (plan.isErr()) throw new Error(`meal plan: ${JSON.stringify(plan.error)}`);
const shoppingList = getProductShoppingList(deps);

const meals = days.reduce((total, day) => total + day.meals.length, 0);
const lines = { items: 0, counted: 0 };
let worstMedian = 0;
for (const units of UNITS_CHOICES) {
  for (let run = 0; run < WARM_UP; run += 1) await shoppingList(plan.value.id, units);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const list = await shoppingList(plan.value.id, units);
    times.push(performance.now() - start);
    if (list.isErr()) throw new Error(JSON.stringify(list.error));
    lines.items = list.value.items.length;
    lines.counted = list.value.items.reduce((total, item) => total + item.lines.length, 0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? NaN;
  const p95 = times[Math.floor(times.length * 0.95)] ?? NaN;
  worstMedian = Math.max(worstMedian, median);
  console.log(`units=${units.padEnd(8)} median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${RUNS} runs after ${WARM_UP} warm-up)`);
}
console.log(`${meals} meals, ${SAMPLE_RECIPES.length} sample recipes, ${lines.counted} ingredient lines merged into ${lines.items} items`);
console.log(`shopping list of a 31-day, 4-meal plan: ${worstMedian.toFixed(2)} ms (slowest median of the three units), target < ${TARGET_MS} ms: ${worstMedian < TARGET_MS ? 'met' : 'NOT met'}`);
