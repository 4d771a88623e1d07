/**
 * Turns one ingredient as a client sends it (a line of text, or an object of parts) into the stored `Ingredient`.
 *
 * Decisions:
 * - Units are looked up in the unit table and stored by canonical name (`Tbsp` → `tablespoon`); a unit the table
 *   does not know is kept as given, trimmed and lower-cased (`Wineglass` → `wineglass`), so it still renders.
 * - A `quantity_max` equal to `quantity` is not a range and is stored as null; one without a quantity is an error.
 * - Quantities may be numbers or the text of one number (`"1 1/2"`, `"½"`), for imports from spreadsheets.
 * - Empty `unit` or `note` strings mean none.
 */
import { err, ok, type Result } from 'neverthrow';
import { isBlank, trimmed } from '../shared/text.js';
import { readAmount } from './ingredient-amount.js';
import { Line } from './ingredient-line.js';
import type { Ingredient, IngredientParts } from './ingredient.js';
import { collapseWhitespace } from './ingredient-name.js';
import { parseTidyIngredientLine } from './ingredient-parser.js';
import { cleanQuantity } from './quantity.js';
import { withRenderedText } from './quantity-format.js';
import { lookupUnit } from './units.js';

// A line may be long (real pages put advice in one); its name, when parsed from a line, is bounded by the line alone.
export const INGREDIENT_LIMITS = { line: 1000, name: 200, note: 500, unit: 40, quantity: 1_000_000 } as const;

export interface IngredientInputObject {
  readonly quantity?: number | string | null;
  readonly quantity_max?: number | string | null;
  readonly unit?: string | null;
  readonly name: string;
  readonly note?: string | null;
}

export type IngredientInput = string | IngredientInputObject;

const collapse = collapseWhitespace;

/**
 * What is wrong with an ingredient. The readers below return their value or one of these, rather than a Result:
 * every ingredient of every imported record goes through them, and the wrappers were garbage on the way.
 */
class Invalid {
  constructor(readonly message: string) {}
}

function readQuantity(value: unknown, field: string): number | null | Invalid {
  if (value === undefined || value === null) return null;
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string') {
    const text = trimmed(value);
    const read = readAmount(new Line(text), 0);
    number = read !== undefined && read.end === text.length && read.value.quantityMax === null ? read.value.quantity : undefined;
  }
  if (number === undefined || !Number.isFinite(number) || number < 0 || number > INGREDIENT_LIMITS.quantity) {
    return new Invalid(`${field} must be a number from 0 to ${INGREDIENT_LIMITS.quantity}, or null`);
  }
  return cleanQuantity(number);
}

function readOptionalText(value: unknown, field: string, max: number): string | null | Invalid {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return new Invalid(`${field} must be a string or null`);
  const text = collapse(value);
  if (text.length > max) return new Invalid(`${field} must be at most ${max} characters`);
  return text === '' ? null : text;
}

function canonicalUnit(unit: string | null): string | null {
  if (unit === null) return null;
  return lookupUnit(unit)?.name ?? unit.toLowerCase();
}

function checkName(name: string): string | Invalid {
  if (isBlank(name)) return new Invalid('name must not be empty');
  if (name.length > INGREDIENT_LIMITS.name) return new Invalid(`name must be at most ${INGREDIENT_LIMITS.name} characters`);
  return name;
}

function fromObject(item: IngredientInputObject): IngredientParts | Invalid {
  if (typeof item.name !== 'string') return new Invalid('name must be a string');
  const name = checkName(collapse(item.name));
  const quantity = readQuantity(item.quantity, 'quantity');
  const max = readQuantity(item.quantity_max, 'quantity_max');
  const unit = readOptionalText(item.unit, 'unit', INGREDIENT_LIMITS.unit);
  const note = readOptionalText(item.note, 'note', INGREDIENT_LIMITS.note);
  // The first problem in field order.
  if (name instanceof Invalid) return name;
  if (quantity instanceof Invalid) return quantity;
  if (max instanceof Invalid) return max;
  if (unit instanceof Invalid) return unit;
  if (note instanceof Invalid) return note;
  if (max !== null && quantity === null) return new Invalid('quantity_max needs a quantity');
  if (max !== null && quantity !== null && max < quantity) return new Invalid('quantity_max must not be less than quantity');
  return {
    quantity,
    quantity_max: max === quantity ? null : max,
    unit: canonicalUnit(unit),
    name,
    note,
  };
}

function fromLine(line: string): IngredientParts | Invalid {
  const text = collapse(line);
  if (isBlank(text)) return new Invalid('must not be empty');
  if (text.length > INGREDIENT_LIMITS.line) return new Invalid(`must be at most ${INGREDIENT_LIMITS.line} characters`);
  const parts = parseTidyIngredientLine(text);
  return parts.name === '' ? new Invalid('name must not be empty') : parts;
}

/**
 * Lines already read, by their exact text: the stored ingredient, or what is wrong with the line. Reading a line is
 * a pure function of its text, and a library repeats its lines (`2 eggs`, `salt to taste`, `1 tablespoon olive oil`
 * come back in recipe after recipe), so a line seen recently is not parsed and rendered again: that was half of an
 * import's time. Two generations of at most `LINE_CACHE_GENERATION` lines each: a hit in the older one moves the
 * line to the newer; when the newer is full, the older is dropped and the newer takes its place. So a line used
 * within the last few thousand distinct lines stays, however long the import, and the cache never holds more than
 * twice that (a few MiB). Lines longer than `LINE_CACHE_MAX_LENGTH` (rare, and rarely repeated) are not kept.
 */
const LINE_CACHE_GENERATION = 4096;
const LINE_CACHE_MAX_LENGTH = 200;
let recentLines = new Map<string, Ingredient | Invalid>();
let olderLines = new Map<string, Ingredient | Invalid>();

function readLine(line: string): Ingredient | Invalid {
  if (line.length > LINE_CACHE_MAX_LENGTH) {
    const parts = fromLine(line);
    return parts instanceof Invalid ? parts : withRenderedText(parts);
  }
  let read = recentLines.get(line);
  if (read !== undefined) return read;
  read = olderLines.get(line);
  if (read === undefined) {
    const parts = fromLine(line);
    read = parts instanceof Invalid ? parts : withRenderedText(parts);
  }
  if (recentLines.size >= LINE_CACHE_GENERATION) {
    olderLines = recentLines;
    recentLines = new Map();
  }
  recentLines.set(line, read);
  return read;
}

/** A copy of a remembered ingredient, so that no two recipes share one object. */
const copyOf = (ingredient: Ingredient): Ingredient => ({
  quantity: ingredient.quantity,
  quantity_max: ingredient.quantity_max,
  unit: ingredient.unit,
  name: ingredient.name,
  note: ingredient.note,
  text: ingredient.text,
});

/** The stored form of an ingredient given as a line or as parts, or a message saying what is wrong with it. */
export function normaliseIngredientInput(item: IngredientInput): Result<Ingredient, string> {
  if (typeof item === 'string') {
    const read = readLine(item);
    return read instanceof Invalid ? err(read.message) : ok(copyOf(read));
  }
  const parts = typeof item === 'object' && item !== null ? fromObject(item)
    : new Invalid('must be a string such as "1 cup flour" or an object with a name');
  return parts instanceof Invalid ? err(parts.message) : ok(withRenderedText(parts));
}
