/**
 * The schema.org Recipe of an HTML page, as a JSON-LD-shaped node for the domain's mapping: from the page's JSON-LD
 * blocks first (a node, an array, an `@graph`, a page's `mainEntity`; `@type` a string, an array or a URL), else from
 * its microdata (`itemscope itemtype=".../Recipe"` and its `itemprop`s, nested items such as `HowToSection` and
 * `HowToStep` included). The HTML is parsed by htmlparser2 (a tolerant, maintained parser), never matched by regexes.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { recipeNodesIn, withMarkupIngredientGroups, type JsonObject } from '@larder/domain';
import { ingredientGroupsInMarkup } from './ingredient-group-markup.js';
import { parseLenientJson } from './lenient-json.js';

type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

const isElement = (node: Node): node is Element => DomUtils.isTag(node);

function fromJsonLd(document: ReturnType<typeof parseDocument>): JsonObject | null {
  const scripts = DomUtils.getElementsByTagName('script', document, true).filter(
    (script) => (script.attribs['type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/ld+json',
  );
  for (const script of scripts) {
    const [recipe] = recipeNodesIn(parseLenientJson(DomUtils.textContent(script)));
    if (recipe !== undefined) return recipe;
  }
  return null;
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
  // The markup is kept (list items, paragraphs, breaks, headings): the mapping turns it into lines or plain text. The
  // source's own line breaks are white space in HTML, not lines: a step written over three lines is one step.
  return DomUtils.getInnerHTML(element).replace(/\s+/g, ' ');
}

const typeName = (itemtype: string | undefined): string[] =>
  (itemtype ?? '')
    .split(/\s+/)
    .filter((type) => type !== '')
    .map((type) => type.replace(/^https?:\/\/schema\.org\//i, ''));

/** An item's properties: every `itemprop` below it that no nearer item owns. */
function itemOf(element: Element): JsonObject {
  const item: Record<string, unknown[]> = {};
  const add = (names: string, value: unknown) => {
    for (const name of names.split(/\s+/).filter((part) => part !== '')) (item[name] ??= []).push(value);
  };
  const visit = (children: readonly Node[]) => {
    for (const child of children) {
      if (!isElement(child)) continue;
      const props = child.attribs['itemprop'];
      const scope = child.attribs['itemscope'] !== undefined;
      if (scope) {
        if (props !== undefined) add(props, itemOf(child));
        continue;
      }
      if (props !== undefined) add(props, propertyValue(child));
      visit(child.children);
    }
  };
  visit(element.children);
  const node: JsonObject = { '@type': typeName(element.attribs['itemtype']) };
  for (const [name, values] of Object.entries(item)) node[name] = values.length === 1 ? values[0] : values;
  return node;
}

function fromMicrodata(document: ReturnType<typeof parseDocument>): JsonObject | null {
  const recipe = DomUtils.findOne(
    (element) => element.attribs['itemscope'] !== undefined && typeName(element.attribs['itemtype']).includes('Recipe'),
    document.children,
    true,
  );
  return recipe === null ? null : itemOf(recipe);
}

/**
 * The page's first schema.org Recipe, JSON-LD before microdata, or null. A flat ingredient list is put into the
 * groups the page's recipe card prints (see `ingredient-group-markup.ts`).
 */
export function extractRecipe(html: string): JsonObject | null {
  const document = parseDocument(html);
  const recipe = fromJsonLd(document) ?? fromMicrodata(document);
  return recipe === null ? null : withMarkupIngredientGroups(recipe, ingredientGroupsInMarkup(document));
}
