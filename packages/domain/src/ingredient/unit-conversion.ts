/**
 * Metric ↔ US conversion of weights and volumes, and the most readable unit for an amount.
 *
 * The table is a cook's, not a lab's: a teaspoon is 5 ml, a tablespoon 15 ml, a cup 240 ml (the US legal cup, what
 * nutrition labels and most converters use), a fluid ounce 30 ml, a quart 960 ml; an ounce is 28.35 g, a pound
 * 453.6 g (exact to the gram). Only weights and volumes convert, each into its own kind: volumes never turn into
 * weights (that would need the density of every ingredient). Counts, containers (`2 tins`), `pinch`, lengths and
 * units outside the table stay as they are.
 *
 * A converted amount is rounded as a cook measures it (see `roundForCook`); an amount that is only re-expressed
 * within its own system (`6 teaspoons` → `2 tablespoons`) is exact.
 */
import { cleanQuantity } from './quantity.js';
import { unitInfo } from './units.js';

export const UNITS_CHOICES = ['original', 'metric', 'us'] as const;
/** `original`: as the recipe wrote it; `metric`: g/kg, ml/l; `us`: oz/lb, tsp/tbsp/cup/quart. */
export type UnitsChoice = (typeof UNITS_CHOICES)[number];
export type MeasureSystem = 'metric' | 'us';
export type Measure = 'mass' | 'volume';

export const isUnitsChoice = (value: unknown): value is UnitsChoice => UNITS_CHOICES.includes(value as UnitsChoice);

/** Grams or millilitres in one of each unit that converts. Extend it here (and in the unit table of `units.ts`). */
export const METRIC_SIZES: Readonly<Record<string, number>> = {
  mg: 0.001, g: 1, kg: 1000, ounce: 28.349523125, pound: 453.59237,
  ml: 1, cl: 10, dl: 100, l: 1000,
  teaspoon: 5, tablespoon: 15, 'fluid ounce': 30, cup: 240, 'half-pint': 240, pint: 480, quart: 960, gallon: 3840,
};

export interface MeasuredUnit {
  readonly measure: Measure;
  readonly system: MeasureSystem;
  /** Grams or millilitres in one of the unit. */
  readonly size: number;
}

/** What a unit measures and in which system, for the units that convert; undefined for every other unit. */
export function measuredUnit(unit: string | null): MeasuredUnit | undefined {
  if (unit === null) return undefined;
  const info = unitInfo(unit);
  const size = METRIC_SIZES[unit];
  if (info === undefined || size === undefined || (info.kind !== 'mass' && info.kind !== 'volume') || info.system === 'none') return undefined;
  return { measure: info.kind, system: info.system, size };
}

/**
 * The most readable unit for an amount in grams or millilitres: kg and l from 1000; oz below a pound, lb from one;
 * teaspoons below a tablespoon, tablespoons below ¼ cup, cups below a quart, quarts from one. `keep` names a unit
 * a cook chose on purpose and that stays when every line used it (`fluid ounce` for drinks).
 */
export function readableUnit(amount: number, measure: Measure, system: MeasureSystem, keep?: string): string {
  if (keep !== undefined) return keep;
  if (system === 'metric') return measure === 'mass' ? (amount >= 1000 ? 'kg' : 'g') : amount >= 1000 ? 'l' : 'ml';
  if (measure === 'mass') return amount >= (METRIC_SIZES['pound'] ?? 0) ? 'pound' : 'ounce';
  const teaspoons = amount / 5;
  if (teaspoons < 3) return 'teaspoon';
  if (teaspoons < 12) return 'tablespoon';
  return teaspoons < 192 ? 'cup' : 'quart';
}

// Eighths and thirds of a unit: what US measuring cups and spoons hold.
const KITCHEN_STEPS = [1 / 8, 1 / 3];
// A US amount no eighth or third matches this closely keeps its exact value, which the renderer writes as
// `¾ cup plus 1 ⅓ tablespoons`. A measuring cup's own precision is about this.
const KITCHEN_TOLERANCE = 0.06;

function nearestKitchenAmount(value: number): number {
  let best = value;
  let bestOff = Infinity;
  for (const step of KITCHEN_STEPS) {
    const candidate = Math.max(step, Math.round(value / step) * step);
    const off = Math.abs(candidate - value);
    if (off < bestOff) [best, bestOff] = [candidate, off];
  }
  return bestOff <= KITCHEN_TOLERANCE * value ? cleanQuantity(best) : value;
}

/** Grams or millilitres as a scale or jug shows them: tenths below 10, whole to 100, fives to 1000, tens above. */
function nearestMetricAmount(amount: number): number {
  const step = amount < 10 ? 0.1 : amount < 100 ? 1 : amount < 1000 ? 5 : 10;
  return Math.max(step, Math.round(amount / step) * step);
}

/**
 * An amount in grams or millilitres that came from another system, rounded as a cook measures it in `unit`:
 * 236.6 ml → 235 ml, 1 cup + 2 tsp → 1 cup. Returned in `unit`.
 */
export function roundForCook(amount: number, unit: string): number {
  const size = METRIC_SIZES[unit] ?? 1;
  const info = unitInfo(unit);
  if (info?.system === 'metric') return cleanQuantity(nearestMetricAmount(amount) / size);
  return nearestKitchenAmount(cleanQuantity(amount / size));
}

export interface ConvertedAmount {
  readonly quantity: number;
  readonly quantity_max: number | null;
  readonly unit: string;
}

/**
 * An amount (low and optional high end, in grams or millilitres) in the readable unit of `system`, the unit chosen
 * for the low end so that a range reads in one unit. `converted`: it came from the other system, so round it.
 */
export function expressAmount(
  low: number, high: number | null, measure: Measure, system: MeasureSystem, options: { converted: boolean; keep?: string },
): ConvertedAmount {
  const unit = readableUnit(low, measure, system, options.keep);
  const size = METRIC_SIZES[unit] ?? 1;
  const inUnit = (amount: number) => (options.converted ? roundForCook(amount, unit) : cleanQuantity(amount / size));
  return { quantity: inUnit(low), quantity_max: high === null ? null : inUnit(high), unit };
}
