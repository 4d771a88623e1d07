/**
 * Reading the unit that follows an amount, with what can sit between them (`heaped`, `(14 oz)`, `x 400g`, `14-ounce`)
 * and the alternative amounts that can follow it (`/½oz`, `(240 ml)`, `plus 2 teaspoons`).
 */
import { readAmount, readNumber, readRangeSeparator, type Amount } from './ingredient-amount.js';
import { isDash, skipSpaces, type Line, type Scanned } from './ingredient-line.js';
import { lookupUnit, lookupUnitWord, opensUnitPair, type UnitInfo } from './units.js';

export interface SizedUnit {
  readonly amount: Amount | null;
  readonly unit: UnitInfo | null;
  readonly notes: readonly string[];
  readonly end: number;
}

const MODIFIERS = new Set(['small', 'medium', 'large', 'big', 'extra-large', 'medium-size', 'medium-sized', 'good-sized', 'large-size', 'small-size', 'heaped', 'heaping', 'scant', 'generous', 'level', 'rounded', 'good', 'thin', 'thick', 'fat', 'plump', 'healthy', 'liquid', 'whole', 'round', 'very', 'long', 'full', 'packed', 'firmly', 'lightly', 'loosely', 'well', 'tightly', 'level', 'overflowing',
  // Abbreviated, with or without a period (`2 lg. cloves`).
  'lg', 'lge', 'lrg', 'med', 'sm', 'sml', 'xl']);

// `quarter-size slices`, `½-inch-thick slices`, `medium-length stalks`.
const SIZE_SUFFIX = /-(size|sized|length|thick|thin|long|wide)$/i;
const SIZE_SUFFIX_MAX = '-length'.length;
/** Whether a hyphen is among the last characters of the word, where a size suffix would start. */
function hyphenNearEnd(word: string): boolean {
  for (let i = word.length - 1; i >= 0 && i >= word.length - SIZE_SUFFIX_MAX; i -= 1) if (word.charCodeAt(i) === 45) return true;
  return false;
}
// The suffix is looked for only after a hyphen near the end: this runs on most words of most lines, few have one.
export const isModifier = (word: string, lower: string = word.toLowerCase()): boolean =>
  MODIFIERS.has(lower) || (hyphenNearEnd(word) && SIZE_SUFFIX.test(word));

/** Words that can open a line before its amount or unit (`about 2 cups`, `a pinch`, `few sprigs`). */
export const LEADING_QUALIFIERS: ReadonlySet<string> = new Set(['about', 'approximately', 'approx', 'approx.', 'around', 'roughly', 'some', 'nearly', 'almost', 'scant', 'generous', 'heaped', 'heaping', 'rounded', 'level', 'good', 'large', 'small', 'big', 'medium', 'generously', 'a', 'an', 'few', 'several', 'couple']);

const MEASURE_KINDS = new Set(['mass', 'volume', 'length']);

/** A unit word (or two, as in `fl. oz.`) at i, with its trailing period. */
export function readUnit(line: Line, i: number): Scanned<UnitInfo> | undefined {
  const s = line.text;
  const first = line.readWord(i);
  if (first === undefined) return undefined;
  const lower = line.lowerWordAt(i);
  const afterFirst = s[first.end] === '.' ? first.end + 1 : first.end;
  const second = opensUnitPair(lower) ? line.readWord(skipSpaces(s, afterFirst)) : undefined;
  if (second !== undefined && second.value.length <= 6) {
    const pair = lookupUnit(s.slice(i, second.end));
    if (pair !== undefined) return { value: pair, end: s[second.end] === '.' ? second.end + 1 : second.end };
  }
  const withDot = afterFirst > first.end ? lookupUnit(s.slice(i, afterFirst)) : undefined;
  if (withDot !== undefined) return { value: withDot, end: afterFirst };
  const single = lookupUnitWord(first.value, lower);
  return single === undefined ? undefined : { value: single, end: first.end };
}

