/**
 * Text in a JSON body must be valid Unicode. JSON's `\ud800` escape can spell a lone surrogate, which UTF-8 cannot
 * store: the database would keep U+FFFD instead, under the version the response had acknowledged with the original.
 * Such a string (or field name) is a 400 `validation_failed` pointing at it, before anything is stored.
 */
import { problem, type FieldError, type ProblemResponse } from './problem.js';

/** Only an escape can put a surrogate into parsed text (the body itself was decoded as strict UTF-8). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

const wellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();
const escapeKey = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

const NOT_UNICODE = 'must be valid Unicode text (it contains a lone surrogate such as \\ud800)';

/** The problem for `parsed` (the value of the JSON `text`) when one of its strings is not valid Unicode. */
export function invalidUnicodeProblem(text: string, parsed: unknown): ProblemResponse | undefined {
  if (!SURROGATE_ESCAPE.test(text)) return undefined;
  const errors: FieldError[] = [];
  // Iterative: a body of 1 MiB can nest deeper than the call stack.
  const pending: [value: unknown, pointer: string][] = [[parsed, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, pointer] = next;
    if (typeof value === 'string') {
      if (!wellFormed(value)) errors.push({ in: 'body', pointer, message: NOT_UNICODE });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, `${pointer}/${index}`]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const at = `${pointer}/${escapeKey(key)}`;
        if (!wellFormed(key)) errors.push({ in: 'body', pointer: at, message: 'is a field name that is not valid Unicode text' });
        pending.push([item, at]);
      }
    }
  }
  if (errors.length === 0) return undefined;
  errors.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  return problem(400, 'validation_failed', 'The request has invalid fields; see errors.', { errors });
}
