/**
 * One line of a recipe's ingredient list, as stored and served.
 *
 * `quantity` is the amount (or the low end of a range), `quantity_max` the high end of a range
 * (`2-3 cloves garlic` → 2 and 3). `unit` is the canonical singular unit name from the unit table
 * (`cup`, `tablespoon`, `g`, `ml`, ...), or null for counts and unmeasured lines. `text` is the
 * kitchen-friendly rendering of the other fields (`1 ½ cups flour, sifted`).
 */
export interface Ingredient {
  readonly quantity: number | null;
  readonly quantity_max: number | null;
  readonly unit: string | null;
  readonly name: string;
  readonly note: string | null;
  readonly text: string;
}

/** An ingredient before rendering: what a parser produces or a client sends as an object. */
export type IngredientParts = Omit<Ingredient, 'text'>;
