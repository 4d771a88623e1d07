/**
 * What is left of an ingredient line once its amount and unit are read: the name, and the notes that follow a comma,
 * sit in trailing parentheses or say "to taste". Linear scans only.
 */
import { trimmed } from '../shared/text.js';
import { lookupUnit, type UnitInfo } from './units.js';

export interface NameAndNote {
  readonly name: string;
  readonly notes: readonly string[];
}

// Character codes of the scans below (comparing codes rather than one-character strings).
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const SEMICOLON = 59;
const SPACE = 32;

/** Index of the first comma or semicolon outside parentheses, or -1. */
function topLevelComma(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c === OPEN_PAREN || c === OPEN_BRACKET) depth += 1;
    else if ((c === CLOSE_PAREN || c === CLOSE_BRACKET) && depth > 0) depth -= 1;
    else if ((c === COMMA || c === SEMICOLON) && depth === 0) return i;
  }
  return -1;
}

/** Start of a parenthesised group that closes at the very end of s, or -1. */
function trailingParenthesis(s: string): number {
  if (s.charCodeAt(s.length - 1) !== CLOSE_PAREN) return -1;
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i -= 1) {
    const c = s.charCodeAt(i);
    if (c === CLOSE_PAREN) depth += 1;
    else if (c === OPEN_PAREN) {
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
  const tidy = trimmed(s);
  return UNTIDY.test(tidy) ? tidy.replace(WHITESPACE_RUNS, ' ') : tidy;
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
  if (start < 1 || name.charCodeAt(start - 1) !== SPACE) return false;
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
  let name = trimmed(rest);
  const comma = topLevelComma(name);
  if (comma >= 0) {
    const note = stripEdges(trimmed(name.slice(comma + 1)));
    if (note !== '') notes.push(note);
    name = name.slice(0, comma);
  }
  name = stripEdges(trimmed(name));
  if (name.startsWith('(')) {
    // `(packed) brown sugar`: a leading aside is a note too.
    const close = name.indexOf(')');
    if (close > 0 && close < name.length - 1) {
      notes.unshift(trimmed(name.slice(1, close)));
      name = stripEdges(trimmed(name.slice(close + 1)));
    }
  }
  const paren = trailingParenthesis(name);
  if (paren > 0) {
    const inner = trimmed(name.slice(paren + 1, -1));
    if (inner !== '') notes.unshift(inner);
    name = stripEdges(trimmed(name.slice(0, paren)));
  }
  for (const phrase of TRAILING_PHRASES) {
    // The phrase as a whole word at the end: `salt to taste`, not `tomato taste`.
    if (endsWithPhrase(name, phrase)) {
      const cut = name.length - phrase.length;
      notes.unshift(name.slice(cut));
      name = stripEdges(trimmed(name.slice(0, cut)));
      break;
    }
  }
  return { name, notes };
}

// A unit after a noun, as in `2 garlic cloves` or `3 celery ribs`.
const TRAILING_UNITS = new Set(['clove', 'rib', 'stalk', 'sprig', 'bulb', 'ear', 'slice', 'stick', 'spear']);
// `whole cloves` and `ground cloves` are the spice, not garlic; a `cinnamon stick` is the spice itself, not a measure
// of it (where `celery sticks` measure celery).
const NOT_BEFORE_TRAILING_UNIT = new Set(['whole', 'ground', 'cinnamon']);
const MAX_WORDS_BEFORE_TRAILING_UNIT = 3;

/** Index of the last space before `end`, or -1. */
function lastSpaceBefore(s: string, end: number): number {
  for (let i = end - 1; i >= 0; i -= 1) if (s.charCodeAt(i) === SPACE) return i;
  return -1;
}

/** Whether s has more than `max` spaces or any ASCII digit (what `/\d/` finds). */
function tooLongOrNumbered(s: string, max: number): boolean {
  let spaces = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
    if (c === SPACE && ++spaces > max) return true;
  }
  return false;
}

/** Splits a trailing unit off the name: `garlic cloves` → clove and `garlic`. */
export function trailingUnit(name: string): { unit: UnitInfo; name: string } | null {
  const space = lastSpaceBefore(name, name.length);
  if (space <= 0 || tooLongOrNumbered(name, MAX_WORDS_BEFORE_TRAILING_UNIT)) return null;
  const unit = lookupUnit(name.slice(space + 1));
  if (unit === undefined || !TRAILING_UNITS.has(unit.name)) return null;
  const before = name.slice(lastSpaceBefore(name, space) + 1, space).toLowerCase();
  if (NOT_BEFORE_TRAILING_UNIT.has(before)) return null;
  return { unit, name: name.slice(0, space) };
}

/** Drops a leading `of ` (`1 cup of flour`). */
export function dropLeadingOf(s: string): string {
  const trimmed = s.trimStart();
  return OF_AHEAD.test(trimmed) ? trimmed.slice(3) : trimmed;
}
