/**
 * Ingredient groups that a page keeps only in its HTML. Recipe-card plugins (WP Recipe Maker, Tasty Recipes,
 * Mediavine Create, ...) print the list in groups (`For the crust`, `For the filling`) but write a flat
 * `recipeIngredient` into their JSON-LD. An adapter reads the groups from the plugin's markup; this puts the node's
 * own lines into them. The lines stay the node's (the markup's text is only matched against them, never imported),
 * so nothing is added, dropped or duplicated: each line takes the group of the markup line it matches.
 *
 * Matching is an alignment of the two lists in order (they are printed from one list), scoring each pair by the
 * Dice coefficient of their character bigrams after normalising (case, fractions, punctuation): the markup often
 * differs in small ways (`½` for `1/2`, a note in brackets, a checkbox's text). A line that matches nothing takes
 * the group of the line before it. A node line that is one of the markup's group names (some plugins write the
 * headings into `recipeIngredient` too) becomes that heading instead of an ingredient.
 */
import { sectionHeading } from '../../ingredient/ingredient-section.js';
import { htmlToText } from './html-text.js';
import { isObject, textOf, type JsonObject } from './jsonld-values.js';

export interface MarkupIngredientGroup {
  /** The group's heading, or null for lines before the first heading. */
  readonly name: string | null;
  readonly lines: readonly string[];
}

/** Past this many lines on either side the alignment (lines × lines cells) is not tried: a recipe keeps 200. */
const MAX_LINES = 300;
/** Characters of a line that are compared: enough to tell lines apart, few enough to bound the work. */
const MAX_COMPARED = 200;
/** A pair scoring below this is not a match. */
const MIN_SIMILARITY = 0.5;
/** A line this short is not judged contained in another: `salt` is in many lines. */
const CONTAINED_MIN_PAIRS = 8;

const FRACTIONS: Readonly<Record<string, string>> = {
  '½': '1/2', '⅓': '1/3', '⅔': '2/3', '¼': '1/4', '¾': '3/4', '⅕': '1/5', '⅖': '2/5', '⅗': '3/5', '⅘': '4/5',
  '⅙': '1/6', '⅚': '5/6', '⅛': '1/8', '⅜': '3/8', '⅝': '5/8', '⅞': '7/8',
};

/** Lower case, fractions as `1/2`, punctuation and checkbox glyphs gone, one space between words. */
function normalised(text: string): string {
  return htmlToText(text)
    .normalize('NFKC')
    .replace(/[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/g, (glyph) => ` ${FRACTIONS[glyph] ?? glyph}`)
    .replace(/⁄/g, '/')
    .toLocaleLowerCase('en-US')
    .replace(/[^\p{L}\p{N}/.]+/gu, ' ')
    .trim();
}

const bigrams = (text: string): Set<string> => {
  const pairs = new Set<string>();
  for (let index = 0; index < text.length - 1; index += 1) pairs.add(text.slice(index, index + 2));
  return pairs;
};

/**
 * How alike two normalised lines are, 0 to 1: the Dice coefficient of their bigram sets (1 for the same text, 0 for
 * texts that share no pair of letters), or, when one holds nearly all the other's pairs (a card prints the JSON-LD's
 * line and a note of advice after it), 0.9 of that share.
 */
function setSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const pair of small) if (large.has(pair)) shared += 1;
  const dice = (2 * shared) / (a.size + b.size);
  const contained = small.size >= CONTAINED_MIN_PAIRS ? (0.9 * shared) / small.size : 0;
  return Math.max(dice, contained);
}

export const textSimilarity = (first: string, second: string): number => (first === second ? 1 : setSimilarity(bigrams(first), bigrams(second)));

/**
 * Which markup line each node line matches (an index, or -1), keeping both in order: the alignment with the
 * largest total similarity (a longest-common-subsequence table weighted by similarity).
 */
