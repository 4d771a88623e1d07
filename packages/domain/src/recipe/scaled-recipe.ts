import { err, ok, type Result } from 'neverthrow';
import type { NotScalable } from '../shared/errors.js';
import type { Recipe } from './recipe.js';
import { scaleIngredient, scalingFactor } from '../ingredient/scaling.js';

export interface Scaling {
  readonly base_servings: number;
  readonly servings: number;
  readonly factor: number;
}

export type ScaledRecipe = Recipe & { readonly scaling: Scaling };

export const MAX_SCALED_SERVINGS = 1000;

/** The recipe as it would be cooked for `servings`: quantities multiplied, text re-rendered. */
export function scaleRecipe(recipe: Recipe, servings: number): Result<ScaledRecipe, NotScalable> {
  if (recipe.servings === null) return err({ type: 'NotScalable', id: recipe.id });
  const factor = scalingFactor(recipe.servings, servings);
  return ok({
    ...recipe,
    servings,
    ingredients: recipe.ingredients.map((ingredient) => scaleIngredient(ingredient, factor)),
    scaling: { base_servings: recipe.servings, servings, factor },
  });
}
