/**
 * Readers for the several shapes a schema.org property takes in the wild: a value, an object holding it (`url`,
 * `@id`, `name`, `value`), or an array of either. Each returns plain values and leaves the reporting to the caller.
 */
import { htmlToLines, htmlToText } from './html-text.js';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asArray = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** The `@type`s of a node (a string or an array), without a `schema:` or schema.org URL prefix. */
export function typesOf(node: JsonObject): string[] {
  return asArray(node['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, ''));
}

/** Text from a string, a number, or an object's `name` / `@value` / `value` / `text`. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return htmlToText(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isObject(value)) {
    for (const key of ['@value', 'name', 'value', 'text']) {
      const text = textOf(value[key]);
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
