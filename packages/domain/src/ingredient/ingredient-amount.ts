/**
 * Reading amounts at a position in an ingredient line: numbers in every form cooks write them, and ranges of them.
 * Hand-written scanning rather than one big regular expression, so the cost stays linear in the line's length
 * whatever the input (no backtracking).
 */
import { isDash, isDigit, isLetter, isSpace, skipSpaces, type Line, type Scanned } from './ingredient-line.js';
import { fractionGlyphAt } from './quantity.js';

export interface Amount {
  readonly quantity: number;
  readonly quantityMax: number | null;
}

const ARTICLE = /^an?$/i;

/** Index just past the digits at i (i itself when there are none). */
function digitsEnd(s: string, i: number): number {
  let j = i;
  while (isDigit(s[j])) j += 1;
  return j;
}

/** `3/4` or `3⁄4` at i; never a zero denominator. */
function readFraction(s: string, i: number): Scanned<number> | undefined {
  const topEnd = digitsEnd(s, i);
  if (topEnd === i || (s[topEnd] !== '/' && s[topEnd] !== '⁄')) return undefined;
  const bottomEnd = digitsEnd(s, topEnd + 1);
  const bottom = Number(s.slice(topEnd + 1, bottomEnd));
  if (bottomEnd === topEnd + 1 || bottom === 0) return undefined;
  return { value: Number(s.slice(i, topEnd)) / bottom, end: bottomEnd };
}

/** Whole part then, glued or after a space or hyphen, a proper fraction: `1½`, `1 ½`, `1 1/2`, `1-1/2`. */
function readMixedTail(s: string, i: number, whole: number): Scanned<number> | undefined {
  const glyph = fractionGlyphAt(s, i);
  if (glyph !== undefined) return glyph;
  let j = i;
  if (isDash(s[j])) j += 1;
  else if (isSpace(s[j])) j = skipSpaces(s, j);
  else return undefined;
  const spacedGlyph = fractionGlyphAt(s, j);
  const tail = spacedGlyph !== undefined && !isDash(s[i]) ? spacedGlyph : readFraction(s, j);
  if (tail === undefined || tail.value >= 1) return undefined;
  // `6 ¼-inch-thick slices` is six slices of a size, where `1 ½-inch piece` is one and a half inches.
  if (isSpace(s[i]) && whole >= 2 && isDash(s[tail.end]) && isLetter(s[tail.end + 1])) return undefined;
  return tail;
}

/**
 * One number at i: `2`, `1.5`, `1,5` (a decimal comma only when one or two digits follow it, so `1,000` stays a
 * thousand), `1/2`, `½`, `¹/₂`, `1½`, `1 1/2`, `1-1/2`. Undefined when no number starts at i or it is not finite.
 */
export function readNumber(s: string, i: number): Scanned<number> | undefined {
  const glyph = fractionGlyphAt(s, i);
  if (glyph !== undefined) return glyph;
  const wholeEnd = digitsEnd(s, i);
  if (wholeEnd === i) return undefined;
  const fraction = readFraction(s, i);
  if (fraction !== undefined) return fraction;
  let text = s.slice(i, wholeEnd);
  let end = wholeEnd;
  const separator = s[end];
  const decimalsEnd = separator === '.' || separator === ',' ? digitsEnd(s, end + 1) : end;
  const decimalCount = decimalsEnd - (end + 1);
  const hasDecimals = decimalCount > 0;
  if (hasDecimals) {
    const decimals = s.slice(end + 1, decimalsEnd);
    const thousands = separator === ',' && decimalCount === 3;
    if (separator === '.' || decimalCount <= 2 || thousands) {
      text = thousands ? text + decimals : `${text}.${decimals}`;
      end = decimalsEnd;
    }
  }
  let value = Number(text);
  if (!hasDecimals || end === wholeEnd) {
    const tail = readMixedTail(s, end, value);
    if (tail !== undefined) {
      value += tail.value;
      end = tail.end;
    }
  }
  return Number.isFinite(value) ? { value, end } : undefined;
}

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8],
  ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['thirteen', 13], ['fourteen', 14], ['fifteen', 15],
  ['sixteen', 16], ['seventeen', 17], ['eighteen', 18], ['nineteen', 19], ['twenty', 20], ['thirty', 30], ['forty', 40],
  ['fifty', 50],
  ['half', 0.5], ['one-half', 0.5], ['quarter', 0.25], ['one-quarter', 0.25],
]);

