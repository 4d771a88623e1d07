import { htmlToLines, htmlToText } from './html-text.js';
import { asArray, isObject, typesOf, type JsonObject } from './jsonld-values.js';

const linesOf = (text: string): string[] =>
  htmlToLines(text)
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');

const stepText = (node: JsonObject): string | undefined => {
  for (const key of ['text', 'name', 'description']) {
    const value = node[key];
    if (typeof value === 'string' && htmlToText(value) !== '') return htmlToText(value);
  }
  return undefined;
};

/**
 * The steps of `recipeInstructions` in any published shape: one text (a step per line or per `<p>`/`<li>`), an
 * array of texts, `HowToStep`s, or `HowToSection`s / `ItemList`s holding them in `itemListElement`. A section's name
 * leads its first step (`"For the sauce: Melt the butter."`), since the recipe keeps steps only.
 */
export function instructionSteps(value: unknown): string[] {
  return asArray(value).flatMap((item): string[] => {
    if (typeof item === 'string') return linesOf(item);
    if (typeof item === 'number') return [String(item)];
    if (!isObject(item)) return [];
    const children = item['itemListElement'];
    const isSection = typesOf(item).some((type) => type === 'HowToSection' || type === 'ItemList');
    if (children !== undefined && (isSection || stepText(item) === undefined || !('text' in item))) {
      const steps = instructionSteps(children);
      const heading = typeof item['name'] === 'string' ? htmlToText(item['name']) : '';
      const [first, ...rest] = steps;
      return first === undefined || heading === '' ? steps : [`${heading}: ${first}`, ...rest];
    }
    if (isObject(item['item'])) return instructionSteps(item['item']);
    const text = stepText(item);
    return text === undefined ? [] : [text];
  });
}
