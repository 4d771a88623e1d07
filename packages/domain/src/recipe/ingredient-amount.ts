/**
 * Reading amounts at a position in an ingredient line: numbers in every form cooks write them, and ranges of them.
 * Hand-written scanning rather than one big regular expression, so the cost stays linear in the line's length
 * whatever the input (no backtracking).
 */
import { FRACTION_GLYPHS } from './quantity.js';

export interface Scanned<T> {
  readonly value: T;
  /** Index just past what was read. */
  readonly end: number;
}

export interface Amount {
  readonly quantity: number;
  readonly quantityMax: number | null;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\u00a0';
const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);
export const isDash = (c: string | undefined): boolean => c === '-' || c === '–' || c === '—' || c === '‑' || c === '‐';

export function skipSpaces(s: string, i: number): number {
  let j = i;
  while (isSpace(s[j])) j += 1;
  return j;
}

function readDigits(s: string, i: number): Scanned<string> | undefined {
  let j = i;
  while (isDigit(s[j])) j += 1;
  return j > i ? { value: s.slice(i, j), end: j } : undefined;
}

/** `3/4` or `3⁄4` at i; never a zero denominator. */
function readFraction(s: string, i: number): Scanned<number> | undefined {
  const top = readDigits(s, i);
  if (top === undefined || (s[top.end] !== '/' && s[top.end] !== '⁄')) return undefined;
  const bottom = readDigits(s, top.end + 1);
  if (bottom === undefined || Number(bottom.value) === 0) return undefined;
  return { value: Number(top.value) / Number(bottom.value), end: bottom.end };
}

/** Whole part then, glued or after a space or hyphen, a proper fraction: `1½`, `1 ½`, `1 1/2`, `1-1/2`. */
function readMixedTail(s: string, i: number, whole: number): Scanned<number> | undefined {
  const glyph = FRACTION_GLYPHS.get(s[i] ?? '');
  if (glyph !== undefined) return { value: glyph, end: i + 1 };
  let j = i;
  if (isDash(s[j])) j += 1;
  else if (isSpace(s[j])) j = skipSpaces(s, j);
  else return undefined;
  const spacedGlyph = FRACTION_GLYPHS.get(s[j] ?? '');
  const tail = spacedGlyph !== undefined && !isDash(s[i]) ? { value: spacedGlyph, end: j + 1 } : readFraction(s, j);
  if (tail === undefined || tail.value >= 1) return undefined;
  // `6 ¼-inch-thick slices` is six slices of a size, where `1 ½-inch piece` is one and a half inches.
  if (isSpace(s[i]) && whole >= 2 && isDash(s[tail.end]) && isLetter(s[tail.end + 1])) return undefined;
  return tail;
}

/**
 * One number at i: `2`, `1.5`, `1,5` (a decimal comma only when one or two digits follow it, so `1,000` stays a
 * thousand), `1/2`, `½`, `1½`, `1 1/2`, `1-1/2`. Undefined when no number starts at i or it is not finite.
 */
export function readNumber(s: string, i: number): Scanned<number> | undefined {
  const glyph = FRACTION_GLYPHS.get(s[i] ?? '');
  if (glyph !== undefined) return { value: glyph, end: i + 1 };
  const fraction = readFraction(s, i);
  if (fraction !== undefined) return fraction;
  const whole = readDigits(s, i);
  if (whole === undefined) return undefined;
  let text = whole.value;
  let end = whole.end;
  const separator = s[end];
  const decimals = separator === '.' || separator === ',' ? readDigits(s, end + 1) : undefined;
  if (decimals !== undefined) {
    const thousands = separator === ',' && decimals.value.length === 3;
    if (separator === '.' || decimals.value.length <= 2 || thousands) {
      text = thousands ? text + decimals.value : `${text}.${decimals.value}`;
      end = decimals.end;
    }
  }
  let value = Number(text);
  if (decimals === undefined || end === whole.end) {
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
  ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['fifteen', 15], ['twenty', 20], ['dozen', 12],
  ['half', 0.5], ['one-half', 0.5], ['quarter', 0.25], ['one-quarter', 0.25], ['a dozen', 12],
]);

/** A word at i (letters and inner hyphens), lower-cased, or undefined. */
export function readWord(s: string, i: number): Scanned<string> | undefined {
  let j = i;
  while (isLetter(s[j]) || (isDash(s[j]) && isLetter(s[j - 1]) && isLetter(s[j + 1]))) j += 1;
  return j > i ? { value: s.slice(i, j), end: j } : undefined;
}

/** A number written as a word (`two`, `a dozen`), followed by a word boundary. */
export function readNumberWord(s: string, i: number): Scanned<number> | undefined {
  const word = readWord(s, i);
  if (word === undefined) return undefined;
  const lower = word.value.toLowerCase();
  if (lower === 'a') {
    const next = readWord(s, skipSpaces(s, word.end));
    if (next?.value.toLowerCase() === 'dozen') return { value: 12, end: next.end };
    return undefined;
  }
  const value = NUMBER_WORDS.get(lower);
  if (value === undefined) return undefined;
  if (lower === 'half') {
    // `half a 7-ounce can`: the article belongs to the half.
    const next = readWord(s, skipSpaces(s, word.end));
    if (next !== undefined && /^an?$/i.test(next.value)) return { value, end: next.end };
  }
  return { value, end: word.end };
}

/** Where the second number of a range starts, after `-`, ` - `, `–`, ` to `, ` or `, `- to ` or `-to-`. */
export function readRangeSeparator(s: string, i: number): number | undefined {
  let j = skipSpaces(s, i);
  const dash = isDash(s[j]);
  if (dash) j = skipSpaces(s, j + 1);
  const word = readWord(s, j);
  const lower = word?.value.toLowerCase();
  if (word !== undefined && (lower === 'to' || lower === 'or') && (isSpace(s[word.end]) || isDash(s[word.end]))) {
    j = skipSpaces(s, word.end);
    if (isDash(s[j])) j = skipSpaces(s, j + 1);
    return j;
  }
  return dash ? j : undefined;
}

/**
 * A number or a range at i: `2`, `2-3`, `2 - 3`, `2–3`, `2 to 3`, `2 or 3`, `½–1`, `two or three`. A "range" whose
 * high end is not above its low end is read as its first number only.
 */
export function readAmount(s: string, i: number): Scanned<Amount> | undefined {
  const first = readNumber(s, i) ?? readNumberWord(s, i);
  // `60% chocolate` names a kind, not an amount.
  if (first === undefined || s[first.end] === '%') return undefined;
  const afterSeparator = readRangeSeparator(s, first.end);
  if (afterSeparator !== undefined) {
    const second = readNumber(s, afterSeparator) ?? readNumberWord(s, afterSeparator);
    if (second !== undefined && second.value > first.value) {
      return { value: { quantity: first.value, quantityMax: second.value }, end: second.end };
    }
  }
  return { value: { quantity: first.value, quantityMax: null }, end: first.end };
}
