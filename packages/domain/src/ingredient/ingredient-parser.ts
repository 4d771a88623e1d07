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
 * - An article before a unit of no fixed size is a vague amount, as `a few` and `a couple of` are (`a pinch of salt`,
 *   `a good pinch`, `a knob of butter`, `a sprig`): the unit and no quantity, as a bare unit (`Pinch of salt`) has;
 *   it stays one before a weight or volume (`a cup of sugar`) and before `dozen`, and a size after it is the amount
 *   (`A 3-lb chicken`, `a 400g can`).
 * - `dozen` is a unit (`2 dozen eggs` is 2 dozen, `a dozen` 1), which scales as one; a shopping list counts 12 items.
 */
import { readAmount, readAndFraction, readNumber, readNumberWord, type Amount } from './ingredient-amount.js';
import { isDash, Line, skipSpaces, type Scanned } from './ingredient-line.js';
import { collapseWhitespace, dropLeadingOf, splitNameAndNote, trailingUnit } from './ingredient-name.js';
import { readPlainLine } from './ingredient-plain-line.js';
import type { IngredientParts } from './ingredient.js';
import { cleanQuantity } from './quantity.js';
import { pluralUnit, type UnitInfo } from './units.js';
import {
  LEADING_QUALIFIERS,
  closeParen,
  isModifier,
  readSecondaryAmounts,
  readSizedUnit,
  readUnit,
  readRangeInOtherUnit,
  readUnitRange,
  type Addition,
} from './ingredient-unit.js';

// Units that can open a line without a number (`Pinch of salt`, `Handful watercress`) without being a name.
const BARE_UNITS = new Set(['pinch', 'dash', 'splash', 'handful', 'bunch', 'knob', 'glug', 'drop', 'sprig', 'shake']);

// Prefixes of an amount that are really a part of the item: `Juice of 2 lemons` is 2 lemons, juice only.
const MAX_PREFIX_WORDS = 5;
// Parts of a fruit that can name the amount's item without an `of` before it (`juice 1 lemon`).
const PARTS = new Set(['juice', 'zest', 'rind', 'peel']);

const MAX_WORDS_BEFORE_LATE_AMOUNT = 6;

// Units of a fixed size, which an article counts as one (`a cup of sugar`); before any other unit it is vague.
const MEASURED_KINDS: ReadonlySet<string> = new Set(['mass', 'volume', 'length']);

// How many numbers to try when the amount comes after the name (`Butter, 1 pound`); bounds the work on long lines.
const MAX_LATE_AMOUNTS = 5;

interface Reading {
  amount: Amount | null;
  unit: UnitInfo | null;
  notes: string[];
  end: number;
}

