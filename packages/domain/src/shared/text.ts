/**
 * `s.trim()`, skipped when neither end can be whitespace (both are printable ASCII other than a space), as nearly
 * every string of an import is: `trim` is a call into the engine, and validating one imported record trimmed about
 * twenty strings.
 */
export function trimmed(s: string): string {
  const last = s.length - 1;
  if (last < 0) return s;
  const first = s.charCodeAt(0);
  const end = s.charCodeAt(last);
  return first > 32 && first < 127 && end > 32 && end < 127 ? s : s.trim();
}
