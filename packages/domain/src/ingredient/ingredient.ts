/**
 * One line of a recipe's ingredient list, as stored and served.
 *
 * `quantity` is the amount (or the low end of a range), `quantity_max` the high end of a range
 * (`2-3 cloves garlic` → 2 and 3). `unit` is the canonical singular unit name from the unit table
 * (`cup`, `tablespoon`, `g`, `ml`, ...), or null for counts and unmeasured lines. `text` is the
 * kitchen-friendly rendering of the other fields (`1 ½ cups flour, sifted`). `section` is the group of the list the
 * line belongs to (`For the dressing`), or null; it never enters `text`, scaling, conversion or the shopping list.
 */
export interface Ingredient {
  readonly quantity: number | null;
  readonly quantity_max: number | null;
  readonly unit: string | null;
  readonly name: string;
  readonly note: string | null;
  readonly text: string;
  readonly section: string | null;
}

/** An ingredient before rendering: what a parser produces or a client sends as an object. */
export type IngredientParts = Omit<Ingredient, 'text' | 'section'>;
