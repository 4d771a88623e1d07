/**
 * `recipeIngredient` as published: a flat array of lines, an array of arrays (one per section of the list), or
 * section objects (`HowToSection`/`ItemList`-like, a `name` and the lines in `itemListElement`, `recipeIngredient`
 * or `ingredients`). Sections are flattened in order, each led by a heading line (`"For the crust:"`), which the
 * domain reads as the `section` of the lines after it (see its `ingredient-section.ts`): the recipe stores one list,
 * and a cook still needs to know which flour goes where. A text line that already names a section (`"For the
 * filling:"`: a trailing colon, no digit) is such a heading as it is. A section name the domain could not read as a
 * heading (one with a digit: `Step 2`) is kept the old way, as a note on each of its lines. Blank and `null` entries
 * are skipped and counted in one warning.
 */
import { sectionHeading, sectionHeadingLine } from '../../ingredient/ingredient-section.js';
import { htmlToText } from './html-text.js';
import { asArray, isObject, textOf, type JsonObject } from './jsonld-values.js';

export interface IngredientLines {
  readonly lines: string[];
  /** Blank, `null` and unreadable entries that were skipped. */
  readonly skipped: number;
}

const SECTION_CHILDREN = ['itemListElement', 'recipeIngredient', 'ingredients'] as const;
/** The note a section's lines carry: `"Filling"` → `"for the filling"`, `"For the sauce"` → `"for the sauce"`. */
function sectionNote(name: string): string {
  const lower = name.charAt(0).toLocaleLowerCase('en-US') + name.slice(1);
  return /^(for|to)\b/i.test(name) ? lower : `for the ${lower.toLocaleLowerCase('en-US')}`;
}

const childrenOf = (item: JsonObject): unknown => {
  for (const key of SECTION_CHILDREN) if (item[key] !== undefined) return item[key];
  return undefined;
};

export function ingredientLines(value: unknown): IngredientLines {
  const lines: string[] = [];
  let skipped = 0;
  // The section the lines pushed last belong to, as the domain will read them.
  let announced: string | undefined;
  const push = (text: string, section: string | undefined) => {
    const heading = section === undefined ? undefined : sectionHeading(sectionHeadingLine(section));
    if (section !== undefined && heading === undefined) {
      lines.push(`${text}, ${sectionNote(section)}`);
      return;
    }
    if (heading !== announced && heading !== undefined) lines.push(sectionHeadingLine(heading));
    announced = heading ?? announced;
    lines.push(text);
  };
  const walk = (items: unknown, section: string | undefined): void => {
    let current = section;
    for (const item of asArray(items)) {
      if (Array.isArray(item)) {
        walk(item, current);
        continue;
      }
      const children = isObject(item) ? childrenOf(item) : undefined;
      if (isObject(item) && children !== undefined) {
        const name = typeof item['name'] === 'string' ? htmlToText(item['name']).replace(/\s*:$/, '') : '';
        walk(children, name === '' ? current : name);
        continue;
      }
      const text = textOf(item)?.replace(/\s+/g, ' ').trim();
      if (text === undefined || text === '') {
        skipped += 1;
        continue;
      }
      const heading = sectionHeading(text);
      if (heading !== undefined) current = heading;
      else push(text, current);
    }
  };
  walk(value, undefined);
  return { lines, skipped };
}
