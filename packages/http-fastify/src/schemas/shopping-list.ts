/** The shopping list of a product. */
import { AISLES, UNITS_CHOICES } from '@larder/domain';
import { Type } from 'typebox';
import { Nullable, StringEnum } from './common.js';
import { UnitsQuery } from './units.js';

export const ShoppingListQuery = Type.Object({ units: Type.Optional(UnitsQuery) }, { additionalProperties: false });

export const SHOPPING_LIST_RULES =
  'The ingredients of the product\'s recipes added up. A meal plan counts each meal, its recipe scaled to the meal\'s `servings` ' +
  '(absent: the recipe\'s base servings); other types count each recipe once at its base servings. Archived recipes the product ' +
  'keeps count like the others. Merge rules: two lines are one item when they name the same ingredient (case, accents, ' +
  'singular/plural and notes aside: `2 onions, diced` and `1 onion` are `3 onions`) and measure the same thing: weight with ' +
  'weight, volume with volume (converted), the same count unit with itself (`cloves`), plain counts with plain counts. Weight ' +
  'and volume of one ingredient stay two items. Amounts are added and rendered in the most readable unit of the `units` asked ' +
  'for (`6 teaspoons` → `2 tablespoons`, `1200 g` → `1.2 kg`; with `original`, the system most of the lines use, metric on a tie). ' +
  'A range anywhere makes the item a range. Lines without an amount (`salt to taste`) join the item of that ingredient, or make ' +
  'one item without an amount. Items are ordered by aisle (in the order of the `aisle` enum), then by name.';

const ShoppingListItemSchema = Type.Object({
  name: Type.String({ description: 'The ingredient as the lines name it most often; a count agrees with its noun (`onions`).' }),
  quantity: Nullable(Type.Number(), { description: 'The total (the low end of a range), in `unit`; null when no line gave an amount.' }),
  quantity_max: Nullable(Type.Number(), { description: 'The high end when any merged line was a range, else null.' }),
  unit: Nullable(Type.String(), { description: 'Canonical unit (`tablespoon`, `kg`, `clove`), null for counts.' }),
  text: Type.String({ description: 'As a cook writes it: `2 tablespoons olive oil`, `1.2 kg potatoes`, `3 onions`, `salt`.' }),
  aisle: StringEnum(AISLES, { description: 'From the keyword table of the domain; `other` when no keyword matches.' }),
  recipe_ids: Type.Array(Type.String(), { description: 'The recipes the merged lines came from, each once.' }),
  lines: Type.Array(Type.String(), { description: 'The ingredient texts merged into the item (scaled to the meal), one per counted line.' }),
});

export const ShoppingListSchema = Type.Object({
  product_id: Type.String(),
  units: StringEnum(UNITS_CHOICES),
  items: Type.Array(ShoppingListItemSchema),
}, { $id: 'ShoppingList', description: SHOPPING_LIST_RULES });
