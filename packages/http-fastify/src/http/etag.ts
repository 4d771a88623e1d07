/**
 * Entity tags are the resource's version, quoted: `ETag: "7"`. `If-Match` accepts `*` or exactly one entity tag.
 */
import { err, ok, type Result } from 'neverthrow';

export const etagOf = (version: number): string => `"${version}"`;

/** A version no resource ever has: a well-formed tag that cannot match (weak, or not a version) still gets 412. */
export const NEVER_MATCHES = -1;

const STRONG_TAG = /^"([^"]*)"$/;
const WEAK_TAG = /^W\/"[^"]*"$/;
const LIST_SEPARATOR = /\s*,\s*/;

/**
 * The version a change is conditional on: `undefined` when there is no condition (no header, or `*` on an existing
 * resource). A weak tag never matches (If-Match uses strong comparison, RFC 9110 §13.1.1), nor does a quoted tag
 * that is not a version. Anything that is not an entity tag, or a list of several, is an error message (400).
 */
export function parseIfMatch(header: string | undefined): Result<number | undefined, string> {
  if (header === undefined) return ok(undefined);
  const value = header.trim();
  if (value === '*') return ok(undefined);
  if (value.split(LIST_SEPARATOR).length > 1) return err('must be a single entity tag such as "3" (the ETag of the resource)');
  if (WEAK_TAG.test(value)) return ok(NEVER_MATCHES);
  const tag = STRONG_TAG.exec(value)?.[1];
  if (tag === undefined) return err('must be a quoted entity tag such as "3" (the ETag of the resource) or *');
  return ok(/^[1-9]\d{0,14}$/.test(tag) ? Number(tag) : NEVER_MATCHES);
}
