/**
 * Kitchen-friendly rendering of quantities and whole ingredient lines.
 *
 * - US and kitchen units, counts and unknown units show the nearest common fraction (halves, thirds, quarters,
 *   eighths) as a glyph after a space: `1 ½ cups`, `⅓ cup`, `2 eggs`.
 * - Metric units round to what a scale or jug shows: g, ml, mg whole from 10 up and to one decimal below;
 *   kg, l, cl, dl to two decimals; cm and mm to one.
 * - A US cup, spoon or pound amount that no kitchen fraction matches within 1% shows its remainder in the next
 *   smaller unit (`½ cup plus 1 tablespoon`, `2 teaspoons` for a twenty-fourth of a cup), which is how cooks
 *   write the amounts that adding and scaling produce; the parser reads that form back to the same quantity.
 * - A positive quantity never shows as 0: it shows as the smallest step instead (`⅛`, `0.1 g`, `0.01 kg`).
 * - Units render as words for US and kitchen units (`teaspoon`, `cups`) and as symbols for metric (`g`, `ml`, `L`).
 * - A count agrees with its noun as shown: `1 onion`, `½ onion`, `3 onions`, `1 ½ green chillies` (see `noun-number.ts`).
 * - Ranges use an en dash without spaces (`2–3 cloves garlic`); notes follow a comma (`flour, sifted`,
 *   `salt, to taste`); a unit without a quantity reads `pinch of salt`.
 */
import type { Ingredient, IngredientParts } from './ingredient.js';
import { nameForCount } from './noun-number.js';
import { cleanQuantity } from './quantity.js';
import { pluralUnit, unitInfo, type UnitInfo } from './units.js';

export const RANGE_SEPARATOR = '–';

interface Rounded {
  /** The value as shown, for choosing between singular and plural. */
  readonly value: number;
  readonly text: string;
}