/** The numbers written out, lower-cased (`two`, `half`); `dozen` is a unit (`2 dozen eggs`), not a number. */
export const numberWords = (): readonly string[] => [...NUMBER_WORDS.keys()];

/** Whether a lower-cased word is a number written out (`two`, `half`). */
export const isNumberWord = (lower: string): boolean => NUMBER_WORDS.has(lower);

/** A number written as a word (`two`, `half a`), followed by a word boundary. */
export function readNumberWord(line: Line, i: number): Scanned<number> | undefined {
  const end = line.wordEnd(i);
  if (end === i) return undefined;
  const lower = line.lowerWordAt(i);
  const s = line.text;
  const value = NUMBER_WORDS.get(lower);
  if (value === undefined) return undefined;
  if (lower === 'half') {
    // `half a 7-ounce can`: the article belongs to the half.
    const next = line.readWord(skipSpaces(s, end));
    if (next !== undefined && ARTICLE.test(next.value)) return { value, end: next.end };
  }
  return { value, end };
}

/** Where the second number of a range starts, after `-`, ` - `, `–`, ` to `, ` or `, `- to ` or `-to-`. */
export function readRangeSeparator(line: Line, i: number): number | undefined {
  const s = line.text;
  let j = skipSpaces(s, i);
  const dash = isDash(s[j]);
  if (dash) j = skipSpaces(s, j + 1);
  const lower = line.lowerWordAt(j);
  const end = line.wordEnd(j);
  if ((lower === 'to' || lower === 'or') && (isSpace(s[end]) || isDash(s[end]))) {
    j = skipSpaces(s, end);
    if (isDash(s[j])) j = skipSpaces(s, j + 1);
    return j;
  }
  return dash ? j : undefined;
}

const FRACTION_WORDS: ReadonlyMap<string, number> = new Map([['half', 0.5], ['quarter', 0.25], ['third', 1 / 3]]);

/** `and a half`, `and 1/2`, `and ½` after a whole number (`one and a half cups`, `1 and 1/2 cups`): the fraction. */
export function readAndFraction(line: Line, i: number): Scanned<number> | undefined {
  const s = line.text;
  const and = skipSpaces(s, i);
  // The first letter alone first: this runs after every number, and rarely finds an `and`.
  const first = s.charCodeAt(and) | 32;
  if (first !== 97 || !line.isWordAt(and, 'and')) return undefined;
  const at = skipSpaces(s, line.wordEnd(and));
  if (line.isWordAt(at, 'a')) {
    const word = skipSpaces(s, line.wordEnd(at));
    const value = FRACTION_WORDS.get(line.lowerWordAt(word));
    return value === undefined ? undefined : { value, end: line.wordEnd(word) };
  }
  const fraction = readNumber(s, at);
  return fraction !== undefined && fraction.value < 1 ? fraction : undefined;
}

/** A number at i in figures or words, with an `and a half` that follows a whole one. */
function readWholeAndFraction(line: Line, i: number): Scanned<number> | undefined {
  const figures = readNumber(line.text, i);
  const first = figures ?? readNumberWord(line, i);
  if (first === undefined || !Number.isInteger(first.value)) return first;
  const fraction = readAndFraction(line, first.end);
  return fraction === undefined ? first : { value: first.value + fraction.value, end: fraction.end };
}

/**
 * A number or a range at i: `2`, `2-3`, `2 - 3`, `2–3`, `2 to 3`, `2 or 3`, `½–1`, `two or three`. A "range" whose
 * high end is not above its low end is read as its first number only.
 */
export function readAmount(line: Line, i: number): Scanned<Amount> | undefined {
  const s = line.text;
  const first = readWholeAndFraction(line, i);
  // `60% chocolate` names a kind, not an amount.
  if (first === undefined || s[first.end] === '%') return undefined;
  const afterSeparator = readRangeSeparator(line, first.end);
  if (afterSeparator !== undefined) {
    const second = readWholeAndFraction(line, afterSeparator);
    if (second !== undefined && second.value > first.value) {
      return { value: { quantity: first.value, quantityMax: second.value }, end: second.end };
    }
  }
  return { value: { quantity: first.value, quantityMax: null }, end: first.end };
}
