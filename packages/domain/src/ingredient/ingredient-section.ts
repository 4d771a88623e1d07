/**
 * Sections of an ingredient list (`For the crust`, `For the filling`). In a recipe's list, a text line that only names
 * a section — it ends with a colon and holds no digit, `For the dressing:` — is a heading, not an ingredient: the
 * lines after it belong to that section until the next heading. The same rule serves the API, the CSV column and the
 * JSON-LD import, so a list pasted from a web page keeps its groups wherever it comes from.
 */
import { INGREDIENT_LIMITS } from './ingredient-input.js';
import { collapseWhitespace } from './ingredient-name.js';

/** `"For the dressing:"` → `"For the dressing"`; undefined for a line that is an ingredient (or a colon alone). */
export function sectionHeading(line: string): string | undefined {
  if (!line.endsWith(':') && !/:\s+$/.test(line)) return undefined;
  const text = collapseWhitespace(line);
  if (!text.endsWith(':') || /\d/.test(text)) return undefined;
  const name = text.slice(0, -1).trimEnd();
  if (name === '' || name.length > INGREDIENT_LIMITS.section || /^[\s\p{P}]*$/u.test(name)) return undefined;
  return name;
}

/** The heading line for a section (the inverse of `sectionHeading`), as exports write it. */
export const sectionHeadingLine = (section: string): string => `${section}:`;
