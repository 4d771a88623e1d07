/**
 * Parses a free-text ingredient line (`1 1/2 cups flour, sifted`, `2 x 400g tins chopped tomatoes`, `salt to taste`)
 * into its parts. Total: any string gives a result, and the work is linear in the line's length.
 *
 * Decisions that matter for scaling:
 * - A count of sized containers keeps the count as the amount and the size as a note: `2 x 400g tins tomatoes` and
 *   `2 (14 oz) cans tomatoes` are 2 tins/cans with note `400g`/`14 oz`, so doubling gives 4 tins of the same size.
 * - One item of a stated size with no container (`A 3-lb chicken`, `1-inch piece ginger`) takes the size as its
 *   amount (3 lb, 1 inch), which scales the same way and keeps the weight visible.
 * - Alternatives after the first amount (`10g/½oz`, `1 cup (240 ml)`) become notes; additions in the same kind
 *   and system of unit (`½ cup plus 1 tablespoon`, `1 lb 4 oz`) are added in, in the first unit, so that scaling
 *   scales all of it (the renderer writes such totals back as `½ cup plus 1 tablespoon`).
 * - `a`/`an` counts as one only before a unit (`a pinch of salt` → 1 pinch); a bare unit (`Pinch of salt`) has a
 *   unit but no quantity, and `A few` has neither.
 */
import {
  isDash,
  readAmount,
  readNumber,
  readWord,
  skipSpaces,
  type Amount,
  type Scanned,
} from './ingredient-amount.js';
import { dropLeadingOf, splitNameAndNote } from './ingredient-name.js';
import type { IngredientParts } from './ingredient.js';
import { cleanQuantity } from './quantity.js';
import { lookupUnit, pluralUnit, type UnitInfo } from './units.js';
import {
  isModifier,
  readSecondaryAmounts,
  readSizedUnit,
  readUnit,
  readUnitRange,
  type Addition,
  type Line,
} from './ingredient-unit.js';

const LEADING_QUALIFIERS = new Set(['about', 'approximately', 'approx', 'approx.', 'around', 'roughly', 'some', 'nearly', 'almost', 'scant', 'generous', 'heaped', 'heaping', 'rounded', 'level', 'good', 'large', 'small', 'big', 'medium', 'generously', 'a', 'an', 'few', 'several']);

// Units that can open a line without a number (`Pinch of salt`, `Handful watercress`) without being a name.
const BARE_UNITS = new Set(['pinch', 'dash', 'splash', 'handful', 'bunch', 'knob', 'glug', 'drop', 'sprig', 'shake']);

// Prefixes of an amount that are really a part of the item: `Juice of 2 lemons` is 2 lemons, juice only.
const MAX_PREFIX_WORDS = 5;

// A unit after a noun, as in `2 garlic cloves` or `3 celery ribs`.
const TRAILING_UNITS = new Set(['clove', 'rib', 'stalk', 'sprig', 'bulb', 'ear', 'slice', 'stick', 'spear']);
// `whole cloves` and `ground cloves` are the spice, not garlic.
const NOT_BEFORE_TRAILING_UNIT = new Set(['whole', 'ground']);
const MAX_WORDS_BEFORE_TRAILING_UNIT = 3;
const MAX_WORDS_BEFORE_LATE_AMOUNT = 6;

// How many numbers to try when the amount comes after the name (`Butter, 1 pound`); bounds the work on long lines.
const MAX_LATE_AMOUNTS = 5;

interface Reading {
  amount: Amount | null;
  unit: UnitInfo | null;
  notes: string[];
  end: number;
}

const quantityOf = (amount: Amount | null, unit: UnitInfo | null) => ({
  quantity: amount === null ? null : cleanQuantity(amount.quantity),
  quantity_max: amount?.quantityMax == null ? null : cleanQuantity(amount.quantityMax),
  unit: unit?.name ?? null,
});

/** `2 dozen eggs` is 24 eggs. */
function withDozens(s: string, amount: Scanned<Amount>): Scanned<Amount> {
  const word = readWord(s, skipSpaces(s, amount.end));
  if (word?.value.toLowerCase() !== 'dozen') return amount;
  const { quantity, quantityMax } = amount.value;
  return { value: { quantity: quantity * 12, quantityMax: quantityMax === null ? null : quantityMax * 12 }, end: word.end };
}

