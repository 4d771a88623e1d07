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
export const INGREDIENT_LIMITS = { line: 1000, name: 200, note: 500, unit: 40, quantity: 1_000_000, section: 200 } as const;

export interface IngredientInputObject {
  readonly quantity?: number | string | null;
  readonly quantity_max?: number | string | null;
  readonly unit?: string | null;
  readonly name: string;
  readonly note?: string | null;
  /** The group the line belongs to (`For the dressing`); absent or null: none (or the heading above it, in a recipe). */
  readonly section?: string | null;
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
 * Answers given recently, by a key that determines them. Two generations of at most `generation` entries each: a
 * hit in the older one moves the entry to the newer; when the newer is full, the older is dropped and the newer
 * takes its place. So an entry used within the last `generation` distinct keys stays, however long the import, and
 * no more than twice that many are ever kept.
 */
class RecentAnswers<T> {
  #recent = new Map<string, T>();
  #older = new Map<string, T>();

  constructor(private readonly generation: number) {}

  get(key: string): T | undefined {
    const found = this.#recent.get(key);
    if (found !== undefined) return found;
    const older = this.#older.get(key);
    if (older !== undefined) this.set(key, older);
    return older;
  }

  set(key: string, value: T): void {
    if (this.#recent.size >= this.generation) {
      this.#older = this.#recent;
      this.#recent = new Map();
    }
    this.#recent.set(key, value);
  }
}

/**
 * Ingredients already read, so that one seen recently is not parsed and rendered again: reading an ingredient is a
 * pure function of what the client sent, and a library repeats its ingredients (`2 eggs`, `salt to taste`,
 * `1 tablespoon olive oil` come back in recipe after recipe, and a re-imported export repeats its objects). Parsing
 * and rendering lines was half of an import's time. 4,096 lines and 4,096 objects per generation, each key at most
 * `MAX_REMEMBERED_KEY` characters (longer ones, rare and rarely repeated, are read every time): a few MiB at most.
 * What is kept is the stored ingredient or what is wrong with it; every caller gets a copy of the ingredient, so
 * that no two recipes share one object.
 */
const REMEMBERED_PER_GENERATION = 4096;
const MAX_REMEMBERED_KEY = 300;
const rememberedLines = new RecentAnswers<Ingredient | Invalid>(REMEMBERED_PER_GENERATION);
const rememberedObjects = new RecentAnswers<Ingredient | Invalid>(REMEMBERED_PER_GENERATION);

const stored = (parts: IngredientParts | Invalid): Ingredient | Invalid => (parts instanceof Invalid ? parts : withRenderedText(parts));

/** What recipe input says of text holding U+0000, in an ingredient as in every text field. */
export const NUL_REFUSED = 'must not contain the character U+0000';

/**
 * Whether `JSON.stringify(text)` holds `\u0000`: the character U+0000 (which it escapes so), or the six characters
 * `\u0000` written out (whose backslash it doubles). Answered without making the JSON.
 */
export const textMentionsNul = (text: string): boolean => text.includes('\u0000') || text.includes('\\u0000');

/** A line, read or remembered. Lines that mention U+0000 are never remembered (see `normaliseRecipeIngredientLine`). */
function readLine(line: string): Ingredient | Invalid {
  const remember = line.length <= MAX_REMEMBERED_KEY;
  const known = remember ? rememberedLines.get(line) : undefined;
  if (known !== undefined) return known;
  const read = stored(fromLine(line));
  if (remember && !textMentionsNul(line)) rememberedLines.set(line, read);
  return read;
}

// -0 prints as 0, and reads as 0 (cleanQuantity).
const quantityKey = (value: number | null | undefined): string => (value === undefined || value === null ? '' : String(value));

/**
 * The key of an ingredient object whose parts are of the usual types (a number or nothing for the quantities,
 * text or nothing for the unit and note, a text name), or undefined. Null and a missing part read the same; the
 * lengths of the unit and note make the key unambiguous whatever characters they hold.
 */
function objectKey(item: IngredientInputObject): string | undefined {
  const { quantity, quantity_max: max, unit, name, note } = item as unknown as { readonly [part: string]: unknown };
  if (typeof name !== 'string') return undefined;
  if (!(quantity === undefined || quantity === null || typeof quantity === 'number')) return undefined;
  if (!(max === undefined || max === null || typeof max === 'number')) return undefined;
  if (!(unit === undefined || unit === null || typeof unit === 'string')) return undefined;
  if (!(note === undefined || note === null || typeof note === 'string')) return undefined;
  const unitText = unit ?? '';
  const noteText = note ?? '';
  if (unitText.length + noteText.length + name.length > MAX_REMEMBERED_KEY) return undefined;
  const unitLength = unit === undefined || unit === null ? -1 : unit.length;
  const noteLength = note === undefined || note === null ? -1 : note.length;
  return `${quantityKey(quantity)};${quantityKey(max)};${unitLength};${noteLength};${unitText}${noteText}${name}`;
}

function readObject(item: IngredientInputObject): Ingredient | Invalid {
  const key = objectKey(item);
  const known = key === undefined ? undefined : rememberedObjects.get(key);
  if (known !== undefined) return known;
  const read = stored(fromObject(item));
  if (key !== undefined) rememberedObjects.set(key, read);
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
  section: ingredient.section,
});

const answer = (read: Ingredient | Invalid): Result<Ingredient, string> => (read instanceof Invalid ? err(read.message) : ok(copyOf(read)));

/** An object's own `section`: null when absent, null or blank; a message when it is not text or too long. */
function readSection(item: IngredientInputObject): string | null | Invalid {
  return readOptionalText((item as { readonly section?: unknown }).section, 'section', INGREDIENT_LIMITS.section);
}

/**
 * The stored form of an ingredient given as a line or as parts, or a message saying what is wrong with it. The
 * section is read apart from the rest (remembered answers are shared by lines of every section).
 */
export function normaliseIngredientInput(item: IngredientInput): Result<Ingredient, string> {
  if (typeof item === 'string') return answer(readLine(item));
  if (typeof item === 'object' && item !== null) {
    const section = readSection(item);
    if (section instanceof Invalid) return err(section.message);
    const read = answer(readObject(item));
    return section === null ? read : read.map((ingredient) => ({ ...ingredient, section }));
  }
  return err('must be a string such as "1 cup flour" or an object with a name');
}

/**
 * `normaliseIngredientInput` for a line of a recipe, which also refuses a line that mentions U+0000 (`NUL_REFUSED`)
 * as recipe input does: a remembered line never mentions it, so a line read before is answered without looking.
 */
export function normaliseRecipeIngredientLine(line: string): Result<Ingredient, string> {
  const known = line.length <= MAX_REMEMBERED_KEY ? rememberedLines.get(line) : undefined;
  if (known !== undefined) return answer(known);
  return textMentionsNul(line) ? err(NUL_REFUSED) : answer(readLine(line));
}
