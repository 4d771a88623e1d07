/**
 * What is left of an ingredient line once its amount and unit are read: the name, and the notes that follow a comma,
 * sit in trailing parentheses or say "to taste". Linear scans only.
 */
import { lookupUnit, type UnitInfo } from './units.js';

export interface NameAndNote {
  readonly name: string;
  readonly notes: readonly string[];
}

/** Index of the first comma or semicolon outside parentheses, or -1. */
function topLevelComma(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i];
    if (c === '(' || c === '[') depth += 1;
    else if ((c === ')' || c === ']') && depth > 0) depth -= 1;
    else if ((c === ',' || c === ';') && depth === 0) return i;
  }
  return -1;
}

/** Start of a parenthesised group that closes at the very end of s, or -1. */
function trailingParenthesis(s: string): number {
  if (!s.endsWith(')')) return -1;
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i -= 1) {
    if (s[i] === ')') depth += 1;
    else if (s[i] === '(') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const TRAILING_PHRASES = ['to taste', 'as needed', 'as required', 'for garnish', 'to serve', 'for serving', 'optional'];
const OF_AHEAD = /^of\s/i;

const WHITESPACE_RUNS = /\s+/g;
// Whitespace other than a space, or two spaces together: what tidying would change once the ends are trimmed.
const UNTIDY = /[^\S ]| {2}/;

/**
 * Every run of whitespace as one space, none at either end: `s.replace(/\s+/g, ' ').trim()`, without the cost of
 * rebuilding the string when it is already tidy, as nearly every line is (that was the parser's largest cost).
 */
export function collapseWhitespace(s: string): string {
  const trimmed = s.trim();
  return UNTIDY.test(trimmed) ? trimmed.replace(WHITESPACE_RUNS, ' ') : trimmed;
}

const isLeadingEdge = (code: number): boolean =>
  code === 32 || code === 44 || code === 59 || code === 58 || code === 46 || code === 45 || code === 0x2013;
const isTrailingEdge = (code: number): boolean => code === 32 || code === 44 || code === 59 || code === 58;

/** Drops spaces and `,;:.-–` from the start and spaces and `,;:` from the end. */
const stripEdges = (s: string): string => {
  let start = 0;
  let end = s.length;
  while (start < end && isLeadingEdge(s.charCodeAt(start))) start += 1;
  while (end > start && isTrailingEdge(s.charCodeAt(end - 1))) end -= 1;
  return start === 0 && end === s.length ? s : s.slice(start, end);
};

/**
 * Whether `name` ends with ` ${phrase}` in any case, compared in place: lower-casing every name to look for seven
 * phrases was a fifth of the time of a plain line. Only ASCII capitals lower-case to the phrases' letters.
 */
function endsWithPhrase(name: string, phrase: string): boolean {
  const start = name.length - phrase.length;
  if (start < 1 || name.charCodeAt(start - 1) !== 32) return false;
  for (let k = 0; k < phrase.length; k += 1) {
    let code = name.charCodeAt(start + k);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== phrase.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Splits `flour, sifted` into name and notes; `salt to taste` into `salt` and `to taste`. `rest` is a part of a
 * line that `collapseWhitespace` has tidied, so trimming the ends of each piece is all the tidying it needs.
 */
export function splitNameAndNote(rest: string): NameAndNote {
  const notes: string[] = [];
  let name = rest.trim();
  const comma = topLevelComma(name);
  if (comma >= 0) {
    const note = stripEdges(name.slice(comma + 1).trim());
    if (note !== '') notes.push(note);
    name = name.slice(0, comma);
  }
  name = stripEdges(name.trim());
  if (name.startsWith('(')) {
    // `(packed) brown sugar`: a leading aside is a note too.
    const close = name.indexOf(')');
    if (close > 0 && close < name.length - 1) {
      notes.unshift(name.slice(1, close).trim());
      name = stripEdges(name.slice(close + 1).trim());
    }
  }
  const paren = trailingParenthesis(name);
  if (paren > 0) {
    const inner = name.slice(paren + 1, -1).trim();
    if (inner !== '') notes.unshift(inner);
    name = stripEdges(name.slice(0, paren).trim());
  }
  for (const phrase of TRAILING_PHRASES) {
    // The phrase as a whole word at the end: `salt to taste`, not `tomato taste`.
    if (endsWithPhrase(name, phrase)) {
      const cut = name.length - phrase.length;
      notes.unshift(name.slice(cut));
      name = stripEdges(name.slice(0, cut).trim());
      break;
    }
  }
  return { name, notes };
}

// A unit after a noun, as in `2 garlic cloves` or `3 celery ribs`.
const TRAILING_UNITS = new Set(['clove', 'rib', 'stalk', 'sprig', 'bulb', 'ear', 'slice', 'stick', 'spear']);
// `whole cloves` and `ground cloves` are the spice, not garlic.
const NOT_BEFORE_TRAILING_UNIT = new Set(['whole', 'ground']);
const MAX_WORDS_BEFORE_TRAILING_UNIT = 3;
const DIGIT = /\d/;

function countSpaces(s: string): number {
  let count = 0;
  for (let i = s.indexOf(' '); i >= 0; i = s.indexOf(' ', i + 1)) count += 1;
  return count;
}

/** Splits a trailing unit off the name: `garlic cloves` → clove and `garlic`. */
export function trailingUnit(name: string): { unit: UnitInfo; name: string } | null {
  const space = name.lastIndexOf(' ');
  if (space <= 0 || DIGIT.test(name) || countSpaces(name) > MAX_WORDS_BEFORE_TRAILING_UNIT) return null;
  const unit = lookupUnit(name.slice(space + 1));
  if (unit === undefined || !TRAILING_UNITS.has(unit.name)) return null;
  const before = name.slice(name.lastIndexOf(' ', space - 1) + 1, space).toLowerCase();
  if (NOT_BEFORE_TRAILING_UNIT.has(before)) return null;
  return { unit, name: name.slice(0, space) };
}

/** Drops a leading `of ` (`1 cup of flour`). */
export function dropLeadingOf(s: string): string {
  const trimmed = s.trimStart();
  return OF_AHEAD.test(trimmed) ? trimmed.slice(3) : trimmed;
}
