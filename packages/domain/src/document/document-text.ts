/**
 * The wording a document shares between its renderers: recipe facts, fractions as glyphs in free text, and the
 * download's file name.
 */

/** `45 min`, `1 hr`, `1 hr 15 min`. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

export function recipeFacts(recipe: {
  readonly servings: number | null;
  readonly prep_time_minutes: number | null;
  readonly cook_time_minutes: number | null;
}): string[] {
  const facts: string[] = [];
  if (recipe.servings !== null) facts.push(`Serves ${recipe.servings}`);
  if (recipe.prep_time_minutes !== null) facts.push(`Prep ${formatMinutes(recipe.prep_time_minutes)}`);
  if (recipe.cook_time_minutes !== null) facts.push(`Cook ${formatMinutes(recipe.cook_time_minutes)}`);
  return facts;
}

const FRACTION_GLYPHS: Record<string, string> = {
  '1/2': '½', '1/3': '⅓', '2/3': '⅔', '1/4': '¼', '3/4': '¾', '1/8': '⅛', '3/8': '⅜', '5/8': '⅝', '7/8': '⅞',
};

// A fraction standing alone (not part of a date such as 1/2/2026 or a longer number), with an optional whole part.
const ASCII_FRACTION = /(?<![\d/])(?:(\d+)[ -])?([1-7])\/([2348])(?![\d/])/g;

/** `1 1/2 cups` → `1 ½ cups`; dates and other slashes are left alone. */
export function fractionsAsGlyphs(text: string): string {
  return text.replace(ASCII_FRACTION, (whole: string, integer: string | undefined, top: string, bottom: string) => {
    const glyph = FRACTION_GLYPHS[`${top}/${bottom}`];
    if (glyph === undefined) return whole;
    return integer === undefined ? glyph : `${integer} ${glyph}`;
  });
}

const MAX_STEM = 80;

/** The title as a file name: ASCII letters and digits joined by hyphens (`Crème Brûlée & Co.` → `creme-brulee-co`). */
export function fileStemOf(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_STEM)
    .replace(/-+$/, '');
  return stem === '' ? 'document' : stem;
}