// Eighths and thirds: the fractions measuring cups and spoons come in.
const KITCHEN_FRACTIONS: readonly (readonly [number, string])[] = [
  [0, ''],
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [3 / 8, '⅜'],
  [1 / 2, '½'],
  [5 / 8, '⅝'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
  [7 / 8, '⅞'],
  [1, ''],
];

function kitchenFraction(value: number): Rounded {
  // Whole numbers, most quantities, need no search (`+ 0` turns -0 into the 0 the search gives).
  if (Number.isInteger(value)) return { value: value + 0, text: String(value + 0) };
  let whole = Math.floor(value);
  const rest = value - whole;
  let best = KITCHEN_FRACTIONS[0] ?? [0, ''];
  for (const candidate of KITCHEN_FRACTIONS) {
    if (Math.abs(candidate[0] - rest) < Math.abs(best[0] - rest)) best = candidate;
  }
  if (best[0] === 1) {
    whole += 1;
    best = [0, ''];
  }
  if (whole === 0 && best[0] === 0 && value > 0) best = [1 / 8, '⅛'];
  const text = whole === 0 ? best[1] || '0' : best[1] === '' ? String(whole) : `${whole} ${best[1]}`;
  return { value: cleanQuantity(whole + best[0]), text };
}

// Far above any quantity (a million, scaled by a thousand servings), far below where doubles lose whole numbers.
const MAX_WHOLE_METRIC = 1e12;

/** Rounds to `decimals` places, never to zero for a positive value, and prints without trailing zeros. */
function metric(value: number, decimals: number): Rounded {
  // A whole amount (250 g) is its own rounding at any number of decimals, within a quantity's range.
  if (Number.isInteger(value) && value > 0 && value <= MAX_WHOLE_METRIC) return { value, text: String(value) };
  const step = 10 ** -decimals;
  let rounded = Math.round(value / step) * step;
  if (rounded === 0 && value > 0) rounded = step;
  const shown = Number(rounded.toFixed(decimals));
  return { value: shown, text: String(shown) };
}

function round(value: number, unit: string | null): Rounded {
  if (!Number.isFinite(value) || value < 0) return { value, text: String(cleanQuantity(value)) };
  const info = unit === null ? undefined : unitInfo(unit);
  if (info?.system !== 'metric') return kitchenFraction(value);
  switch (info.name) {
    case 'g':
    case 'ml':
    case 'mg':
      return metric(value, value >= 10 ? 0 : 1);
    case 'cm':
    case 'mm':
      return metric(value, 1);
    default:
      return metric(value, 2);
  }
}

/** A quantity as a cook would write it for this unit: `1 ½`, `⅓`, `250`, `1.25`. */
export function formatQuantity(value: number, unit: string | null): string {
  return round(value, unit).text;
}

const CLOSE_ENOUGH = 0.01;
// Below these, a unit's fractions read worse than the next smaller unit (`2 teaspoons`, not `⅛ tablespoon plus …`).
const SMALLEST_USEFUL: Readonly<Record<string, number>> = { tablespoon: 1 };
const SMALLEST_USEFUL_DEFAULT = 1 / 4;

/** The largest kitchen fraction not above the value (with a little tolerance for float noise). */
function kitchenFloor(value: number): number {
  const whole = Math.floor(value + 1e-9);
  let best = 0;
  for (const [fraction] of KITCHEN_FRACTIONS) if (fraction < 1 && whole + fraction <= value + 1e-9) best = fraction;
  return whole + best;
}

/** The next smaller unit for a remainder: tablespoons or teaspoons for US volumes, ounces for pounds. */
function smallerUnit(info: UnitInfo, remainderInBase: number): string | undefined {
  if (info.system !== 'us' || info.base === null) return undefined;
  if (info.kind === 'volume' && info.name !== 'teaspoon') {
    return info.name !== 'tablespoon' && remainderInBase >= 3 - 1e-9 ? 'tablespoon' : 'teaspoon';
  }
  return info.kind === 'mass' && info.name === 'pound' ? 'ounce' : undefined;
}

/** `1 ½ cups`, or `½ cup plus 1 tablespoon` when no fraction of a cup is close enough. */
function renderAmountWithUnit(value: number, unit: string): string {
  const nearest = round(value, unit);
  const info = unitInfo(unit);
  const off = Math.abs(nearest.value - value) > CLOSE_ENOUGH * value;
  // Close enough (nearly always): the nearest fraction of this unit is the text.
  if (!off || info?.base == null) return `${nearest.text} ${pluralUnit(unit, nearest.value)}`;
  const low = kitchenFloor(value);
  const smaller = smallerUnit(info, (value - low) * info.base);
  const smallerInfo = smaller === undefined ? undefined : unitInfo(smaller);
  if (smallerInfo?.base == null) return `${nearest.text} ${pluralUnit(unit, nearest.value)}`;
  const remainder = cleanQuantity(((value - low) * info.base) / smallerInfo.base);
  if (low < (SMALLEST_USEFUL[unit] ?? SMALLEST_USEFUL_DEFAULT)) {
    const whole = unitInfo(smallerUnit(info, value * info.base) ?? smallerInfo.name) ?? smallerInfo;
    return renderAmountWithUnit(cleanQuantity((value * info.base) / (whole.base ?? 1)), whole.name);
  }
  const main = round(low, unit);
  const mainText = `${main.text} ${pluralUnit(unit, main.value)}`;
  // A remainder too small to show is dropped rather than shown as the smallest step.
  if (kitchenFloor(remainder + 1 / 16) === 0) return mainText;
  return `${mainText} plus ${renderAmountWithUnit(remainder, smallerInfo.name)}`;
}

/** The kitchen-friendly text of an ingredient: `1 ½ cups flour, sifted`, `2–3 cloves garlic`, `salt, to taste`. */
export function renderIngredient(parts: IngredientParts): string {
  const { quantity, quantity_max: max, unit, name, note } = parts;
  const tail = note === null || note === '' ? '' : `, ${note}`;
  if (quantity === null) {
    return `${unit === null ? name : `${pluralUnit(unit, 1)} of ${name}`}${tail}`;
  }
  const low = round(quantity, unit);
  const high = max === null ? undefined : round(max, unit);
  if (unit !== null && (high === undefined || high.text === low.text)) {
    return `${renderAmountWithUnit(quantity, unit)} ${name}${tail}`;
  }
  const amount = high === undefined || high.text === low.text ? low.text : `${low.text}${RANGE_SEPARATOR}${high.text}`;
  const shown = high?.value ?? low.value;
  return unit === null ? `${amount} ${nameForCount(name, shown)}${tail}` : `${amount} ${pluralUnit(unit, shown)} ${name}${tail}`;
}

/**
 * The stored ingredient: the parts and their text. Built field by field because spreading `parts` and adding `text`
 * takes a slow path in V8 that cost microseconds per ingredient.
 */
export function withRenderedText(parts: IngredientParts, section: string | null = null): Ingredient {
  return {
    quantity: parts.quantity,
    quantity_max: parts.quantity_max,
    unit: parts.unit,
    name: parts.name,
    note: parts.note,
    text: renderIngredient(parts),
    section,
  };
}
