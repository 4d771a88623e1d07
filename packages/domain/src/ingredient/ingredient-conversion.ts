/**
 * An ingredient line in the units a cook asked for: `units=metric` turns `1 ½ cups milk` into `360 ml milk`,
 * `units=us` turns `500 g flour` into `1 ⅛ pounds flour`. Lines already in that system, counts, containers and
 * unknown units come back as they are; a converted line keeps what the recipe said as `original_text`.
 */
import type { Ingredient } from './ingredient.js';
import { withRenderedText } from './quantity-format.js';
import { expressAmount, measuredUnit, type UnitsChoice } from './unit-conversion.js';

export type ConvertedIngredient = Ingredient & { readonly original_text?: string };

export function convertIngredient(ingredient: Ingredient, units: UnitsChoice): ConvertedIngredient {
  if (units === 'original' || ingredient.quantity === null) return ingredient;
  const measured = measuredUnit(ingredient.unit);
  if (measured === undefined || measured.system === units) return ingredient;
  const high = ingredient.quantity_max === null ? null : ingredient.quantity_max * measured.size;
  const amount = expressAmount(ingredient.quantity * measured.size, high, measured.measure, units, { converted: true });
  const converted = withRenderedText({ ...amount, name: ingredient.name, note: ingredient.note }, ingredient.section);
  return { ...converted, original_text: ingredient.text };
}
