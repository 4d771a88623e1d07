/**
 * `recipeIngredient` as published: a flat array of lines, an array of arrays (one per section of the list), or
 * section objects (`HowToSection`/`ItemList`-like, a `name` and the lines in `itemListElement`, `recipeIngredient`
 * or `ingredients`). Sections are flattened in order and their name is kept on each of their lines as a note
 * (`"1 cup flour"` in "For the crust" → `"1 cup flour, for the crust"`): the recipe stores one list, and a cook still
 * needs to know which flour goes where. A text line that only names a section (`"For the filling:"`: a trailing colon,
 * no digit) starts a section the same way. Blank and `null` entries are skipped and counted in one warning.
 */
import { htmlToText } from './html-text.js';
import { asArray, isObject, textOf, type JsonObject } from './jsonld-values.js';

export interface IngredientLines {
  readonly lines: string[];
  /** Blank, `null` and unreadable entries that were skipped. */
  readonly skipped: number;
}

const SECTION_CHILDREN = ['itemListElement', 'recipeIngredient', 'ingredients'] as const;
const MAX_SECTION_NAME = 80;

/** `"For the filling:"` → `"For the filling"`; undefined for a line that is an ingredient. */
function sectionHeading(line: string): string | undefined {
  const match = /^(.+?)\s*:$/.exec(line);
  if (match === null || /\d/.test(line) || line.length > MAX_SECTION_NAME) return undefined;
  return match[1];
}

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
      else lines.push(current === undefined ? text : `${text}, ${sectionNote(current)}`);
    }
  };
  walk(value, undefined);
  return { lines, skipped };
}
