/**
 * What is left of an ingredient line once its amount and unit are read: the name, and the notes that follow a comma,
 * sit in trailing parentheses or say "to taste". Linear scans only.
 */

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

const stripEdges = (s: string): string => {
  let start = 0;
  let end = s.length;
  while (start < end && ' ,;:.-–'.includes(s[start] ?? '')) start += 1;
  while (end > start && ' ,;:'.includes(s[end - 1] ?? '')) end -= 1;
  return s.slice(start, end);
};

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
  const lower = name.toLowerCase();
  for (const phrase of TRAILING_PHRASES) {
    // The phrase as a whole word at the end: `salt to taste`, not `tomato taste`.
    if (lower.endsWith(phrase) && lower[lower.length - phrase.length - 1] === ' ') {
      const cut = name.length - phrase.length;
      notes.unshift(name.slice(cut));
      name = stripEdges(name.slice(0, cut).trim());
      break;
    }
  }
  return { name, notes };
}

/** Drops a leading `of ` (`1 cup of flour`). */
export function dropLeadingOf(s: string): string {
  const trimmed = s.trimStart();
  return OF_AHEAD.test(trimmed) ? trimmed.slice(3) : trimmed;
}
