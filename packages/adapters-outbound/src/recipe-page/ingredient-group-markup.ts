/**
 * The ingredient groups of a page as its recipe-card plugin prints them. Most food blogs write a flat
 * `recipeIngredient` into their JSON-LD and keep the groups (`For the crust`, `For the filling`) only in the card's
 * HTML; the domain's `withMarkupIngredientGroups` then puts the JSON-LD's own lines into these groups.
 *
 * One shape per plugin: the element holding the card's ingredients, what is a group's heading in it, and what is a
 * line. The card is walked in document order; a heading starts a group, a line joins the current one. Walks here are
 * loops over an explicit stack, never recursion: a page may nest elements as deep as it likes.
 */
import { DomUtils, type parseDocument } from 'htmlparser2';
import type { MarkupIngredientGroup } from '@larder/domain';
import { findElements } from './html-depth.js';

type Document = ReturnType<typeof parseDocument>;
type Node = Document['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

const isElement = (node: Node): node is Element => DomUtils.isTag(node);

const classesOf = (element: Element): string[] => (element.attribs['class'] ?? '').split(/\s+/);
const hasClass = (name: string) => (element: Element): boolean => classesOf(element).includes(name);
const isHeadingTag = (element: Element): boolean => /^h[2-6]$/.test(element.name);

/** Text of an element (scripts and styles left out), white space made single spaces. */
export function elementText(element: Element): string {
  const parts: string[] = [];
  const stack: Node[] = [element];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (DomUtils.isText(node)) parts.push(node.data);
    else if (isElement(node) && node.name !== 'script' && node.name !== 'style') {
      for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index] as Node);
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** A block whose whole text is bold (`<p><strong>For the sauce:</strong></p>`): the heading of editors that have no h4. */
function isBoldBlock(element: Element): boolean {
  if (!['p', 'div', 'li', 'span'].includes(element.name)) return false;
  const children = element.children.filter((child) => !(DomUtils.isText(child) && child.data.trim() === ''));
  const [only] = children;
  return children.length === 1 && only !== undefined && isElement(only) && ['strong', 'b'].includes(only.name) && elementText(only) !== '';
}

/** A card's own title for its list (`Ingredients`), which is not a group. */
const isListTitle = (element: Element): boolean =>
  /^ingredients?:?$/i.test(elementText(element)) || classesOf(element).some((name) => /title|header/i.test(name));

interface PluginShape {
  readonly plugin: string;
  /** Classes of the element holding the card's ingredients, the first found wins. */
  readonly containers: readonly string[];
  readonly heading: (element: Element) => boolean;
  readonly line: (element: Element) => boolean;
}

const SHAPES: readonly PluginShape[] = [
  {
    plugin: 'WP Recipe Maker',
    containers: ['wprm-recipe-ingredients-container'],
    heading: (element) => hasClass('wprm-recipe-group-name')(element) || hasClass('wprm-recipe-ingredient-group-name')(element),
    line: hasClass('wprm-recipe-ingredient'),
  },
  {
    plugin: 'Tasty Recipes',
    containers: ['tasty-recipes-ingredients-body', 'tasty-recipes-ingredients'],
    heading: (element) => (isHeadingTag(element) || isBoldBlock(element)) && !isListTitle(element),
    line: (element) => element.name === 'li',
  },
  {
    plugin: 'Mediavine Create',
    containers: ['mv-create-ingredients'],
    heading: (element) => (isHeadingTag(element) || isBoldBlock(element)) && !isListTitle(element),
    line: (element) => element.name === 'li',
  },
  {
    plugin: 'WP Ultimate Recipe',
    containers: ['wpurp-recipe-ingredients'],
    heading: (element) => hasClass('wpurp-recipe-ingredient-group')(element),
    line: hasClass('wpurp-recipe-ingredient'),
  },
  {
    plugin: 'Cooked',
    containers: ['cooked-recipe-ingredients'],
    heading: hasClass('cooked-heading'),
    line: hasClass('cooked-ingredient'),
  },
  {
    plugin: 'EasyRecipe',
    containers: ['ERSIngredients'],
    heading: (element) => hasClass('ERSSectionHead')(element) || hasClass('ERSSeparator')(element),
    line: (element) => hasClass('ingredient')(element) || (element.name === 'li' && !hasClass('ERSSeparator')(element)),
  },
];

function groupsIn(container: Element, shape: PluginShape): MarkupIngredientGroup[] {
  const groups: { name: string | null; lines: string[] }[] = [{ name: null, lines: [] }];
  const stack: Node[] = [...container.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (!isElement(node)) continue;
    if (shape.heading(node)) {
      const name = elementText(node).replace(/\s*:$/, '');
      if (name !== '') groups.push({ name, lines: [] });
    } else if (shape.line(node)) {
      const text = elementText(node);
      if (text !== '') groups.at(-1)?.lines.push(text);
    } else {
      for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index] as Node);
    }
  }
  return groups.filter((group) => group.lines.length > 0);
}

const firstWithClass = (document: Document, name: string): Element | undefined => findElements(document.children, hasClass(name), 1)[0];

/** The groups of the page's first recipe card that has named ones, or an empty list. */
export function ingredientGroupsInMarkup(document: Document): MarkupIngredientGroup[] {
  for (const shape of SHAPES) {
    const container = shape.containers.map((name) => firstWithClass(document, name)).find((found) => found !== undefined);
    if (container === undefined) continue;
    const groups = groupsIn(container, shape);
    if (groups.some((group) => group.name !== null)) return groups;
  }
  return [];
}
