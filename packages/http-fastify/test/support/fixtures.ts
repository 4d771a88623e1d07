import type { Recipe } from '@larder/domain';
import type { Harness } from './harness.js';

/** Creates a recipe through the API and returns it. */
export async function createRecipe(h: Harness, body: Record<string, unknown> = {}): Promise<Recipe & { version: number }> {
  const response = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Pancakes', servings: 2, ...body } });
  if (response.statusCode !== 201) throw new Error(`recipe not created: ${response.body}`);
  return response.json();
}

export interface ProductBody {
  id: string;
  type: string;
  status: string;
  title: string;
  recipe_ids: string[];
  days: unknown;
  sales: { platforms: string[]; price_cents: number; currency: string } | null;
  source_product_id: string | null;
  published_at: string | null;
  version: number;
}

export async function createEbook(h: Harness, recipeIds: string[], title = 'Weeknight Dinners'): Promise<ProductBody> {
  const response = await h.request({ method: 'POST', url: '/api/products', body: { type: 'ebook', title, recipe_ids: recipeIds } });
  if (response.statusCode !== 201) throw new Error(`product not created: ${response.body}`);
  return response.json();
}
