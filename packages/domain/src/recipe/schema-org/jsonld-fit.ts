/**
 * Keeps a mapped record within the recipe limits, so that a real page is never refused for text that is merely long
 * or a list that is merely long: over-long text is cut at the limit (at a word boundary when one is near, ending in
 * `…`), and lists keep their first items; each cut is reported as a warning. The API refuses the same text (400):
 * one set of limits, the import alone shortens, because a page cannot be asked to try again.
 */
import { RECIPE_LIMITS } from '../recipe-input.js';

const ELLIPSIS = '…';
/** How far back from the limit a word boundary is looked for. */
const WORD_BOUNDARY_REACH = 40;

/** `text` in at most `max` UTF-16 units, never splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - ELLIPSIS.length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const space = text.lastIndexOf(' ', end);
  if (space > 0 && end - space <= WORD_BOUNDARY_REACH) end = space;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

export function fitText(text: string | undefined, max: number, what: string, warnings: string[]): string | undefined {
  if (text === undefined || text.length <= max) return text;
  warnings.push(`${what} has ${text.length} characters; cut to the limit of ${max}`);
  return cutText(text, max);
}

export function fitList(items: string[], max: number, maxItem: number, what: string, warnings: string[]): string[] {
  let cut = 0;
  const fitted = items.map((item) => {
    if (item.length <= maxItem) return item;
    cut += 1;
    return cutText(item, maxItem);
  });
  if (cut > 0) warnings.push(`${cut} ${what} over ${maxItem} characters; cut to the limit`);
  if (fitted.length <= max) return fitted;
  warnings.push(`${fitted.length} ${what}, only the first ${max} were kept`);
  return fitted.slice(0, max);
}

export const fitIngredients = (lines: string[], warnings: string[]): string[] =>
  fitList(lines, RECIPE_LIMITS.ingredients, RECIPE_LIMITS.ingredientLine, 'ingredient lines', warnings);

export const fitSteps = (steps: string[], warnings: string[]): string[] =>
  fitList(steps, RECIPE_LIMITS.instructions, RECIPE_LIMITS.instructionStep, 'instruction steps', warnings);