function align(nodeLines: readonly string[], markupLines: readonly string[]): number[] {
  const rows = nodeLines.length;
  const columns = markupLines.length;
  const width = columns + 1;
  const score = new Float64Array((rows + 1) * width);
  const similarity = new Float64Array(rows * columns);
  // Each line's pairs once; a line is compared by its first MAX_COMPARED characters, so the table costs at most
  // lines × lines × MAX_COMPARED steps whatever a page holds.
  const nodePairs = nodeLines.map((line) => bigrams(line.slice(0, MAX_COMPARED)));
  const markupPairs = markupLines.map((line) => bigrams(line.slice(0, MAX_COMPARED)));
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      similarity[row * columns + column] =
        nodeLines[row] === markupLines[column] ? 1 : setSimilarity(nodePairs[row] ?? new Set(), markupPairs[column] ?? new Set());
    }
  }
  for (let row = rows - 1; row >= 0; row -= 1) {
    for (let column = columns - 1; column >= 0; column -= 1) {
      const pair = similarity[row * columns + column] ?? 0;
      const matched = pair >= MIN_SIMILARITY ? pair + (score[(row + 1) * width + column + 1] ?? 0) : 0;
      score[row * width + column] = Math.max(matched, score[(row + 1) * width + column] ?? 0, score[row * width + column + 1] ?? 0);
    }
  }
  const matches = new Array<number>(rows).fill(-1);
  let row = 0;
  let column = 0;
  while (row < rows && column < columns) {
    const here = score[row * width + column] ?? 0;
    const pair = similarity[row * columns + column] ?? 0;
    if (pair >= MIN_SIMILARITY && here === pair + (score[(row + 1) * width + column + 1] ?? 0)) {
      matches[row] = column;
      row += 1;
      column += 1;
    } else if (here === (score[(row + 1) * width + column] ?? 0)) row += 1;
    else column += 1;
  }
  return matches;
}

const HEADING_SIMILARITY = 0.8;

/** The flat lines of `recipeIngredient`, or undefined when it has groups of its own (nested arrays, section objects, heading lines). */
function flatLines(value: unknown): { items: unknown[]; texts: string[] } | undefined {
  if (!Array.isArray(value)) return undefined;
  const texts: string[] = [];
  for (const item of value) {
    if (Array.isArray(item)) return undefined;
    if (isObject(item) && ['itemListElement', 'recipeIngredient', 'ingredients'].some((key) => item[key] !== undefined)) return undefined;
    const text = textOf(item) ?? '';
    if (sectionHeading(text.trim()) !== undefined) return undefined;
    texts.push(text);
  }
  return { items: value, texts };
}

/**
 * The node with its flat `recipeIngredient` (or legacy `ingredients`) put into the markup's groups, as
 * `HowToSection`s the mapping reads; the node as it was when it has groups of its own, when the markup has no named
 * group, or when fewer than half of its lines match the markup's (the markup is then of something else).
 */
export function withMarkupIngredientGroups(node: JsonObject, groups: readonly MarkupIngredientGroup[]): JsonObject {
  const key = node['recipeIngredient'] !== undefined ? 'recipeIngredient' : 'ingredients';
  const flat = flatLines(node[key]);
  if (flat === undefined || flat.items.length === 0 || !groups.some((group) => group.name !== null && group.lines.length > 0)) return node;
  const markup = groups.flatMap((group) => group.lines.map((line) => ({ group: group.name, text: normalised(line) })));
  if (markup.length > MAX_LINES || flat.items.length > MAX_LINES) return node;
  const texts = flat.texts.map(normalised);
  const matches = align(texts, markup.map((line) => line.text));
  const matched = matches.filter((index) => index >= 0).length;
  if (matched * 2 < texts.length) return node;

  const names = groups.flatMap((group) => (group.name === null ? [] : [group.name]));
  const headingOf = (text: string): string | undefined =>
    names.find((name) => textSimilarity(text, normalised(name)) >= HEADING_SIMILARITY);
  // Each line's group: its match's, else the one before it (a line before any match: the first match's).
  const firstGroup = markup[matches.find((index) => index >= 0) ?? 0]?.group ?? null;
  let current: string | null = firstGroup;
  const placed: { item: unknown; group: string | null }[] = [];
  flat.items.forEach((item, index) => {
    const match = matches[index] ?? -1;
    const heading = match < 0 ? headingOf(texts[index] ?? '') : undefined;
    if (heading !== undefined) {
      current = heading;
      return;
    }
    if (match >= 0) current = markup[match]?.group ?? null;
    placed.push({ item, group: current });
  });

  const grouped: unknown[] = [];
  for (const { item, group } of placed) {
    const last = grouped.at(-1);
    if (group === null) grouped.push(item);
    else if (isObject(last) && last['@type'] === 'HowToSection' && last['name'] === group && Array.isArray(last['itemListElement'])) last['itemListElement'].push(item);
    else grouped.push({ '@type': 'HowToSection', name: group, itemListElement: [item] });
  }
  return { ...node, [key]: grouped };
}
