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

/**
 * Characters that show nothing on their own: white space, controls, format characters (zero-width space, ZWNJ, ZWJ,
 * word joiner, BOM, soft hyphen, bidi marks), the other default-ignorable code points (variation selectors, Hangul
 * fillers) and the blank Braille pattern.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * True when `s` has no character a reader could see: such a text counts as empty. A string that starts with printable
 * ASCII (nearly every one an import reads) is answered without the regex.
 */
export function isBlank(s: string): boolean {
  const first = s.charCodeAt(0);
  if (first > 32 && first < 127) return false;
  return INVISIBLE_ONLY.test(s);
}
