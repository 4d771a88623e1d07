/**
 * Sections of an ingredient list (`For the crust`, `For the filling`). In a recipe's list, a text line that only names
 * a section — it ends with a colon and does not start with an amount, `For the dressing:`, `Dough (day 2):` — is a
 * heading, not an ingredient (`2 cups flour:`, `½ cup sugar:` are ingredients): the
 * lines after it belong to that section until the next heading. The same rule serves the API, the CSV column and the
 * JSON-LD import, so a list pasted from a web page keeps its groups wherever it comes from.
 */
import { INGREDIENT_LIMITS } from './ingredient-input.js';
import { collapseWhitespace } from './ingredient-name.js';

/** A digit or a fraction glyph before any letter: the line starts with an amount. */
const STARTS_WITH_AMOUNT = /^[^\p{L}]*[\p{N}]/u;

/** `"For the dressing:"` → `"For the dressing"`; undefined for a line that is an ingredient (or a colon alone). */
export function sectionHeading(line: string): string | undefined {
  if (!line.endsWith(':') && !/:\s+$/.test(line)) return undefined;
  const text = collapseWhitespace(line);
  if (!text.endsWith(':') || STARTS_WITH_AMOUNT.test(text)) return undefined;
  const name = text.slice(0, -1).trimEnd();
  if (name === '' || name.length > INGREDIENT_LIMITS.section || /^[\s\p{P}]*$/u.test(name)) return undefined;
  return name;
}

/** The heading line for a section (the inverse of `sectionHeading`), as exports write it. */
export const sectionHeadingLine = (section: string): string => `${section}:`;