/** Leading qualifier words (`about`, `scant`, `a`) before an amount or unit; returns them and where they end. */
function readQualifiers(s: string, start: number): Scanned<string[]> {
  const words: string[] = [];
  let i = start;
  for (let n = 0; n < 3; n += 1) {
    const word = readWord(s, i);
    if (word === undefined) break;
    const lower = word.value.toLowerCase();
    const withDot = s[word.end] === '.' ? `${lower}.` : lower;
    if (!LEADING_QUALIFIERS.has(withDot) && !LEADING_QUALIFIERS.has(lower) && !isModifier(lower)) break;
    words.push(word.value);
    i = skipSpaces(s, word.end + (withDot !== lower && LEADING_QUALIFIERS.has(withDot) ? 1 : 0));
  }
  return { value: words, end: i };
}

/** The amount and unit at the start of the line (after qualifiers), or null when the line opens with no amount. */
function readLeadingAmount(line: Line, start: number): Reading | null {
  const s = line.text;
  const qualifiers = readQualifiers(s, start);
  // `A few sprigs` counts nothing.
  const vague = qualifiers.value.some((w) => /^(few|several)$/i.test(w));
  const article = !vague && qualifiers.value.some((w) => /^an?$/i.test(w));
  const descriptive = qualifiers.value.filter((w) => !/^(an?|few|several)$/i.test(w)).join(' ');
  const read = readAmount(s, qualifiers.end);
  const amount = read === undefined ? undefined : withDozens(s, read);
  if (amount !== undefined) {
    const sized = readSizedUnit(line, amount.end, amount.value);
    const notes = descriptive === '' ? [] : [descriptive];
    return { amount: sized.amount, unit: sized.unit, notes: [...notes, ...sized.notes], end: sized.end };
  }
  const bare = readUnit(line, qualifiers.end);
  if (bare !== undefined && (article || vague || BARE_UNITS.has(bare.value.name) || /^of\s/i.test(s.slice(skipSpaces(s, bare.end))))) {
    return {
      amount: article ? { quantity: 1, quantityMax: null } : null,
      unit: bare.value,
      notes: descriptive === '' ? [] : [descriptive],
      end: bare.end,
    };
  }
  if (article && readNumber(s, qualifiers.end) === undefined) {
    // `A 3-lb chicken`: the article counts the sized item that follows.
    const sized = readSizedUnit(line, qualifiers.end, { quantity: 1, quantityMax: null });
    if (sized.notes.length > 0 || sized.unit !== null) return { ...sized, notes: [...sized.notes] };
  }
  return null;
}

/** `Juice of 2 lemons`: an amount after a short prefix ending in `of`. */
function readPrefixedAmount(line: Line, start: number): (Reading & { prefix: string }) | null {
  const s = line.text;
  let i = start;
  const words: string[] = [];
  for (let n = 0; n <= MAX_PREFIX_WORDS; n += 1) {
    const word = readWord(s, i);
    if (word === undefined || !/^[\p{L}-]+$/u.test(word.value)) return null;
    i = skipSpaces(s, word.end);
    if (/^(of|from)$/i.test(word.value)) {
      if (words.length === 0) return null;
      const amount = readAmount(s, i);
      if (amount === undefined || readNumber(s, i) === undefined) return null;
      const sized = readSizedUnit(line, amount.end, amount.value);
      return { ...sized, notes: [...sized.notes], prefix: words.join(' ') };
    }
    words.push(word.value);
  }
  return null;
}

/**
 * The amount of a line that names the ingredient first (`Confectioners' sugar, 2 tablespoons`, `Baking powder ½
 * teaspoon`): the first number followed by a weight or volume. The name is what precedes it.
 */
