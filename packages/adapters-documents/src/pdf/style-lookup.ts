/**
 * pdfmake's style look-up, with the same answers and without its allocations.
 *
 * pdfmake measures text word by word, and for every word asks its style stack for some twenty properties (font,
 * size, colour, decoration, link…). Each question pushes the word and its named styles on the stack, walks it
 * through a closure that allocates a `Set` per named style, and pops them again: in a profile of the 500-recipe
 * book that was a fifth of the render's time (`StyleContextStack.getStyleProperty` and `getProperty`). The functions
 * below walk the same entries in the same order without pushing, closures or sets (a set only when a named style
 * `extends` others, which ours never do), so every answer, and so every byte of the PDF, is the one pdfmake gives.
 *
 * They replace pdfmake's two methods on its `StyleContextStack` class when this module is loaded (pdfmake calls them
 * through the class, so every caller gets them). pdfmake is pinned to the version whose code this follows;
 * test/pdf-text-runs.test.ts compares both implementations' answers on generated stacks, and a rendered book
 * byte for byte.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type StyleEntry = string | Record<string, unknown>;

/** The parts of pdfmake's `StyleContextStack` this module reads. */
export interface StyleStack {
  styleDictionary: Record<string, Record<string, unknown> | undefined>;
  defaultStyle: Record<string, unknown> | undefined;
  styleOverrides: StyleEntry[];
  getProperty: (this: StyleStack, property: string) => unknown;
}

interface StyleStackClass {
  prototype: StyleStack;
  getStyleProperty(item: unknown, stack: StyleStack | undefined, property: string, defaultValue: unknown): unknown;
}

/** pdfmake's `isValue`: neither null nor undefined. */
const isValue = (value: unknown): boolean => value !== null && value !== undefined;

const isString = (value: unknown): value is string => typeof value === 'string' || value instanceof String;

/** A named style's value for `property`, following `extends` as pdfmake does (last parent first, each style once). */
function fromNamedStyle(dictionary: StyleStack['styleDictionary'], name: string, property: string, visited?: Set<string>): unknown {
  if (visited !== undefined) {
    if (visited.has(name)) return undefined;
    visited.add(name);
  }
  const style = dictionary[name];
  if (!style) return undefined;
  const value = style[property];
  if (isValue(value)) return value;
  const parents = style.extends as string | string[] | undefined;
  if (parents) {
    const seen = visited ?? new Set([name]);
    const list = Array.isArray(parents) ? parents : [parents];
    for (let index = list.length - 1; index >= 0; index -= 1) {
      const inherited = fromNamedStyle(dictionary, list[index] as string, property, seen);
      if (isValue(inherited)) return inherited;
    }
  }
  return undefined;
}

/** One entry of the stack: a style name, or an object of overrides (a node, or a style given inline). */
function fromEntry(dictionary: StyleStack['styleDictionary'], entry: StyleEntry, property: string): unknown {
  return isString(entry) ? fromNamedStyle(dictionary, String(entry), property) : entry[property];
}

/** `StyleContextStack.prototype.getProperty`: the newest entry that sets `property`, else the default style's. */
function getProperty(this: StyleStack, property: string): unknown {
  const overrides = this.styleOverrides;
  if (overrides) {
    for (let index = overrides.length - 1; index >= 0; index -= 1) {
      const value = fromEntry(this.styleDictionary, overrides[index] as StyleEntry, property);
      if (isValue(value)) return value;
    }
  }
  return this.defaultStyle && this.defaultStyle[property];
}

/**
 * `StyleContextStack.getStyleProperty`: the item's own value, else what the stack would answer with the item's
 * named styles and the item itself pushed on it (pdfmake's `autopush`; the item, pushed last, is read first and was
 * read already), else `defaultValue`.
 */
function getStyleProperty(item: unknown, stack: StyleStack | undefined, property: string, defaultValue: unknown): unknown {
  const node = item as Record<string, unknown>;
  const own = node[property];
  if (isValue(own)) return own;
  if (!stack) return defaultValue;
  let value: unknown;
  if (!isString(item) && typeof node.section === 'undefined' && node.style) {
    const names = Array.isArray(node.style) ? (node.style as StyleEntry[]) : [node.style as StyleEntry];
    for (let index = names.length - 1; index >= 0 && !isValue(value); index -= 1) {
      value = fromEntry(stack.styleDictionary, names[index] as StyleEntry, property);
    }
  }
  if (!isValue(value)) value = stack.getProperty(property);
  return isValue(value) ? value : defaultValue;
}

const StyleContextStack = (require('pdfmake/js/StyleContextStack.js') as { default: StyleStackClass }).default;

/** pdfmake's own two methods, kept for the tests that compare answers. */
export const pdfmakeStyleLookup = {
  getProperty: StyleContextStack.prototype.getProperty,
  getStyleProperty: StyleContextStack.getStyleProperty.bind(StyleContextStack),
};

export const fastStyleLookup = { getProperty, getStyleProperty };

/** Which implementation pdfmake uses from now on: ours (the default once this module is loaded) or its own. */
export function useStyleLookup(lookup: typeof fastStyleLookup): void {
  StyleContextStack.prototype.getProperty = lookup.getProperty;
  StyleContextStack.getStyleProperty = lookup.getStyleProperty;
}

useStyleLookup(fastStyleLookup);

export { StyleContextStack };
