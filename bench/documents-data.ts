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
    const created = await createRecipe(deps)(ordinaryRecipeInput(index));
    ids.push(created._unsafeUnwrap().id);
  }
  const product = async (type: 'ebook' | 'recipe_card_pack', count: number): Promise<Product> =>
    (await createProduct(deps)({ type, title: `The Big ${type === 'ebook' ? 'Book' : 'Card Pack'} of ${count} Recipes`, recipe_ids: ids.slice(0, count) }))._unsafeUnwrap();
  return { deps, product };
}

const INGREDIENT_LINES = [
  '2 tbsp olive oil', '30g unsalted butter', '1 large onion, finely chopped', '3 cloves garlic, crushed', '2 tbsp plain flour',
  '300 ml whole milk', '500 ml chicken stock', '400g tinned chopped tomatoes', '2 carrots, diced', '2 celery sticks, diced',
  '1 tsp fresh thyme leaves', '1 tsp smoked paprika', '½ tsp ground cumin', '1 lemon, zested and juiced',
  '1 bunch flat-leaf parsley, chopped', '50g Parmesan, grated', '1 tsp caster sugar', '3 eggs, beaten', '150 ml double cream',
  '200g red lentils, rinsed', '300g basmati rice', '150g frozen peas', '4 spring onions, sliced', '2 tbsp soy sauce',
  '1 tbsp fresh ginger, grated', '¼ tsp chilli flakes', '4 tbsp crème fraîche', '1 jalapeño, sliced', 'salt to taste',
];
const STEPS = [
  'Heat the oil in a wide, heavy pan over a medium flame, add the onion with a pinch of salt and cook gently, stirring now and then, until soft and golden.',
  'Stir in the garlic, ginger and spices and cook for a minute or two until fragrant, taking care that nothing catches on the bottom of the pan or turns bitter.',
  'Pour in the stock and tomatoes, scrape up anything stuck to the pan, then bring to a simmer and cook uncovered for 20 minutes until thickened and glossy.',
  'Meanwhile cook the rice in plenty of salted water for 12 minutes, drain it well, return it to the pot and leave it covered off the heat to steam dry.',
  'Whisk the eggs with the cream, the grated cheese and plenty of black pepper in a jug, then pour slowly into the pan while stirring so that it does not split.',
  'Taste and adjust the seasoning with salt, a squeeze of lemon and a little sugar if the sauce tastes sharp; loosen with a splash of water if it is too thick.',
  'Heat the oven to 200°C / 400°F, spread the vegetables on a lined tray in one layer and roast for 25 to 30 minutes, turning once, until charred at the edges.',
  'Scatter over the parsley, spring onions and lemon zest, rest for five minutes so the flavours settle, then serve straight from the pan with bread on the side.',
  'Fold the peas through for the last three minutes of cooking, just long enough to warm them, so that they keep their colour and a little of their bite.',
  'Spoon into warm bowls, finish each with a spoonful of crème fraîche and a few chilli flakes, and keep any leftovers in the fridge for up to two days.',
];

/**
 * A recipe of ordinary length, as a creator types one (issue 40): twelve ingredient lines, eight steps of about 150
 * characters, a two-sentence description and a note. The sample library's recipes are about half that.
 */
export function ordinaryRecipeInput(index: number) {
  const base = benchRecipeInput(index);
  const pick = <T>(list: readonly T[], at: number): T => list[at % list.length] as T;
  return {
    ...base,
    description: `${base.description} A dish that earns its place in the weekly rotation, generous enough to feed a table and easy to scale up for guests.`,
    ingredients: Array.from({ length: 12 }, (_, line) => pick(INGREDIENT_LINES, index * 7 + line * 2)),
    instructions: Array.from({ length: 8 }, (_, step) => pick(STEPS, index + step)),
    notes: `Keeps for 2 days in the fridge; reheat gently with a splash of water. Variation ${index + 1}: taste as you go and adjust the salt by ½ tsp.`,
  };
}
