/**
 * Scaling ingredients to a number of servings. Quantities are multiplied exactly and then cleaned (see
 * `cleanQuantity`), never rounded to what the text shows, so scaling by k and back by 1/k returns the stored
 * quantities and repeated scaling does not drift; only the rendered `text` is rounded for the cook.
 */
import type { Ingredient } from './ingredient.js';
import { cleanQuantity } from './quantity.js';
import { withRenderedText } from './quantity-format.js';

/**
 * The factor that takes a recipe from `baseServings` to `servings`. Both must be positive finite numbers; anything
 * else is a caller's bug (the recipe and query validations guarantee it), hence an exception rather than a result.
 */
export function scalingFactor(baseServings: number, servings: number): number {
  if (!(Number.isFinite(baseServings) && baseServings > 0 && Number.isFinite(servings) && servings > 0)) {
    throw new RangeError(`cannot scale from ${baseServings} to ${servings} servings`);
  }
  return servings / baseServings;
}

/** A quantity multiplied by the factor, without floating-point noise (`0.1 × 3` is `0.3`, not `0.30000000000000004`). */
export function scaleQuantity(quantity: number, factor: number): number {
  return cleanQuantity(quantity * factor);
}

/** The ingredient for `factor` times the amount; lines without a quantity (`salt to taste`) are returned as they are. */
export function scaleIngredient(ingredient: Ingredient, factor: number): Ingredient {
  if (ingredient.quantity === null || factor === 1) return ingredient;
  const parts = {
    quantity: scaleQuantity(ingredient.quantity, factor),
    quantity_max: ingredient.quantity_max === null ? null : scaleQuantity(ingredient.quantity_max, factor),
    unit: ingredient.unit,
    name: ingredient.name,
    note: ingredient.note,
  };
  return withRenderedText(parts, ingredient.section);
}

/** Every ingredient of a list scaled by the same factor, in order. */
export function scaleIngredients(ingredients: readonly Ingredient[], factor: number): Ingredient[] {
  return ingredients.map((ingredient) => scaleIngredient(ingredient, factor));
}
