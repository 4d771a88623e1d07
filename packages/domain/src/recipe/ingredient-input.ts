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
import { readAmount } from './ingredient-amount.js';
import { Line } from './ingredient-line.js';
import type { Ingredient, IngredientParts } from './ingredient.js';
import { collapseWhitespace } from './ingredient-name.js';
import { parseTidyIngredientLine } from './ingredient-parser.js';
import { cleanQuantity } from './quantity.js';
import { withRenderedText } from './quantity-format.js';
import { lookupUnit } from './units.js';

export const INGREDIENT_LIMITS = { line: 500, name: 200, note: 500, unit: 40, quantity: 1_000_000 } as const;

export interface IngredientInputObject {
  readonly quantity?: number | string | null;
  readonly quantity_max?: number | string | null;
  readonly unit?: string | null;
  readonly name: string;
  readonly note?: string | null;
}

export type IngredientInput = string | IngredientInputObject;

const collapse = collapseWhitespace;

function readQuantity(value: unknown, field: string): Result<number | null, string> {
  if (value === undefined || value === null) return ok(null);
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    const read = readAmount(new Line(text), 0);
    number = read !== undefined && read.end === text.length && read.value.quantityMax === null ? read.value.quantity : undefined;
  }
  if (number === undefined || !Number.isFinite(number) || number < 0 || number > INGREDIENT_LIMITS.quantity) {
    return err(`${field} must be a number from 0 to ${INGREDIENT_LIMITS.quantity}, or null`);
  }
  return ok(cleanQuantity(number));
}

function readOptionalText(value: unknown, field: string, max: number): Result<string | null, string> {
  if (value === undefined || value === null) return ok(null);
  if (typeof value !== 'string') return err(`${field} must be a string or null`);
  const text = collapse(value);
  if (text.length > max) return err(`${field} must be at most ${max} characters`);
  return ok(text === '' ? null : text);
}

function canonicalUnit(unit: string | null): string | null {
  if (unit === null) return null;
  return lookupUnit(unit)?.name ?? unit.toLowerCase();
}

function checkName(name: string): Result<string, string> {
  if (name === '') return err('name must not be empty');
  if (name.length > INGREDIENT_LIMITS.name) return err(`name must be at most ${INGREDIENT_LIMITS.name} characters`);
  return ok(name);
}

function fromObject(item: IngredientInputObject): Result<IngredientParts, string> {
  if (typeof item.name !== 'string') return err('name must be a string');
  const name = checkName(collapse(item.name));
  const quantity = readQuantity(item.quantity, 'quantity');
  const max = readQuantity(item.quantity_max, 'quantity_max');
  const unit = readOptionalText(item.unit, 'unit', INGREDIENT_LIMITS.unit);
  const note = readOptionalText(item.note, 'note', INGREDIENT_LIMITS.note);
  if (name.isErr()) return err(name.error);
  if (quantity.isErr()) return err(quantity.error);
  if (max.isErr()) return err(max.error);
  if (unit.isErr()) return err(unit.error);
  if (note.isErr()) return err(note.error);
  const [low, high] = [quantity.value, max.value];
  if (high !== null && low === null) return err('quantity_max needs a quantity');
  if (high !== null && low !== null && high < low) return err('quantity_max must not be less than quantity');
  return ok({
    quantity: low,
    quantity_max: high === low ? null : high,
    unit: canonicalUnit(unit.value),
    name: name.value,
    note: note.value,
  });
}

/** The stored ingredient of a line, or what is wrong with it. Without Result wrappers: every imported line comes here. */
function fromLine(line: string): Ingredient | string {
  const text = collapse(line);
  if (text === '') return 'must not be empty';
  if (text.length > INGREDIENT_LIMITS.line) return `must be at most ${INGREDIENT_LIMITS.line} characters`;
  const parts = parseTidyIngredientLine(text);
  const name = checkName(parts.name);
  return name.isErr() ? name.error : withRenderedText(parts);
}

/** The stored form of an ingredient given as a line or as parts, or a message saying what is wrong with it. */
export function normaliseIngredientInput(item: IngredientInput): Result<Ingredient, string> {
  if (typeof item === 'string') {
    const ingredient = fromLine(item);
    return typeof ingredient === 'string' ? err(ingredient) : ok(ingredient);
  }
  if (typeof item === 'object' && item !== null) return fromObject(item).map(withRenderedText);
  return err('must be a string such as "1 cup flour" or an object with a name');
}
