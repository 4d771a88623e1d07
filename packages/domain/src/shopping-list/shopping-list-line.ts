/**
 * One ingredient line as a shopping list counts it: which item it belongs to (its ingredient key and what its amount
 * measures) and its amount in a unit it can be added up in.
 */
import type { Ingredient } from '../ingredient/ingredient.js';
import { ingredientKey } from '../ingredient/ingredient-key.js';
import { measuredUnit, type Measure, type MeasureSystem } from '../ingredient/unit-conversion.js';

/**
 * What an amount measures: a weight or a volume (any unit of either, converted), one count unit with itself
 * (`clove`, `tin`, `pinch`, a unit outside the table), a plain count (`2 onions`, and `2 dozen eggs` as 24), or
 * nothing (`salt to taste`, and a vague amount such as `a pinch of salt`).
 */
export type LineDimension =
  | { readonly kind: 'measure'; readonly measure: Measure; readonly system: MeasureSystem }
  | { readonly kind: 'unit'; readonly unit: string }
  | { readonly kind: 'count' }
  | { readonly kind: 'none' };

export interface CountedLine {
  readonly key: string;
  /** The ingredient key and the dimension: lines with the same group add up. */
  readonly group: string;
  readonly dimension: LineDimension;
  /**
   * The amount in grams or millilitres for a measure, in items for a count (a dozen is 12), else in the line's own
   * unit; null without an amount.
   */
  readonly low: number | null;
  readonly high: number | null;
  /** The line's unit; null for a count (`dozen` included). */
  readonly unit: string | null;
  readonly name: string;
  readonly text: string;
  readonly recipe_id: string;
}

// Units that are a number of items: counted as that many items, with plain counts (`2 dozen eggs` and `6 eggs`).
const ITEMS_IN: ReadonlyMap<string, number> = new Map([['dozen', 12]]);

function dimensionOf(ingredient: Ingredient): LineDimension {
  if (ingredient.quantity === null) return { kind: 'none' };
  const measured = measuredUnit(ingredient.unit);
  if (measured !== undefined) return { kind: 'measure', measure: measured.measure, system: measured.system };
  return ingredient.unit === null || ITEMS_IN.has(ingredient.unit) ? { kind: 'count' } : { kind: 'unit', unit: ingredient.unit };
}

function dimensionId(dimension: LineDimension): string {
  switch (dimension.kind) {
    case 'measure':
      return dimension.measure;
    case 'unit':
      return `unit:${dimension.unit}`;
    case 'count':
    case 'none':
      return dimension.kind;
  }
}

export function countedLine(ingredient: Ingredient, recipeId: string): CountedLine {
  const key = ingredientKey(ingredient.name);
  const dimension = dimensionOf(ingredient);
  const items = ingredient.unit === null ? undefined : ITEMS_IN.get(ingredient.unit);
  const size = items ?? measuredUnit(ingredient.unit)?.size ?? 1;
  const scaled = (quantity: number | null) => (quantity === null ? null : quantity * size);
  return {
    key,
    group: `${key}|${dimensionId(dimension)}`,
    dimension,
    low: scaled(ingredient.quantity),
    high: scaled(ingredient.quantity_max),
    unit: items === undefined ? ingredient.unit : null,
    name: ingredient.name,
    text: ingredient.text,
    recipe_id: recipeId,
  };
}
