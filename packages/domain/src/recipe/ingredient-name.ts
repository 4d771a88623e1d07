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

const tidy = (s: string): string => s.replace(/\s+/g, ' ').trim();
const stripEdges = (s: string): string => {
  let start = 0;
  let end = s.length;
  while (start < end && ' ,;:.-–'.includes(s[start] ?? '')) start += 1;
  while (end > start && ' ,;:'.includes(s[end - 1] ?? '')) end -= 1;
  return s.slice(start, end);
};

/** Splits `flour, sifted` into name and notes; `salt to taste` into `salt` and `to taste`. */
export function splitNameAndNote(rest: string): NameAndNote {
  const notes: string[] = [];
  let name = tidy(rest);
  const comma = topLevelComma(name);
  if (comma >= 0) {
    const note = stripEdges(tidy(name.slice(comma + 1)));
    if (note !== '') notes.push(note);
    name = name.slice(0, comma);
  }
  name = stripEdges(tidy(name));
  if (name.startsWith('(')) {
    // `(packed) brown sugar`: a leading aside is a note too.
    const close = name.indexOf(')');
    if (close > 0 && close < name.length - 1) {
      notes.unshift(tidy(name.slice(1, close)));
      name = stripEdges(tidy(name.slice(close + 1)));
    }
  }
  const paren = trailingParenthesis(name);
  if (paren > 0) {
    const inner = tidy(name.slice(paren + 1, -1));
    if (inner !== '') notes.unshift(inner);
    name = stripEdges(tidy(name.slice(0, paren)));
  }
  const lower = name.toLowerCase();
  for (const phrase of TRAILING_PHRASES) {
    if (lower.endsWith(` ${phrase}`)) {
      const cut = name.length - phrase.length;
      notes.unshift(name.slice(cut));
      name = stripEdges(tidy(name.slice(0, cut)));
      break;
    }
  }
  return { name, notes };
}

/** Drops a leading `of ` (`1 cup of flour`). */
export function dropLeadingOf(s: string): string {
  const trimmed = s.trimStart();
  return /^of\s/i.test(trimmed) ? trimmed.slice(3) : trimmed;
}