/**
 * A unit after up to two modifiers and a parenthesised size (`heaped tbsp`, `large cloves`, `medium (12 oz) loaf`);
 * the modifiers and the size become notes.
 */
function readModifiedUnit(line: Line, i: number): Scanned<{ unit: UnitInfo; modifiers: string[] }> | undefined {
  const s = line.text;
  let j = skipSpaces(s, i);
  const modifiers: string[] = [];
  // The count of an alternative size (`2` of `1 large or 2 small cloves`), kept with the size word that follows it.
  let alternative = '';
  for (let n = 0; n <= 5; n += 1) {
    const unit = readUnit(line, j);
    // `whole cloves` are the spice.
    if (unit !== undefined && alternative === '' && !(unit.value.name === 'clove' && /whole/i.test(modifiers.at(-1) ?? ''))) {
      return { value: { unit: unit.value, modifiers }, end: unit.end };
    }
    if (n > 0 && (s[j] === ',' || /^(to|or|and)\s/i.test(s.slice(j, j + 4)))) {
      // `large, thin slices`, `small to medium head`.
      const next = skipSpaces(s, s[j] === ',' ? j + 1 : line.wordEnd(j));
      const count = line.isWordAt(j, 'or') ? readNumber(s, next) : undefined;
      if (count !== undefined && s[count.end] === ' ') {
        // `1 large or 2 small cloves`: the amount is the first size's; the other stays in the note.
        alternative = `or ${s.slice(next, count.end)} `;
        j = skipSpaces(s, count.end);
      } else j = next;
      continue;
    }
    if (s[j] === '(' && n > 0) {
      const close = closeParen(s, j);
      if (close < 0) return undefined;
      modifiers.push(s.slice(j + 1, close - 1).trim());
      j = skipSpaces(s, close);
      continue;
    }
    const word = line.readWord(j);
    if (word === undefined || !isModifier(word.value, line.lowerWordAt(j))) return undefined;
    modifiers.push(alternative + word.value);
    alternative = '';
    j = skipSpaces(s, s[word.end] === '.' ? word.end + 1 : word.end);
  }
  return undefined;
}

