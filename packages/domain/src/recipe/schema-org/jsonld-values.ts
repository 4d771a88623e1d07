/**
 * Readers for the several shapes a schema.org property takes in the wild: a value, an object holding it (`url`,
 * `@id`, `name`, `value`), or an array of either. Each returns plain values and leaves the reporting to the caller.
 */
import { htmlToLines, htmlToText } from './html-text.js';

export type JsonObject = Record<string, unknown>;

/**
 * How deep a recipe's JSON may nest (arrays and objects, counted from the recipe node, or from the document when
 * looking for recipes). Real pages nest a handful of levels (`@graph` → Recipe → `recipeInstructions` →
 * `HowToSection` → `HowToStep`); a hostile one may nest thousands, which would overflow the stack of any recursive
 * reader. What lies deeper is left out before anything else reads the node.
 */
export const MAX_JSON_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export interface BoundedJson {
  readonly value: unknown;
  /** Whether something nested deeper than the bound was left out. */
  readonly cut: boolean;
  /** Whether a lone surrogate was written as U+FFFD. */
  readonly mended: boolean;
  /** Whether U+0000 was removed (no store keeps it; recipe input refuses it). */
  readonly nulRemoved: boolean;
}

/**
 * A copy of a JSON value without what lies deeper than `maxDepth` levels, every text well-formed Unicode (a lone
 * surrogate becomes U+FFFD, as a store would write it: the import must answer what it stored) and without U+0000. A loop over an
 * explicit stack, never recursion, so any depth of input is safe; keys such as `__proto__` stay plain properties.
 */
export function boundedJson(value: unknown, maxDepth = MAX_JSON_DEPTH): BoundedJson {
  let cut = false;
  let mended = false;
  let nulRemoved = false;
  const pending: { source: object; copy: unknown[] | JsonObject; depth: number }[] = [];
  const copyOf = (source: unknown, depth: number): unknown => {
    if (typeof source === 'string') {
      let text = source;
      if (text.includes('\u0000')) {
        nulRemoved = true;
        text = text.replaceAll('\u0000', '');
      }
      if (!LONE_SURROGATE.test(text)) return text;
      mended = true;
      return text.replace(LONE_SURROGATES, '\ufffd');
    }
    if (typeof source !== 'object' || source === null) return source;
    if (depth >= maxDepth) {
      cut = true;
      return undefined;
    }
    const copy: unknown[] | JsonObject = Array.isArray(source) ? [] : {};
    pending.push({ source, copy, depth });
    return copy;
  };
  const root = copyOf(value, 0);
  while (pending.length > 0) {
    const { source, copy, depth } = pending.pop() as (typeof pending)[number];
    if (Array.isArray(source) && Array.isArray(copy)) {
      for (const item of source) {
        const inner = copyOf(item, depth + 1);
        if (inner !== undefined) copy.push(inner);
      }
      continue;
    }
    for (const [key, item] of Object.entries(source)) {
      const inner = copyOf(item, depth + 1);
      if (inner !== undefined) Object.defineProperty(copy, copyOf(key, 0) as string, { value: inner, enumerable: true, writable: true, configurable: true });
    }
  }
  return { value: root, cut, mended, nulRemoved };
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asArray = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** The `@type`s of a node (a string or an array), without a `schema:` or schema.org URL prefix. */
export function typesOf(node: JsonObject): string[] {
  return asArray(node['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, ''));
}

/** How many objects deep a text is looked for (`{"name": {"@value": "Ana"}}` is two). */
const MAX_TEXT_DEPTH = 8;

/** Text from a string, a number, or an object's `name` / `@value` / `value` / `text`. */
export function textOf(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return htmlToText(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isObject(value) && depth < MAX_TEXT_DEPTH) {
    for (const key of ['@value', 'name', 'value', 'text']) {
      const text = textOf(value[key], depth + 1);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** Every non-empty text among the values. */
export const textsOf = (value: unknown): string[] =>
  asArray(value).flatMap((item) => {
    const text = textOf(item);
    return text === undefined || text === '' ? [] : [text];
  });

/** Multi-line text (a description): tags and entities handled, line breaks kept. */
export function longTextOf(value: unknown): string | undefined {
  const first = asArray(value)[0];
  if (typeof first !== 'string') return textOf(first);
  if (!/[<&]/.test(first)) return first.trim();
  return htmlToLines(first).replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
}

/** A link from a string or an object's `url` / `contentUrl` / `@id`; the first of an array that has one. */
export function linkOf(value: unknown): string | undefined {
  for (const item of asArray(value)) {
    if (typeof item === 'string' && item.trim() !== '') return item.trim();
    if (isObject(item)) {
      const link = linkOf(item['url'] ?? item['contentUrl'] ?? item['@id']);
      if (link !== undefined) return link;
    }
  }
  return undefined;
}

/** An absolute http(s) URL, resolving a relative one against `base` when there is one. */
export function absoluteHttpUrl(link: string, base: string | undefined): string | undefined {
  try {
    const url = base === undefined ? new URL(link) : new URL(link, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** People and organisations: strings, objects with a `name`, or arrays of them. */
export const namesOf = (value: unknown): string[] => textsOf(value);

/**
 * Servings from `recipeYield`: a number, a text whose first number counts (`"8 servings"`, `"4-6"` → 4,
 * `"Serves 4"`), a `QuantitativeValue`, or an array whose first usable item wins.
 */
export function servingsOf(value: unknown): number | undefined {
  for (const item of asArray(value)) {
    let amount: number | undefined;
    if (typeof item === 'number') amount = item;
    else if (typeof item === 'string') {
      const match = /\d+(?:[.,]\d+)?/.exec(item);
      amount = match === null ? undefined : Number(match[0].replace(',', '.'));
    } else if (isObject(item)) amount = servingsOf(item['value']);
    if (amount !== undefined && Number.isFinite(amount) && Math.round(amount) >= 1) return Math.round(amount);
  }
  return undefined;
}

/** An identifier: a string, a number, or a `PropertyValue`'s `value`; the first of an array. */
export function identifierOf(value: unknown): string | undefined {
  for (const item of asArray(value)) {
    if (typeof item === 'string' && item.trim() !== '') return item.trim();
    if (typeof item === 'number' && Number.isFinite(item)) return String(item);
    if (isObject(item)) {
      const inner = identifierOf(item['value'] ?? item['@value']);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}
