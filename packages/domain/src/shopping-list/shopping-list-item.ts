/**
 * The item that lines of one group add up to: amounts summed (ranges as ranges), in the most readable unit of the
 * wanted system, with a name that agrees with a count.
 */
import { nameForCount } from '../ingredient/noun-number.js';
import { renderIngredient } from '../ingredient/quantity-format.js';
import { cleanQuantity } from '../ingredient/quantity.js';
import { expressAmount, type MeasureSystem, type UnitsChoice } from '../ingredient/unit-conversion.js';
import { foldText } from '../search/search-terms.js';
import { aisleOf, type Aisle } from './aisles.js';
import type { CountedLine } from './shopping-list-line.js';

export interface ShoppingListItem {
  /** The ingredient as the lines name it most often; a count's noun agrees with the amount (`3 onions`). */
  readonly name: string;
  /** The total, or null for an ingredient no line gives an amount for (`salt to taste`). */
  readonly quantity: number | null;
  /** The high end when any line was a range. */
  readonly quantity_max: number | null;
  readonly unit: string | null;
  /** As a cook writes it: `2 tablespoons olive oil`, `1.2 kg potatoes`, `3 onions`, `salt`. */
  readonly text: string;
  readonly aisle: Aisle;
  /** The recipes the lines came from, each once, in the order they were counted. */
  readonly recipe_ids: readonly string[];
  /** The ingredient texts added up into this item, one per counted line (a recipe cooked twice counts twice). */
  readonly lines: readonly string[];
}

/** Adds numbers in one order whatever order they came in, so the total does not depend on the order of the recipes. */
function sum(values: readonly number[]): number {
  return cleanQuantity([...values].sort((a, b) => a - b).reduce((total, value) => total + value, 0));
}

/**
 * The name most lines use; ties go to the first in folded alphabetical order, then to lower case (`potatoes` before
 * `Potatoes`), so the order of lines does not matter.
 */
function commonName(lines: readonly CountedLine[]): string {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.name, (counts.get(line.name) ?? 0) + 1);
  const order = ([a, countA]: [string, number], [b, countB]: [string, number]) =>
    countB - countA || compareText(a, b) || (a < b ? 1 : a > b ? -1 : 0);
  return [...counts].sort(order)[0]?.[0] ?? '';
}

/** Folded alphabetical order (case and accents aside). */
export function compareText(a: string, b: string): number {
  const foldedA = foldText(a);
  const foldedB = foldText(b);
  return foldedA < foldedB ? -1 : foldedA > foldedB ? 1 : 0;
}

function targetSystem(lines: readonly CountedLine[], units: UnitsChoice): MeasureSystem {
  if (units !== 'original') return units;
  const us = lines.filter((line) => line.dimension.kind === 'measure' && line.dimension.system === 'us').length;
  return us > lines.length - us ? 'us' : 'metric';
}

interface Amount {
  readonly quantity: number | null;
  readonly quantity_max: number | null;
  readonly unit: string | null;
}

function totalOf(lines: readonly CountedLine[], units: UnitsChoice): Amount {
  const first = lines[0];
  if (first === undefined || first.dimension.kind === 'none') return { quantity: null, quantity_max: null, unit: null };
  const low = sum(lines.map((line) => line.low ?? 0));
  const ranged = lines.some((line) => line.high !== null);
  const high = ranged ? sum(lines.map((line) => line.high ?? line.low ?? 0)) : null;
  if (first.dimension.kind !== 'measure') return { quantity: low, quantity_max: high, unit: first.unit };
  const system = targetSystem(lines, units);
  const converted = lines.some((line) => line.dimension.kind === 'measure' && line.dimension.system !== system);
  const keep = system === 'us' && lines.every((line) => line.unit === 'fluid ounce') ? 'fluid ounce' : undefined;
  return expressAmount(low, high, first.dimension.measure, system, { converted, ...(keep === undefined ? {} : { keep }) });
}

/** The item of one group of lines (same ingredient key, same dimension), in `units`. */
export function itemOf(lines: readonly CountedLine[], units: UnitsChoice): ShoppingListItem {
  const amount = totalOf(lines, units);
  const common = commonName(lines);
  const name = amount.unit === null && amount.quantity !== null ? nameForCount(common, amount.quantity_max ?? amount.quantity) : common;
  return {
    name,
    ...amount,
    text: renderIngredient({ ...amount, name: common, note: null }),
    aisle: aisleOf(lines[0]?.key ?? '', lines[0]?.unit ?? null),
    recipe_ids: [...new Set(lines.map((line) => line.recipe_id))],
    lines: lines.map((line) => line.text),
  };
}
