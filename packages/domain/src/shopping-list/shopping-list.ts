/**
 * A shopping list: the ingredient lines of recipes (each already scaled to what will be cooked) added up.
 *
 * Merge rules:
 * - Two lines are one item when they name the same ingredient (`ingredientKey`: case, accents, singular/plural and
 *   notes aside) and their amounts measure the same thing: weight with weight, volume with volume (any units of
 *   either, converted), the same count unit with itself (`2 cloves` + `1 clove`), plain counts with plain counts (a
 *   dozen counts 12: `2 dozen eggs` + `6 eggs` is `30 eggs`). Weight and volume of one ingredient stay two items;
 *   volumes never turn into weights.
 * - Amounts are added exactly and rendered in the most readable unit of the wanted system (`6 teaspoons` →
 *   `2 tablespoons`, `1200 g` → `1.2 kg`); with `units=original` the system most of the lines use (metric on a tie).
 *   An amount converted from the other system is rounded as a cook measures it (see `unit-conversion.ts`).
 * - A range anywhere makes the item a range: lows add up, and highs (a plain amount counting as its own high).
 * - Lines without an amount (`salt to taste`, and vague amounts such as `a pinch of salt`) add nothing: they join the
 *   item of the same ingredient that has an amount, or else make one item without an amount per ingredient.
 * - Items come ordered by aisle (in the order of `AISLES`), then by name.
 */
import type { Ingredient } from '../ingredient/ingredient.js';
import type { UnitsChoice } from '../ingredient/unit-conversion.js';
import { AISLES } from './aisles.js';
import { countedLine, type CountedLine } from './shopping-list-line.js';
import { foldText } from '../search/search-terms.js';
import { itemOf, type ShoppingListItem } from './shopping-list-item.js';

export type { ShoppingListItem } from './shopping-list-item.js';

/** One recipe as it will be cooked once: its id and its ingredients at the servings it is cooked for. */
export interface ShoppingListSource {
  readonly recipe_id: string;
  readonly ingredients: readonly Ingredient[];
}

export interface ShoppingList {
  readonly units: UnitsChoice;
  readonly items: readonly ShoppingListItem[];
}

const AISLE_ORDER = new Map(AISLES.map((aisle, index) => [aisle, index]));

interface Sortable {
  readonly item: ShoppingListItem;
  readonly aisle: number;
  readonly name: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortable(item: ShoppingListItem): Sortable {
  return { item, aisle: AISLE_ORDER.get(item.aisle) ?? 0, name: foldText(item.name) };
}

/** Aisle, then folded name (folded once per item: folding is costly), then unit and text so that no two tie. */
function compareItems(a: Sortable, b: Sortable): number {
  return a.aisle - b.aisle || byText(a.name, b.name) || byText(a.item.unit ?? '', b.item.unit ?? '') || byText(a.item.text, b.item.text);
}

const sorted = (items: readonly ShoppingListItem[]): ShoppingListItem[] => items.map(sortable).sort(compareItems).map(({ item }) => item);

function groupLines(sources: readonly ShoppingListSource[]): Map<string, CountedLine[]> {
  const groups = new Map<string, CountedLine[]>();
  for (const source of sources) {
    for (const ingredient of source.ingredients) {
      const line = countedLine(ingredient, source.recipe_id);
      const group = groups.get(line.group);
      if (group === undefined) groups.set(line.group, [line]);
      else group.push(line);
    }
  }
  return groups;
}

/** The shopping list of the sources, in `units` (see the merge rules above). */
export function buildShoppingList(sources: readonly ShoppingListSource[], units: UnitsChoice): ShoppingList {
  const withAmount: CountedLine[][] = [];
  const withoutAmount = new Map<string, CountedLine[]>();
  for (const lines of groupLines(sources).values()) {
    const first = lines[0];
    if (first === undefined) continue;
    if (first.dimension.kind === 'none') withoutAmount.set(first.key, lines);
    else withAmount.push(lines);
  }
  const keys = new Map<ShoppingListItem, string>();
  for (const lines of withAmount) keys.set(itemOf(lines, units), lines[0]?.key ?? '');
  const merged = sorted([...keys.keys()]).map((item) => {
    const key = keys.get(item) ?? '';
    const loose = withoutAmount.get(key);
    if (loose === undefined) return item;
    withoutAmount.delete(key);
    return {
      ...item,
      recipe_ids: [...new Set([...item.recipe_ids, ...loose.map((line) => line.recipe_id)])],
      lines: [...item.lines, ...loose.map((line) => line.text)],
    };
  });
  const alone = [...withoutAmount.values()].map((lines) => itemOf(lines, units));
  return { units, items: sorted([...merged, ...alone]) };
}