// Compiled once here rather than written inline in the functions that run per line.
const VAGUE = /^(few|several|couple)$/i;
const ARTICLE = /^an?$/i;
const ARTICLE_OR_VAGUE = /^(an?|few|several|couple)$/i;
const OF_AHEAD = /^of\s/i;
const PREFIX_WORD = /^[\p{L}-]+$/u;
const COMMA_OR_SPACE = /[\s,]/;
const TRAILING_NAME_SEPARATORS = /[\s,(]+$/;
const OPTIONAL_PREFIX = /^optional:?\s/i;
const OPTIONAL = /^optional/i;
const FOR_HEADING = /^for\s/i;
const LEADING_SEPARATORS = /^[\s,;]+/;
const BULLETS = '-*•·▪◦';

/**
 * The result in the contract's field order. Built field by field: spreading an object and adding fields to it takes
 * V8 a slow path that cost microseconds per line.
 */
function partsOf(amount: Amount | null, unit: UnitInfo | null, name: string, note: string | null): IngredientParts {
  return {
    quantity: amount === null ? null : cleanQuantity(amount.quantity),
    quantity_max: amount?.quantityMax == null ? null : cleanQuantity(amount.quantityMax),
    unit: unit?.name ?? null,
    name,
    note,
  };
}

/** Leading qualifier words (`about`, `scant`, `a`) before an amount or unit; returns them and where they end. */
function readQualifiers(line: Line, start: number): Scanned<string[]> {
  const s = line.text;
  const words: string[] = [];
  let i = start;
  for (let n = 0; n < 3; n += 1) {
    const word = line.readWord(i);
    if (word === undefined) break;
    const lower = line.lowerWordAt(i);
    const withDot = s[word.end] === '.' ? `${lower}.` : lower;
    if (!LEADING_QUALIFIERS.has(withDot) && !LEADING_QUALIFIERS.has(lower) && !isModifier(lower, lower)) break;
    words.push(word.value);
    i = skipSpaces(s, word.end + (withDot !== lower && LEADING_QUALIFIERS.has(withDot) ? 1 : 0));
    // `a couple of sprigs`: the `of` belongs to the vague amount.
    if (lower === 'couple' && line.isWordAt(i, 'of')) i = skipSpaces(s, i + 2);
  }
  return { value: words, end: i };
}

/** The amount and unit at the start of the line (after qualifiers), or null when the line opens with no amount. */
function readLeadingAmount(line: Line, start: number): Reading | null {
  const s = line.text;
  const qualifiers = readQualifiers(line, start);
  const words = qualifiers.value;
  // `A few sprigs` counts nothing.
  const vague = words.some((w) => VAGUE.test(w));
  const article = !vague && words.some((w) => ARTICLE.test(w));
  const descriptive = words.length === 0 ? '' : words.filter((w) => !ARTICLE_OR_VAGUE.test(w)).join(' ');
  const amount = readAmount(line, qualifiers.end);
  if (amount !== undefined) {
    const sized = readSizedUnit(line, amount.end, amount.value);
    const notes = descriptive === '' ? [] : [descriptive];
    return { amount: sized.amount, unit: sized.unit, notes: [...notes, ...sized.notes], end: sized.end };
  }
  const bare = readUnit(line, qualifiers.end);
  // `Scant teaspoon cocoa`: a size word before a unit makes it a measure, as an article or `of` after it does; but
  // `Leaves of 1 sprig thyme` counts the sprigs, with the leaves a part of them (the prefixed reading).
  const afterBare = bare === undefined ? -1 : skipSpaces(s, bare.end);
  const ofAhead = bare !== undefined && OF_AHEAD.test(s.slice(afterBare, afterBare + 3))
    && readNumber(s, skipSpaces(s, afterBare + 2)) === undefined;
  if (bare !== undefined && (article || vague || descriptive !== '' || BARE_UNITS.has(bare.value.name) || ofAhead)) {
    const unit = bare.value;
    // `a dozen` is twelve (`a dozen and a half` eighteen); `a cup` a measure; `a pinch`, `a knob`, `a sprig` vague.
    const dozen = article && unit.name === 'dozen';
    const half = dozen ? readAndFraction(line, bare.end) : undefined;
    const counted = dozen || (article && MEASURED_KINDS.has(unit.kind));
    return {
      amount: counted ? { quantity: 1 + (half?.value ?? 0), quantityMax: null } : null,
      unit,
      notes: descriptive === '' ? [] : [descriptive],
      end: half?.end ?? bare.end,
    };
  }
  if (article && readNumber(s, qualifiers.end) === undefined) {
    // `A 3-lb chicken`: the article counts the sized item that follows.
    const sized = readSizedUnit(line, qualifiers.end, { quantity: 1, quantityMax: null });
    if (sized.notes.length > 0 || sized.unit !== null) return { ...sized, notes: [...sized.notes] };
  }
  return null;
}

/** `Juice of 2 lemons`: an amount after a short prefix ending in `of`, or in a part of a fruit (`juice 1 lemon`). */
function readPrefixedAmount(line: Line, start: number): (Reading & { prefix: string }) | null {
  const s = line.text;
  let i = start;
  const words: string[] = [];
  for (let n = 0; n <= MAX_PREFIX_WORDS; n += 1) {
    const word = line.readWord(i);
    if (word === undefined || !PREFIX_WORD.test(word.value)) return null;
    const lower = line.lowerWordAt(i);
    i = skipSpaces(s, word.end);
    if (lower === 'of' || lower === 'from') {
      if (words.length === 0) return null;
      // `Juice of 2 lemons`, `zest of one orange`, `juice of half a lemon`.
      if (readNumber(s, i) === undefined && readNumberWord(line, i) === undefined) return null;
      const amount = readAmount(line, i);
      if (amount === undefined) return null;
      const sized = readSizedUnit(line, amount.end, amount.value);
      return { amount: sized.amount, unit: sized.unit, notes: [...sized.notes], end: sized.end, prefix: words.join(' ') };
    }
    words.push(word.value);
    if (PARTS.has(lower) && readNumber(s, i) !== undefined) {
      // `juice 1 lemon`, `zest and juice ½ orange`: the UK style leaves out the `of`. A unit after the number makes
      // it the amount of the part itself (`lemon juice 2 tbsp`), which is not this reading.
      const amount = readAmount(line, i);
      if (amount === undefined) return null;
      const sized = readSizedUnit(line, amount.end, amount.value);
      if (sized.unit !== null) return null;
      return { amount: sized.amount, unit: sized.unit, notes: [...sized.notes], end: sized.end, prefix: words.join(' ') };
    }
  }
  return null;
}

// Words after which a number belongs to a phrase, not to the line's amount (`cut into 8 pieces`, `Serves 4`).
const LEADS_INTO_NUMBER = new Set(['into', 'in', 'for', 'of', 'from', 'to', 'with', 'about', 'and', 'or', 'plus', 'per',
  'each', 'by', 'x', 'at', 'than', 'serves', 'serve', 'makes', 'make', 'yields', 'yield', 'mark', 'no', 'number', 'size', 'step']);
const PLAIN_NAME = /^[\p{L}' ,-]+$/u;
const LAST_WORD = /([\p{L}'-]+)[\s,]*$/u;

/** Whether s[start, end) is a name of plain words (letters, spaces, commas) whose last word leads into no number. */
function plainNameBefore(s: string, start: number, end: number): boolean {
  const before = s.slice(start, end);
  if (!PLAIN_NAME.test(before)) return false;
  const last = LAST_WORD.exec(before)?.[1];
  return last !== undefined && !LEADS_INTO_NUMBER.has(last.toLowerCase());
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
    // Cheapest test first: most positions are not after a space or comma.
    if (depth > 0 || !COMMA_OR_SPACE.test(previous ?? '') || readNumber(s, i) === undefined || readNumber(s, i - 1) !== undefined) {
      continue;
    }
    tried += 1;
    const amount = readAmount(line, i);
    if (amount === undefined) continue;
    const sized = readSizedUnit(line, amount.end, amount.value);
    const measured = sized.unit !== null && (sized.unit.kind === 'mass' || sized.unit.kind === 'volume');
    const clauseEnd = sized.end === s.length || s[sized.end] === ',';
    // `Eggs (large), 5, or 6 at high altitude`: a bare count after a comma, ending the line or its clause.
    const counted = sized.unit === null && s[i - 2] === ',' && clauseEnd;
    // The name-first style (`garlic 2 cloves`, `lemon 1`, `onions 2, medium`): a count, or a count and a unit other
    // than a length, ending the line or its clause after a name of plain words that does not lead into it (`cut
    // into 8 pieces`, `for 1 crust`, `Serves 4`).
    const nameFirst = !measured && !counted && clauseEnd && (sized.unit === null || sized.unit.kind !== 'length')
      && plainNameBefore(s, start, i);
    if (!measured && !counted && !nameFirst) continue;
    const name = s.slice(start, i).replace(TRAILING_NAME_SEPARATORS, '');
    if (name === '') return null;
    return { amount: sized.amount, unit: sized.unit, notes: [...sized.notes], end: sized.end, name };
  }
  return null;
}

/**
 * `Fresh cilantro leaves (about ½ cup)`, `Small cabbage (about 1 pound), cored`: a line with no amount of its own
 * takes a weight or volume that opens its first parenthesis as its amount. The parenthesis leaves the line (`rest` is
 * what is left after the start), its `about` and anything after the unit become notes.
 */
function readParenthesisedAmount(line: Line, start: number): (Reading & { rest: string }) | null {
  const s = line.text;
  const open = s.indexOf('(', start);
  // A figure before it (`Egg yolks 4 (72 grams)`) is an amount of the line's own that was not read; a heading (`For
  // the glaze (about ½ cup):`) names a group of lines, not an ingredient.
  if (open < 0 || /\d/.test(s.slice(start, open)) || s.endsWith(':') || FOR_HEADING.test(s.slice(start, start + 4))) return null;
  const close = closeParen(s, open);
  if (close < 0) return null;
  const qualifiers = readQualifiers(line, skipSpaces(s, open + 1));
  if (readNumber(s, qualifiers.end) === undefined) return null;
  const amount = readAmount(line, qualifiers.end);
  if (amount === undefined || amount.end >= close) return null;
  const sized = readSizedUnit(line, amount.end, amount.value);
  if (sized.unit === null || (sized.unit.kind !== 'mass' && sized.unit.kind !== 'volume') || sized.end >= close) return null;
  const notes = [...qualifiers.value.filter((w) => !ARTICLE_OR_VAGUE.test(w)), ...sized.notes];
  const tail = s.slice(sized.end, close - 1).replace(LEADING_SEPARATORS, '').trim();
  if (tail !== '') notes.push(tail);
  const rest = `${s.slice(start, open).trimEnd()}${s.slice(close)}`;
  return { amount: sized.amount, unit: sized.unit, notes, end: close, rest };
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

function appendAll(notes: string[], more: readonly string[]): void {
  for (const note of more) notes.push(note);
}

/** Parses one ingredient line. Never throws; the name falls back to the whole line when nothing else is left. */
export function parseIngredientLine(line: string): IngredientParts {
  return parseTidyIngredientLine(collapseWhitespace(line));
}

/** `parseIngredientLine` for a line that `collapseWhitespace` has already tidied (as input validation does). */
export function parseTidyIngredientLine(original: string): IngredientParts {
  return readPlainLine(original) ?? parseInFull(original);
}

/** Every reading the parser knows, at every position it applies to. */
export function parseInFull(original: string): IngredientParts {
  const text = new Line(original);
  let start = OPTIONAL_PREFIX.test(original) ? skipSpaces(original, original.indexOf(' ')) : 0;
  while (start < original.length && BULLETS.includes(original[start] ?? '') && !isDash(original[start + 1])) {
    start = skipSpaces(original, start + 1);
  }
  const leading = readLeadingAmount(text, start);
  const prefixed = leading === null ? readPrefixedAmount(text, start) : null;
  const late = leading === null && prefixed === null ? readLateAmount(text, start) : null;
  const bracketed = leading === null && prefixed === null && late === null ? readParenthesisedAmount(text, start) : null;
  const reading: Reading = leading ?? prefixed ?? late ?? bracketed ?? { amount: null, unit: null, notes: [], end: start };
  const high = reading.amount === null || reading.unit === null || reading.amount.quantityMax !== null
    ? undefined : readUnitRange(text, reading.end, reading.unit, reading.amount.quantity);
  if (high !== undefined && reading.amount !== null) {
    reading.amount = { quantity: reading.amount.quantity, quantityMax: high.value };
    reading.end = high.end;
  }
  // `2 teaspoons to 1 tablespoon`: the amount stays the first, the top in its other unit is a note.
  const otherTop = high === undefined && reading.amount !== null && reading.unit !== null && reading.amount.quantityMax === null
    ? readRangeInOtherUnit(text, reading.end, reading.unit, reading.amount.quantity) : undefined;
  if (otherTop !== undefined) reading.end = otherTop.end;
  const secondary = (reading.amount === null && reading.unit === null) || bracketed !== null ? null : readSecondaryAmounts(text, reading.end);
  const rest = dropLeadingOf(original.slice(secondary?.end ?? reading.end));
  const split = splitNameAndNote(late?.name ?? bracketed?.rest ?? rest);
  let name = split.name;
  let unit = reading.unit;
  if (unit === null) {
    const found = trailingUnit(name);
    if (found !== null) ({ unit, name } = found);
  }
  const notes: string[] = start > 0 && OPTIONAL.test(original) ? ['optional'] : [];
  appendAll(notes, reading.notes);
  if (otherTop !== undefined) notes.push(otherTop.value);
  const amount = addUp(reading, secondary?.value.additions ?? [], notes);
  if (secondary !== null) appendAll(notes, secondary.value.notes);
  if (prefixed !== null) notes.push(`${prefixed.prefix.toLowerCase()} only`);
  appendAll(notes, split.notes);
  // After a late amount, whatever follows it is a note (`…, 24 ounces, or 21 ounces at high altitude`).
  const after = late === null ? '' : rest.replace(LEADING_SEPARATORS, '').trim();
  if (after !== '') notes.push(after);
  if (name === '' && unit !== null && unit.kind === 'count') {
    // `8 cloves`: with nothing after it, the "unit" was the ingredient.
    name = pluralUnit(unit.name, amount?.quantityMax ?? amount?.quantity ?? null);
    unit = null;
  }
  // Nothing to name (an empty or blank line): a visible placeholder rather than an empty name.
  if (name === '') name = original === '' ? '?' : original;
  return partsOf(amount, unit, name, notes.length > 0 ? notes.join(', ') : null);
}
