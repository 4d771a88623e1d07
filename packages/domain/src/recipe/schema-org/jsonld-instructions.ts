import { htmlToLines, htmlToText } from './html-text.js';
import { asArray, isObject, typesOf, type JsonObject } from './jsonld-values.js';

const linesOf = (text: string): string[] =>
  htmlToLines(text)
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');

/** `steps` with `heading` leading the first, as a section's name leads its first step. */
const led = (heading: string, steps: string[]): string[] => {
  const [first, ...rest] = steps;
  return first === undefined || heading === '' ? steps : [`${heading}: ${first}`, ...rest];
};

/**
 * The steps of an instruction text, where an HTML heading (`<h3>For the icing</h3>`) names the steps after it, as a
 * `HowToSection` would, rather than being a step of its own. Headings are found with `indexOf`, one pass over the
 * text: a heading that is never closed ends the search, so no text makes this slower than linear.
 */
function stepsOfText(text: string): string[] {
  const steps: string[] = [];
  let heading = '';
  let from = 0;
  for (;;) {
    const open = /<h([1-6])\b[^>]*>/i.exec(text.slice(from));
    const start = open === null ? -1 : from + open.index;
    const close = open === null ? -1 : text.toLowerCase().indexOf(`</h${open[1] ?? ''}`, start);
    const end = close < 0 ? -1 : text.indexOf('>', close);
    if (open === null || end < 0) break;
    steps.push(...led(heading, linesOf(text.slice(from, start))));
    heading = htmlToText(text.slice(start + open[0].length, close)).replace(/\s*:$/, '');
    from = end + 1;
  }
  steps.push(...led(heading, linesOf(text.slice(from))));
  return steps;
}

const stepText = (node: JsonObject): string | undefined => {
  for (const key of ['text', 'name', 'description']) {
    const value = node[key];
    if (typeof value === 'string' && htmlToText(value) !== '') return htmlToText(value);
  }
  return undefined;
};

/**
 * The steps of `recipeInstructions` in any published shape: one text (a step per line or per `<p>`/`<li>`, an HTML
 * heading leading the steps after it), an array of texts, nested arrays, `HowToStep`s, or `HowToSection`s /
 * `ItemList`s holding them in `itemListElement`. A section's name leads its first step (`"For the sauce: Melt the
 * butter."`), since the recipe keeps steps only.
 */
export function instructionSteps(value: unknown): string[] {
  return asArray(value).flatMap((item): string[] => {
    if (typeof item === 'string') return stepsOfText(item);
    if (typeof item === 'number') return [String(item)];
    if (Array.isArray(item)) return instructionSteps(item);
    if (!isObject(item)) return [];
    const children = item['itemListElement'];
    const isSection = typesOf(item).some((type) => type === 'HowToSection' || type === 'ItemList');
    if (children !== undefined && (isSection || stepText(item) === undefined || !('text' in item))) {
      return led(typeof item['name'] === 'string' ? htmlToText(item['name']) : '', instructionSteps(children));
    }
    if (isObject(item['item'])) return instructionSteps(item['item']);
    const text = stepText(item);
    return text === undefined ? [] : [text];
  });
}
