/** Documents built through the domain from fixture products and recipes, as the service builds them. */
import { buildProductDocument, type DocumentBrand, type DocumentOptions, type Product, type ProductDocument, type Recipe } from '@larder/domain';
import { ingredient, productFixture, recipeFixture } from '@larder/domain/testing';

/** Every character the contract names, in Latin-script text. */
export const CONTRACT_CHARACTERS = ['½', '⅓', '¼', '⅛', '¾', '⅔', '–', '°', '×', 'é', 'ñ', 'ü', 'ç', 'ø', 'ß'] as const;

const line = (text: string) => ({ ...ingredient(text), text });

export const glyphRecipe = (): Recipe =>
  recipeFixture({
    title: 'Crème brûlée for Søren, Müller & Peña',
    description: 'Crisp sugar over a set custard — façade of ß and ø.',
    ingredients: [line('½ cup crème fraîche'), line('⅓ cup caster sugar'), line('¼ teaspoon salt'), line('⅛ teaspoon nutmeg'), line('¾ cup double cream'), line('⅔ cup jalapeño milk'), line('2–3 vanilla pods'), line('4 × 100 g ramekins')],
    instructions: ['Heat the oven to 150 °C.', 'Bake for 35–40 minutes in a bain-marie.', 'Chill, then brûlée: über-crisp, façade, smørrebrød, Straße.'],
    notes: 'Serve at 4 °C. Piñata optional.',
    dietary_tags: ['vegetarian', 'gluten-free'],
  });

export const longRecipe = (steps = 24): Recipe =>
  recipeFixture({
    title: 'Slow-Cooked Festival Cassoulet with Confit Duck, Toulouse Sausage and Tarbais Beans',
    description: 'A two-day project that rewards every minute of it.',
    ingredients: Array.from({ length: 22 }, (_, index) => line(`${index + 1} ½ cups ingredient number ${index + 1}, finely chopped`)),
    instructions: Array.from({ length: steps }, (_, index) => `Step ${index + 1}: stir the beans gently over a low heat, skimming as you go, until the liquid has reduced by a third and coats the back of a spoon.`),
    notes: 'Keeps for three days in the fridge; it is better on the second.',
  });

/** A creator's brand, with characters a PDF's metadata and an EPUB's XML must carry intact. */
export const BRAND: DocumentBrand = { name: 'Maple & Thyme Kitchen — Søren’s', website_url: 'https://mapleandthyme.example/?from=book&lang=en', color: '#2f6b4f' };

export function document(type: Product['type'], recipes: readonly Recipe[], options: Partial<DocumentOptions> = {}, extra: Partial<Product> = {}, brand: DocumentBrand | null = null): ProductDocument {
  const product = productFixture({
    type,
    title: `A ${type.replace(/_/g, ' ')}: Crème & Co. ½`,
    description: 'Fixture product for the renderer tests.',
    recipe_ids: recipes.map((recipe) => recipe.id),
    days: type === 'meal_plan' ? recipes.map((recipe, index) => ({ day: index + 1, meals: [{ meal_type: 'dinner', recipe_id: recipe.id }] })) : null,
    ...extra,
  });
  const shoppingList = type === 'meal_plan' ? recipes.flatMap((recipe) => recipe.ingredients.map((item) => ({ text: item.text, aisle: 'pantry' as const }))) : [];
  return buildProductDocument({
    product,
    recipes,
    sourceProduct: null,
    shoppingList,
    options: { format: 'pdf', page_size: type === 'recipe_card_pack' ? '4x6' : 'a4', units: 'original', ...options },
    brand,
  });
}

/**
 * A one-recipe ebook titled `title`, without its generated cover: the render pool's tests steer their misbehaving
 * worker by the title (`support/misbehaving-worker.ts`), and their time limits are about the pool, not about drawing
 * pictures (a first render in a fresh thread would also load sharp for it).
 */
export function titledBook(title: string): ProductDocument {
  const { generated_cover: _cover, ...model } = document('ebook', [recipeFixture()]);
  return { ...model, title_page: { ...model.title_page, title } };
}