/** Index just past the `)` closing the group opened at i, or -1. */
export function closeParen(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j += 1) {
    if (s[j] === '(') depth += 1;
    else if (s[j] === ')') {
      depth -= 1;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

const INCH = lookupUnit('inch');

/**
 * `in` glued to the number before it (`2in`, `¾in`) is an inch; `in` after a space stays a preposition (`2 in a
 * bowl`), as the unit table has it.
 */
export function readGluedInch(line: Line, i: number): Scanned<UnitInfo> | undefined {
  return INCH !== undefined && line.isWordAt(i, 'in') ? { value: INCH, end: i + 2 } : undefined;
}

interface Measure {
  readonly amount: number;
  /** The high end of a ranged size (`3- to 4-pound`), or null. */
  readonly max: number | null;
  readonly unit: UnitInfo;
  readonly text: string;
  readonly hyphen: boolean;
}

/** A measured amount at i: `400g`, `14 oz`, `14-ounce`, `½-inch`, `2in`, `3- to 4-pound`. */
function readMeasure(line: Line, i: number): Scanned<Measure> | undefined {
  const s = line.text;
  // A number in figures first: the cheap test that fails on most words, before reading a range or number word.
  if (readNumber(s, i) === undefined) return undefined;
  const number = readAmount(line, i);
  if (number === undefined) return undefined;
  const hyphen = isDash(s[number.end]);
  const unit = readUnit(line, hyphen ? number.end + 1 : skipSpaces(s, number.end)) ?? readGluedInch(line, number.end);
  if (unit === undefined || !MEASURE_KINDS.has(unit.value.kind)) return undefined;
  const { quantity, quantityMax } = number.value;
  return { value: { amount: quantity, max: quantityMax, unit: unit.value, text: s.slice(i, unit.end), hyphen }, end: unit.end };
}

/** A number hyphenated to a word, such as `½-inch-thick`. */
function readSizeWord(line: Line, i: number): Scanned<string> | undefined {
  const s = line.text;
  const number = readNumber(s, i);
  if (number === undefined || !isDash(s[number.end])) return undefined;
  const word = line.readWord(number.end + 1);
  return word === undefined ? undefined : { value: s.slice(i, word.end), end: word.end };
}

const withNote = (notes: string[], note: string): string[] => (note === '' ? notes : [...notes, note]);


/** What follows an amount up to the end of its unit. */
export function readSizedUnit(line: Line, i: number, amount: Amount): SizedUnit {
  const s = line.text;
  // `1-inch piece ginger`, `3-lb chicken`: the amount itself is the size of one item.
  if (isDash(s[i])) {
    const unit = readUnit(line, i + 1);
    if (unit !== undefined && MEASURE_KINDS.has(unit.value.kind)) return { amount, unit: unit.value, notes: [], end: unit.end };
  }
  const inch = readGluedInch(line, i);
  if (inch !== undefined) return { amount, unit: inch.value, notes: [], end: inch.end };
  let j = skipSpaces(s, i);
  // `2 to 3, teaspoons`: a stray comma between an amount and its unit.
  if (s[j] === ',' && readUnit(line, skipSpaces(s, j + 1)) !== undefined) j = skipSpaces(s, j + 1);
  let notes: string[] = [];
  let size: Measure | undefined;
  let sizeAlternatives: string[] = [];
  const multiplier = (s[j] === 'x' || s[j] === 'X' || s[j] === '×') && (s[j + 1] === ' ' || readNumber(s, j + 1) !== undefined);
  const measureAt = multiplier ? skipSpaces(s, j + 1) : j;
  const measure = readMeasure(line, measureAt);
  // `Two ¼-oz/7-g packets`: alternatives of the size stay with it.
  const alternatives = measure === undefined ? undefined : readSecondaryAmounts(line, measure.end);
  const afterMeasure = alternatives?.end ?? j;
  if (measure !== undefined && (multiplier || measure.value.hyphen || readModifiedUnit(line, afterMeasure) !== undefined || s[skipSpaces(s, afterMeasure)] === '(')) {
    size = measure.value;
    sizeAlternatives = [...(alternatives?.value.notes ?? []), ...(alternatives?.value.additions ?? []).map((a) => a.text)];
    notes = [measure.value.text, ...sizeAlternatives];
    j = skipSpaces(s, afterMeasure);
  }
  // `1 x thumb-sized piece ginger`, `2 x red onions`: the sign counts an item that has no size (not a dimension,
  // `9 × 5 in loaf pan`).
  const bareMultiplier = multiplier && size === undefined && readNumber(s, measureAt) === undefined;
  if (bareMultiplier) j = measureAt;
  const sizeWord = size === undefined ? readSizeWord(line, j) : undefined;
  if (sizeWord !== undefined && line.readWord(skipSpaces(s, sizeWord.end)) !== undefined) {
    // `Six ½-inch-thick slices`: a size written as one hyphenated word.
    notes = [sizeWord.value];
    j = skipSpaces(s, sizeWord.end);
  }
  if (s[j] === '(') {
    const close = closeParen(s, j);
    if (close > 0) {
      notes = withNote(notes, s.slice(j + 1, close - 1).trim());
      j = skipSpaces(s, close);
    }
  }
  const unit = readModifiedUnit(line, j);
  if (unit !== undefined) {
    return { amount, unit: unit.value.unit, notes: [...notes, ...unit.value.modifiers], end: unit.end };
  }
  if (size !== undefined && amount.quantity === 1 && amount.quantityMax === null) {
    // One item of a stated size: its size is the amount that scales (`1 x 2kg/4lb 8oz chicken` keeps `4lb 8oz`).
    return { amount: { quantity: size.amount, quantityMax: size.max }, unit: size.unit, notes: sizeAlternatives, end: j };
  }
  return { amount, unit: null, notes, end: notes.length > 0 || bareMultiplier ? j : i };
}

export interface Addition {
  readonly quantity: number;
  readonly unit: UnitInfo;
  readonly text: string;
}

export interface SecondaryAmounts {
  /** Alternatives to the amount (`½oz` in `10g/½oz`, `240 ml` in `1 cup (240 ml)`): notes. */
  readonly notes: readonly string[];
  /** Amounts to add to it (`plus 2 teaspoons`, the `4 oz` of `1 lb 4 oz`). */
  readonly additions: readonly Addition[];
}

/** Alternative or extra amounts after the unit: `/½oz`, `(240 ml)`, `plus 2 teaspoons`, `5 ounces`. */
export function readSecondaryAmounts(line: Line, i: number): Scanned<SecondaryAmounts> {
  const s = line.text;
  const notes: string[] = [];
  const additions: Addition[] = [];
  let end = i;
  // Whether the last amount read was an alternative after a slash.
  let afterSlash = false;
  for (;;) {
    const j = skipSpaces(s, end);
    if (s[j] === '(') {
      const close = closeParen(s, j);
      const inner = close > 0 ? s.slice(j + 1, close - 1).trim() : '';
      const first = line.lowerWordAt(j + 1);
      if (close < 0 || (readNumber(inner, 0) === undefined && first !== 'about' && first !== 'approximately')) break;
      notes.push(inner);
      afterSlash = false;
      end = close;
      continue;
    }
    const slash = s[j] === '/';
    const plus = !slash && (s[j] === '+' || line.isWordAt(j, 'plus'));
    const from = slash || s[j] === '+' ? skipSpaces(s, j + 1) : plus ? skipSpaces(s, j + 4) : j;
    const measure = readMeasure(line, from);
    if (measure === undefined || (!slash && !plus && measure.value.hyphen)) break;
    const { amount, unit, text } = measure.value;
    if (slash) notes.push(text);
    else if (!plus && afterSlash) notes[notes.length - 1] = `${notes[notes.length - 1] ?? ''} ${text}`;
    // `10g/2lb 4oz`: the `4oz` goes on with the alternative, not the amount.
    else additions.push({ quantity: amount, unit, text: plus ? `plus ${text}` : text });
    afterSlash = slash || (afterSlash && !plus);
    end = measure.end;
  }
  return { value: { notes, additions }, end };
}

/** The high end of a range that repeats its unit: `¾ cup to 1 cup`, `1 tbsp - 2 tbsp`. */
export function readUnitRange(line: Line, i: number, unit: UnitInfo, low: number): Scanned<number> | undefined {
  const s = line.text;
  const from = readRangeSeparator(line, i);
  const high = from === undefined ? undefined : readNumber(s, from);
  if (high === undefined || high.value <= low) return undefined;
  const repeated = readUnit(line, skipSpaces(s, high.end));
  return repeated?.value === unit ? { value: high.value, end: repeated.end } : undefined;
}

/**
 * The top of a range written in another unit of the same kind (`2 teaspoons to 1 tablespoon`), as `to 1 tablespoon`;
 * never a top below the low end (`1 cup - 2 tbsp` is not a range).
 */
export function readRangeInOtherUnit(line: Line, i: number, unit: UnitInfo, low: number): Scanned<string> | undefined {
  const from = readRangeSeparator(line, i);
  const top = from === undefined ? undefined : readMeasure(line, from);
  if (top === undefined || top.value.unit === unit || top.value.unit.kind !== unit.kind || top.value.hyphen) return undefined;
  const { amount, unit: topUnit } = top.value;
  const comparable = unit.base !== null && topUnit.base !== null && unit.system === topUnit.system;
  if (comparable && amount * (topUnit.base ?? 0) <= low * (unit.base ?? 0)) return undefined;
  return { value: `to ${top.value.text}`, end: top.end };
}
