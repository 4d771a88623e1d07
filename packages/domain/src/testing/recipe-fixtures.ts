import type { Ingredient } from '../ingredient/ingredient.js';
import type { Photo } from '../media/photo.js';
import type { Recipe } from '../recipe/recipe.js';

let counter = 0;

export const ingredient = (name: string, quantity: number | null = null, unit: string | null = null): Ingredient => ({
  quantity,
  quantity_max: null,
  unit,
  name,
  note: null,
  text: [quantity, unit, name].filter((part) => part !== null).join(' '),
  section: null,
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
    photo: null,
    created_at: created,
    updated_at: created,
    archived_at: null,
    version: 1,
    ...overrides,
  };
}

/** A photo as the pipeline records one (`seed` makes its hashes differ); its files are not stored anywhere. */
export function examplePhoto(seed: string): Photo {
  // Hex digits only (`seed` is one or more of them): names the media route would accept.
  const file = (width: number, ext: string) => `/media/${`${seed}${ext === 'jpg' ? 'e' : 'b'}${width}`.padEnd(64, '0')}.${ext}`;
  const variants = [320, 800].flatMap((width) => [
    { url: file(width, 'webp'), width, height: Math.round(width * 0.75), format: 'webp' as const },
    { url: file(width, 'jpg'), width, height: Math.round(width * 0.75), format: 'jpeg' as const },
  ]);
  return { url: variants[3]?.url ?? '', width: 800, height: 600, variants };
}
