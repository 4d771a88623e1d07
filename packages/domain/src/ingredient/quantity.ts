/**
 * Numbers as recipes write them: vulgar-fraction glyphs and the cleaning that keeps floating-point noise out of stored
 * quantities. Shared by the parser, the renderer and scaling so all three agree on what "the same quantity" means.
 */

/** Unicode vulgar fractions and their values. */
export const FRACTION_GLYPHS: ReadonlyMap<string, number> = new Map([
  ['½', 1 / 2],
  ['⅓', 1 / 3],
  ['⅔', 2 / 3],
  ['¼', 1 / 4],
  ['¾', 3 / 4],
  ['⅕', 1 / 5],
  ['⅖', 2 / 5],
  ['⅗', 3 / 5],
  ['⅘', 4 / 5],
  ['⅙', 1 / 6],
  ['⅚', 5 / 6],
  ['⅐', 1 / 7],
  ['⅛', 1 / 8],
  ['⅜', 3 / 8],
  ['⅝', 5 / 8],
  ['⅞', 7 / 8],
  ['⅑', 1 / 9],
  ['⅒', 1 / 10],
]);

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/** The value of the digits of `digits` from i on, and where they end (i itself when there are none). */
function scriptDigits(s: string, i: number, digits: string): { value: number; end: number } {
  let value = 0;
  let j = i;
  for (let d = digits.indexOf(s[j] ?? '\0'); d >= 0; d = digits.indexOf(s[j] ?? '\0')) {
    value = value * 10 + d;
    j += 1;
  }
  return { value, end: j };
}

/**
 * The fraction at i written as one glyph (`½`) or in superscript and subscript digits (`¹/₂`, `¹⁄₂`, as some sites
 * typeset them), or undefined; never a zero denominator. Every such character is past ASCII, so nothing more is
 * asked about an ASCII one: this runs at several positions of every ingredient line, nearly all of them plain ASCII.
 */
export function fractionGlyphAt(s: string, i: number): { value: number; end: number } | undefined {
  if (s.charCodeAt(i) <= 127) return undefined;
  const glyph = FRACTION_GLYPHS.get(s[i] ?? '');
  if (glyph !== undefined) return { value: glyph, end: i + 1 };
  const top = scriptDigits(s, i, SUPERSCRIPT_DIGITS);
  if (top.end === i || (s[top.end] !== '/' && s[top.end] !== '⁄')) return undefined;
  const bottom = scriptDigits(s, top.end + 1, SUBSCRIPT_DIGITS);
  if (bottom.end === top.end + 1 || bottom.value === 0) return undefined;
  return { value: top.value / bottom.value, end: bottom.end };
}

const SNAP_DENOMINATORS = 64;
const SNAP_DIGITS = 9;
// Far above the error of a few float operations (~1e-16 each), far below the gap between distinct quantities as
// recipes hold them (six significant digits times a servings ratio), so only noise is ever removed.
const NOISE = 1e-14;

/**
 * Removes floating-point noise: a value within 1e-14 (relative) of a fraction with a small denominator becomes that
 * fraction exactly as a double (`1/3 × 7 ÷ 7` is `1/3` again, bit for bit), and one within 1e-14 of a 9-digit
 * decimal becomes that decimal (`0.1 × 3` is `0.3`). Anything else is a true value and is kept at full precision:
 * rounding it to a fixed number of digits would make scaling by k and back by 1/k drift.
 */
export function cleanQuantity(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value === 0 ? 0 : value;
  const magnitude = Math.abs(value);
  const tolerance = NOISE * magnitude;
  for (let denominator = 1; denominator <= SNAP_DENOMINATORS; denominator += 1) {
    const numerator = Math.round(magnitude * denominator);
    if (numerator === 0) continue;
    const candidate = numerator / denominator;
    if (Math.abs(candidate - magnitude) <= tolerance) return Math.sign(value) * candidate;
  }
  const decimal = Number(magnitude.toPrecision(SNAP_DIGITS));
  return Math.sign(value) * (Math.abs(decimal - magnitude) <= tolerance ? decimal : magnitude);
}
