import type { Ingredient } from '../ingredient/ingredient.js';
import type { Recipe } from '../recipe/recipe.js';

let counter = 0;

export const ingredient = (name: string, quantity: number | null = null, unit: string | null = null): Ingredient => ({
  quantity,
  quantity_max: null,
  unit,
  name,
  note: null,
  text: [quantity, unit, name].filter((part) => part !== null).join(' '),
});

/** A complete, valid recipe; every field can be overridden. Ids and timestamps increase with each call. */
export function recipeFixture(overrides: Partial<Recipe> = {}): Recipe {
  counter += 1;
  const created = new Date(Date.UTC(2026, 0, 1) + counter * 1000);
  return {
    id: `recipe-${String(counter).padStart(6, '0')}`,
    title: `Recipe ${counter}`,
    description: null,
    ingredients: [ingredient('flour', 2, 'cup')],
    instructions: ['Mix.', 'Bake.'],
    notes: null,
    servings: 4,
    prep_time_minutes: 10,
    cook_time_minutes: 30,
    dietary_tags: [],
    cuisine: null,
    meal_type: null,
    season: null,
    collection_id: null,
    status: 'active',
    email_ready: false,
    engagement_score: 0,
    image_url: null,
    source_url: null,
    external_id: null,
    created_at: created,
    updated_at: created,
    archived_at: null,
    version: 1,
    ...overrides,
  };
}
