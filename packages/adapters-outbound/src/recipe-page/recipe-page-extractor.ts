/**
 * The schema.org Recipe of an HTML page, as a JSON-LD-shaped node for the domain's mapping: from the page's JSON-LD
 * blocks first (a node, an array, an `@graph`, a page's `mainEntity`; `@type` a string, an array or a URL), else from
 * its microdata (`itemscope itemtype=".../Recipe"` and its `itemprop`s, nested items such as `HowToSection` and
 * `HowToStep` included). The HTML is parsed by htmlparser2 (a tolerant, maintained parser), never matched by regexes.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { MAX_JSON_DEPTH, recipeNodesIn, withMarkupIngredientGroups, type JsonObject } from '@larder/domain';
import { cutAtNestingDepth, findElements } from './html-depth.js';
import { ingredientGroupsInMarkup } from './ingredient-group-markup.js';
import { parseLenientJson } from './lenient-json.js';

type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

const isElement = (node: Node): node is Element => DomUtils.isTag(node);

function fromJsonLd(document: ReturnType<typeof parseDocument>): JsonObject | null {
  const scripts = findElements(
    document.children,
    (element) => element.name === 'script' && (element.attribs['type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/ld+json',
  );
  for (const script of scripts) {
    const [recipe] = recipeNodesIn(parseLenientJson(DomUtils.textContent(script)));
    if (recipe !== undefined) return recipe;
  }
  return null;
}

const BLOCK_TAGS = new Set(['p', 'li', 'div', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'section', 'article', 'blockquote', 'tr']);
const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * An element's content as the mapping reads markup: its text (entities escaped again) and its block-level tags,
 * which end lines (`<li>`, `<p>`, `<br>`, headings); other tags and attributes are left out, and the source's own
 * line breaks are white space (a step written over three lines of one `<li>` is one step). A loop over an explicit
 * stack: a page may nest elements as deep as it likes.
 */
function innerMarkup(element: Element): string {
  const parts: string[] = [];
  const stack: (Node | string)[] = [...element.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as Node | string;
    if (typeof node === 'string') parts.push(node);
    else if (DomUtils.isText(node)) parts.push(escapeText(node.data));
    else if (isElement(node) && node.name !== 'script' && node.name !== 'style') {
      const block = BLOCK_TAGS.has(node.name);
      if (block) stack.push(`</${node.name}>`);
      for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index] as Node);
      if (block) parts.push(`<${node.name}>`);
    }
  }
  return parts.join('').replace(/\s+/g, ' ');
}

const URL_VALUED: Readonly<Record<string, string>> = {
  a: 'href', area: 'href', link: 'href', audio: 'src', embed: 'src', iframe: 'src', img: 'src', source: 'src', track: 'src', video: 'src', object: 'data',
};

/** The value of an `itemprop` element that is not an item itself (the microdata spec's rules, in short). */
function propertyValue(element: Element): string {
  const name = element.name.toLowerCase();
  const attribs = element.attribs;
  if (name === 'meta') return attribs['content'] ?? '';
  const urlAttribute = URL_VALUED[name];
  if (urlAttribute !== undefined) return attribs[urlAttribute] ?? '';
  if ((name === 'data' || name === 'meter') && attribs['value'] !== undefined) return attribs['value'];
  if (name === 'time' && attribs['datetime'] !== undefined) return attribs['datetime'];
  if (attribs['content'] !== undefined) return attribs['content'];
  // The markup is kept (list items, paragraphs, breaks, headings): the mapping turns it into lines or plain text.
  return innerMarkup(element);
}

const typeName = (itemtype: string | undefined): string[] =>
  (itemtype ?? '')
    .split(/\s+/)
    .filter((type) => type !== '')
    .map((type) => type.replace(/^https?:\/\/schema\.org\//i, ''));

/**
 * An item's properties: every `itemprop` below it that no nearer item owns; an element that is an item itself
 * (`itemscope`) is a nested item. Items nested deeper than `MAX_JSON_DEPTH` are left out, as JSON-LD nested so deep
 * would be. One loop over an explicit stack for the whole tree of items.
 */
function itemOf(root: Element): JsonObject {
  // Property names are the page's: a Map, and defineProperty below, keep `__proto__` or `constructor` plain names.
  const itemNode = (element: Element): { node: JsonObject; values: Map<string, unknown[]> } => ({
    node: { '@type': typeName(element.attribs['itemtype']) },
    values: new Map(),
  });
  const top = itemNode(root);
  const items = [top];
  const add = (item: { values: Map<string, unknown[]> }, names: string, value: unknown) => {
    for (const name of names.split(/\s+/).filter((part) => part !== '')) {
      const list = item.values.get(name);
      if (list === undefined) item.values.set(name, [value]);
      else list.push(value);
    }
  };
  const stack: { node: Node; item: (typeof items)[number]; depth: number }[] = [...root.children].reverse().map((node) => ({ node, item: top, depth: 0 }));
  while (stack.length > 0) {
    const { node, item, depth } = stack.pop() as (typeof stack)[number];
    if (!isElement(node)) continue;
    const props = node.attribs['itemprop'];
    let owner = item;
    let ownerDepth = depth;
    if (node.attribs['itemscope'] !== undefined) {
      if (props === undefined || depth + 1 >= MAX_JSON_DEPTH) continue;
      owner = itemNode(node);
      ownerDepth = depth + 1;
      items.push(owner);
      add(item, props, owner.node);
    } else if (props !== undefined) add(item, props, propertyValue(node));
    for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push({ node: node.children[index] as Node, item: owner, depth: ownerDepth });
  }
  for (const { node, values } of items) {
    for (const [name, list] of values) Object.defineProperty(node, name, { value: list.length === 1 ? list[0] : list, enumerable: true, writable: true, configurable: true });
  }
  return top.node;
}

function fromMicrodata(document: ReturnType<typeof parseDocument>): JsonObject | null {
  const [recipe] = findElements(
    document.children,
    (element) => element.attribs['itemscope'] !== undefined && typeName(element.attribs['itemtype']).includes('Recipe'),
    1,
  );
  return recipe === undefined ? null : itemOf(recipe);
}

/**
 * The page's first schema.org Recipe, JSON-LD before microdata, or null. A flat ingredient list is put into the
 * groups the page's recipe card prints (see `ingredient-group-markup.ts`).
 */
export function extractRecipe(html: string): JsonObject | null {
  // A page nested deeper than any real one is read up to that depth (see html-depth.ts).
  const document = parseDocument(cutAtNestingDepth(html));
  const recipe = fromJsonLd(document) ?? fromMicrodata(document);
  return recipe === null ? null : withMarkupIngredientGroups(recipe, ingredientGroupsInMarkup(document));
}
