/**
 * Bounds on how deep a page's elements nest, for the parse and the walks over it. htmlparser2 keeps its stack of
 * open elements with `unshift`/`shift`, as domutils' `find` keeps its stack of children, so each costs time in
 * proportion to the depth: a page of 5 MiB of `<b>` (1.7 million levels) would take the parser hours. No page
 * nests a few thousand levels, so the page is cut where its elements would nest deeper than `MAX_HTML_DEPTH`
 * (what comes before, the JSON-LD of its head included, is read as usual), and the walks here push and pop.
 */
import { DomUtils, type parseDocument } from 'htmlparser2';

export const MAX_HTML_DEPTH = 2000;

type Document = ReturnType<typeof parseDocument>;
type Node = Document['children'][number];
export type Element = Extract<Node, { attribs: Record<string, string> }>;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content is text up to their end tag, not markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext']);
const TAG = /<(\/?)([a-z][a-z0-9-]*)/y;

/**
 * The page up to where its elements would nest deeper than `max` levels (every start tag counted as one level
 * until its end tag, so a page that leaves its `<p>`s open is cut later than it would be, never earlier), or the
 * whole page. One pass, linear in the text.
 */
export function cutAtNestingDepth(html: string, max = MAX_HTML_DEPTH): string {
  const lower = html.toLowerCase();
  let depth = 0;
  let index = lower.indexOf('<');
  while (index >= 0) {
    if (lower.startsWith('<!--', index)) {
      const end = lower.indexOf('-->', index + 4);
      if (end < 0) break;
      index = lower.indexOf('<', end + 3);
      continue;
    }
    TAG.lastIndex = index;
    const match = TAG.exec(lower);
    const close = match === null ? -1 : lower.indexOf('>', TAG.lastIndex);
    if (match === null || close < 0) {
      if (match !== null) break;
      index = lower.indexOf('<', index + 1);
      continue;
    }
    const name = match[2] ?? '';
    let next = close + 1;
    if (match[1] === '/') depth = Math.max(0, depth - 1);
    else if (RAW_TEXT.has(name)) {
      const end = lower.indexOf(`</${name}`, next);
      if (end < 0) break;
      next = end;
    } else if (!VOID.has(name) && lower.charAt(close - 1) !== '/') {
      depth += 1;
      if (depth > max) return html.slice(0, index);
    }
    index = lower.indexOf('<', next);
  }
  return html;
}

const isElement = (node: Node): node is Element => DomUtils.isTag(node);

/** The elements under `roots` that pass `test`, in document order, at most `limit`: depth-first over a stack that pushes and pops. */
export function findElements(roots: readonly Node[], test: (element: Element) => boolean, limit = Infinity): Element[] {
  const found: Element[] = [];
  const stack: Node[] = [...roots].reverse();
  while (stack.length > 0 && found.length < limit) {
    const node = stack.pop() as Node;
    if (!isElement(node)) {
      if (DomUtils.hasChildren(node)) for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index] as Node);
      continue;
    }
    if (test(node)) found.push(node);
    for (let index = node.children.length - 1; index >= 0; index -= 1) stack.push(node.children[index] as Node);
  }
  return found;
}
