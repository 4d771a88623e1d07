/**
 * Real-looking recipes for the documents bench: the sample library's recipes (written for this project), each in
 * several variations with its own title, description and notes, parsed and rendered by the domain like any import.
 */
import { createProduct, createRecipe, systemClock, type Product } from '@larder/domain';
import { InMemoryProductRepository, InMemoryRecipeRepository, sequentialIds } from '@larder/domain/testing';
import { SAMPLE_RECIPES } from '../packages/http-fastify/src/sample-library/index.js';

const VARIATIONS = [
  '', 'for a Crowd', 'the Sunday Version', 'with a Twist', 'My Grandmother’s Way', 'Weeknight Shortcut', 'Slow and Low',
  'Summer Edition', 'Winter Warmer', 'Café Style', 'Crème de la Crème', 'Smørrebrød Night', 'Fiesta Jalapeño', 'Straße Food',
];

/** The bench's recipe `index` as it would be posted to the API. */
export function benchRecipeInput(index: number) {
  const sample = SAMPLE_RECIPES[index % SAMPLE_RECIPES.length];
  if (sample === undefined) throw new Error('no sample recipes');
  const variation = VARIATIONS[Math.floor(index / SAMPLE_RECIPES.length) % VARIATIONS.length] ?? '';
  const { external_id: _externalId, ...input } = sample;
  return {
    ...input,
    title: variation === '' ? sample.title : `${sample.title}, ${variation}`,
    notes: `${sample.notes ?? 'Keeps for 2 days in the fridge.'} Variation ${index + 1}: taste as you go and adjust the salt by ½ tsp.`,
  };
}

export async function benchLibrary(recipeCount: number) {
  const deps = {
    recipes: new InMemoryRecipeRepository(),
    products: new InMemoryProductRepository(),
    clock: systemClock,
    ids: sequentialIds('bench'),
    salesPlatforms: ['etsy'],
  };
  const ids: string[] = [];
  for (let index = 0; index < recipeCount; index += 1) {
    const created = await createRecipe(deps)(benchRecipeInput(index));
    ids.push(created._unsafeUnwrap().id);
  }
  const product = async (type: 'ebook' | 'recipe_card_pack', count: number): Promise<Product> =>
    (await createProduct(deps)({ type, title: `The Big ${type === 'ebook' ? 'Book' : 'Card Pack'} of ${count} Recipes`, recipe_ids: ids.slice(0, count) }))._unsafeUnwrap();
  return { deps, product };
}