function readLateAmount(line: Line, start: number): (Reading & { name: string }) | null {
  const s = line.text;
  let tried = 0;
  let depth = 0;
  let words = 0;
  for (let i = start + 1; i < s.length && tried < MAX_LATE_AMOUNTS && words <= MAX_WORDS_BEFORE_LATE_AMOUNT; i += 1) {
    const previous = s[i - 1];
    if (previous === '(') depth += 1;
    else if (previous === ')' && depth > 0) depth -= 1;
    else if (previous === ' ') words += 1;
    if (depth > 0 || readNumber(s, i) === undefined || readNumber(s, i - 1) !== undefined || !/[\s,]/.test(previous ?? '')) {
      continue;
    }
    tried += 1;
    const amount = readAmount(s, i);
    if (amount === undefined) continue;
    const sized = readSizedUnit(line, amount.end, amount.value);
    if (sized.unit === null || (sized.unit.kind !== 'mass' && sized.unit.kind !== 'volume')) continue;
    const name = s.slice(start, i).replace(/[\s,(]+$/, '');
    if (name === '') return null;
    return { ...sized, notes: [...sized.notes], name };
  }
  return null;
}

/**
 * The amount with `plus 2 teaspoons` or the `4 oz` of `1 lb 4 oz` added in, expressed in the first unit, so that
 * scaling scales all of it; an addition in another kind or system of unit stays a note.
 */
function addUp(reading: Reading, additions: readonly Addition[], notes: string[]): Amount | null {
  const { amount, unit } = reading;
  if (amount === null) return null;
  let extra = 0;
  for (const addition of additions) {
    const compatible = unit !== null && unit.base !== null && addition.unit.base !== null
      && unit.kind === addition.unit.kind && unit.system === addition.unit.system;
    if (compatible) extra += (addition.quantity * (addition.unit.base ?? 0)) / (unit.base ?? 1);
    else notes.push(addition.text);
  }
  if (extra === 0) return amount;
  return { quantity: amount.quantity + extra, quantityMax: amount.quantityMax === null ? null : amount.quantityMax + extra };
}

/** Splits a trailing unit off the name: `garlic cloves` → clove and `garlic`. */
function trailingUnit(name: string): { unit: UnitInfo; name: string } | null {
  const space = name.lastIndexOf(' ');
  if (space <= 0 || /\d/.test(name) || name.split(' ').length > MAX_WORDS_BEFORE_TRAILING_UNIT + 1) return null;
  const unit = lookupUnit(name.slice(space + 1));
  if (unit === undefined || !TRAILING_UNITS.has(unit.name)) return null;
  const before = name.slice(name.lastIndexOf(' ', space - 1) + 1, space).toLowerCase();
  if (NOT_BEFORE_TRAILING_UNIT.has(before)) return null;
  return { unit, name: name.slice(0, space) };
}

/** Parses one ingredient line. Never throws; the name falls back to the whole line when nothing else is left. */
export function parseIngredientLine(line: string): IngredientParts {
  const original = line.replace(/\s+/g, ' ').trim();
  const text = { text: original };
  let start = /^optional:?\s/i.test(original) ? skipSpaces(original, original.indexOf(' ')) : 0;
  while (start < original.length && '-*•·▪◦'.includes(original[start] ?? '') && !isDash(original[start + 1])) {
    start = skipSpaces(original, start + 1);
  }
  const leading = readLeadingAmount(text, start);
  const prefixed = leading === null ? readPrefixedAmount(text, start) : null;
  const late = leading === null && prefixed === null ? readLateAmount(text, start) : null;
  const reading: Reading = leading ?? prefixed ?? late ?? { amount: null, unit: null, notes: [], end: start };
  const high = reading.amount === null || reading.unit === null || reading.amount.quantityMax !== null
    ? undefined : readUnitRange(text, reading.end, reading.unit, reading.amount.quantity);
  if (high !== undefined && reading.amount !== null) {
    reading.amount = { quantity: reading.amount.quantity, quantityMax: high.value };
    reading.end = high.end;
  }
  const secondary = reading.amount === null && reading.unit === null ? null : readSecondaryAmounts(text, reading.end);
  const rest = dropLeadingOf(original.slice(secondary?.end ?? reading.end));
  const split = splitNameAndNote(late === null ? rest : late.name);
  let name = split.name;
  let unit = reading.unit;
  if (unit === null) {
    const found = trailingUnit(name);
    if (found !== null) ({ unit, name } = found);
  }
  const notes = [...(start > 0 && /^optional/i.test(original) ? ['optional'] : []), ...reading.notes];
  const amount = addUp(reading, secondary?.value.additions ?? [], notes);
  notes.push(...(secondary?.value.notes ?? []));
  if (prefixed !== null) notes.push(`${prefixed.prefix.toLowerCase()} only`);
  notes.push(...split.notes);
  // After a late amount, whatever follows it is a note (`…, 24 ounces, or 21 ounces at high altitude`).
  const after = late === null ? '' : rest.replace(/^[\s,;]+/, '').trim();
  if (after !== '') notes.push(after);
  if (name === '' && unit !== null && unit.kind === 'count') {
    // `8 cloves`: with nothing after it, the "unit" was the ingredient.
    name = pluralUnit(unit.name, amount?.quantityMax ?? amount?.quantity ?? null);
    unit = null;
  }
  // Nothing to name (an empty or blank line): a visible placeholder rather than an empty name.
  if (name === '') name = original === '' ? '?' : original;
  return { ...quantityOf(amount, unit), name, note: notes.length > 0 ? notes.join(', ') : null };
}
