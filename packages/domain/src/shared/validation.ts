/**
 * Small readers for untrusted input (API bodies after schema checks, CLI import records before any check).
 * Each reader returns the value, or `undefined` after recording a `FieldIssue` with the field's JSON pointer, so that
 * one pass reports every problem of a record at once.
 */
import type { FieldIssue } from './errors.js';
import { isBlank, trimmed } from './text.js';
import { withArticle } from './article.js';

export type Issues = FieldIssue[];

/** RFC 6901: `~` and `/` in a key are escaped. List indexes and plain keys, nearly all of them, skip the regexes. */
export const pointerTo = (parent: string, key: string | number): string => {
  if (typeof key === 'number' || (!key.includes('~') && !key.includes('/'))) return `${parent}/${key}`;
  return `${parent}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
};

const describe = (value: unknown): string => {
  if (value === null) return 'null';
  return withArticle(Array.isArray(value) ? 'array' : typeof value);
};

export function readObject(value: unknown, pointer: string, issues: Issues): Record<string, unknown> | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  issues.push({ pointer, message: `must be an object, not ${describe(value)}` });
  return undefined;
}

/** Flags every key that is not writable: read-only keys by name, anything else as unknown. */
export function rejectExtraKeys(
  object: Record<string, unknown>,
  writable: ReadonlySet<string>,
  readOnly: ReadonlySet<string>,
  pointer: string,
  issues: Issues,
): void {
  for (const key of Object.keys(object)) {
    if (writable.has(key)) continue;
    issues.push({
      pointer: pointerTo(pointer, key),
      message: readOnly.has(key) ? 'is read-only' : 'is not a known field',
    });
  }
}

export interface TextRule {
  readonly min?: number;
  readonly max: number;
}

/**
 * A string without U+0000, trimmed; `min` counts characters after trimming. A text of invisible characters only
 * (zero-width spaces, format characters, white space) is empty.
 */
export function readText(value: unknown, pointer: string, issues: Issues, rule: TextRule): string | undefined {
  if (typeof value !== 'string') {
    issues.push({ pointer, message: `must be a string, not ${describe(value)}` });
    return undefined;
  }
  // No store needs it in a recipe, and PostgreSQL (FerretDB's backend) cannot store it in a string: refused on every
  // store alike, so that the same input gets the same answer whichever database the service runs on.
  if (value.includes('\u0000')) {
    issues.push({ pointer, message: 'must not contain the character U+0000' });
    return undefined;
  }
  let text = trimmed(value);
  // Trimmed text that starts with printable ASCII (nearly all of an import's) has a visible character.
  const first = text.charCodeAt(0);
  if ((first < 32 || first >= 127) && isBlank(text)) text = '';
  const min = rule.min ?? 0;
  if (text.length < min) {
    issues.push({ pointer, message: min === 1 ? 'must not be empty' : `must have at least ${min} characters` });
    return undefined;
  }
  if (text.length > rule.max) {
    issues.push({ pointer, message: `must have at most ${rule.max} characters` });
    return undefined;
  }
  return text;
}

/** A string or null; an empty string is stored as null. */
export function readOptionalText(value: unknown, pointer: string, issues: Issues, rule: TextRule): string | null | undefined {
  if (value === null) return null;
  const text = readText(value, pointer, issues, rule);
  return text === '' ? null : text;
}

export interface NumberRule {
  readonly min: number;
  readonly max: number;
  readonly integer?: boolean;
}

export function readNumber(value: unknown, pointer: string, issues: Issues, rule: NumberRule): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    issues.push({ pointer, message: `must be a number, not ${describe(value)}` });
    return undefined;
  }
  if (rule.integer === true && !Number.isInteger(value)) {
    issues.push({ pointer, message: 'must be a whole number' });
    return undefined;
  }
  if (value < rule.min || value > rule.max) {
    issues.push({ pointer, message: `must be between ${rule.min} and ${rule.max}` });
    return undefined;
  }
  return value;
}

export function readOptionalNumber(value: unknown, pointer: string, issues: Issues, rule: NumberRule): number | null | undefined {
  return value === null ? null : readNumber(value, pointer, issues, rule);
}

export function readBoolean(value: unknown, pointer: string, issues: Issues): boolean | undefined {
  if (typeof value === 'boolean') return value;
  issues.push({ pointer, message: `must be true or false, not ${describe(value)}` });
  return undefined;
}

export function readEnum<T extends string>(
  value: unknown,
  allowed: readonly T[],
  pointer: string,
  issues: Issues,
): T | undefined {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  issues.push({ pointer, message: `must be one of ${allowed.join(', ')}` });
  return undefined;
}

export interface ListRule {
  readonly min?: number;
  readonly max: number;
}

/** An array whose items are each read by `readItem`; undefined when the array or any item is invalid. */
export function readList<T>(
  value: unknown,
  pointer: string,
  issues: Issues,
  rule: ListRule,
  readItem: (item: unknown, pointer: string) => T | undefined,
): T[] | undefined {
  if (!Array.isArray(value)) {
    issues.push({ pointer, message: `must be an array, not ${describe(value)}` });
    return undefined;
  }
  const min = rule.min ?? 0;
  if (value.length < min || value.length > rule.max) {
    issues.push({ pointer, message: min > 0 ? `must have ${min} to ${rule.max} items` : `must have at most ${rule.max} items` });
    return undefined;
  }
  const before = issues.length;
  const items = new Array<T | undefined>(value.length);
  for (let index = 0; index < value.length; index += 1) items[index] = readItem(value[index], itemPointer(pointer, index));
  return issues.length === before ? (items as T[]) : undefined;
}

// The pointers of list items (`/ingredients/3`), made once per list and index: an import reads millions of items
// and nearly all are valid, so building each pointer anew only made garbage. Bounded: a few lists, short ones.
const ITEM_POINTERS = new Map<string, string[]>();
const MAX_CACHED_LISTS = 64;
const MAX_CACHED_INDEX = 256;

function itemPointer(list: string, index: number): string {
  if (index >= MAX_CACHED_INDEX) return pointerTo(list, index);
  let pointers = ITEM_POINTERS.get(list);
  if (pointers === undefined) {
    if (ITEM_POINTERS.size >= MAX_CACHED_LISTS) return pointerTo(list, index);
    pointers = [];
    ITEM_POINTERS.set(list, pointers);
  }
  let pointer = pointers[index];
  if (pointer === undefined) {
    pointer = pointerTo(list, index);
    pointers[index] = pointer;
  }
  return pointer;
}

/** Flags repeated items of a list (by `keyOf`) at their second occurrence. */
export function rejectDuplicates<T>(items: readonly T[], pointer: string, issues: Issues, keyOf: (item: T) => string, what: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) issues.push({ pointer: pointerTo(pointer, index), message: `repeats ${what} ${JSON.stringify(key)}` });
    seen.add(key);
  });
}

/** An absolute http(s) URL. */
export function readUrl(value: unknown, pointer: string, issues: Issues): string | null | undefined {
  const text = readOptionalText(value, pointer, issues, { max: 2048 });
  if (text === null || text === undefined) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    issues.push({ pointer, message: 'must be an absolute URL' });
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    issues.push({ pointer, message: 'must be an http or https URL' });
    return undefined;
  }
  return text;
}

export const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);
