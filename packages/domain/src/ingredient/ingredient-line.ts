/**
 * The characters and words of an ingredient line, for the readers of amounts, units and names.
 *
 * The readers try several readings at the same places (is this word a number, a unit, `to`, `plus`, `dozen`?), so
 * a `Line` remembers each word it has scanned, and its lower-cased form: each word is scanned once per line however
 * often it is asked about, which was most of the parser's time.
 */

export interface Scanned<T> {
  readonly value: T;
  /** Index just past what was read. */
  readonly end: number;
}

const LETTER = /\p{L}/u;

export const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
export const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\u00a0';
export const isDash = (c: string | undefined): boolean => c === '-' || c === '–' || c === '—' || c === '‑' || c === '‐';

/** Any Unicode letter; ASCII is answered without the regular expression. */
export function isLetter(c: string | undefined): boolean {
  if (c === undefined) return false;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  return c >= '\u0080' && LETTER.test(c);
}

export function skipSpaces(s: string, i: number): number {
  let j = i;
  while (isSpace(s[j])) j += 1;
  return j;
}

/** Index just past the word at i (letters and inner hyphens); i itself when no word starts there. */
function scanWord(s: string, i: number): number {
  let j = i;
  while (isLetter(s[j]) || (isDash(s[j]) && isLetter(s[j - 1]) && isLetter(s[j + 1]))) j += 1;
  return j;
}

export class Line {
  // By start index; holes are words not asked about yet.
  private readonly ends: number[] = [];
  private readonly lowers: string[] = [];

  constructor(readonly text: string) {}

  /** Index just past the word at i (letters and inner hyphens); i itself when no word starts there. */
  wordEnd(i: number): number {
    let end = this.ends[i];
    if (end === undefined) {
      end = scanWord(this.text, i);
      this.ends[i] = end;
    }
    return end;
  }

  /** The word at i lower-cased, or '' when no word starts there. */
  lowerWordAt(i: number): string {
    let lower = this.lowers[i];
    if (lower === undefined) {
      lower = this.text.slice(i, this.wordEnd(i)).toLowerCase();
      this.lowers[i] = lower;
    }
    return lower;
  }

  /** The word at i as written, or undefined. */
  readWord(i: number): Scanned<string> | undefined {
    const end = this.wordEnd(i);
    return end > i ? { value: this.text.slice(i, end), end } : undefined;
  }

  /** Whether the word at i is `lower` in any case (`Plus`, `TO`). */
  isWordAt(i: number, lower: string): boolean {
    return this.lowerWordAt(i) === lower;
  }
}
