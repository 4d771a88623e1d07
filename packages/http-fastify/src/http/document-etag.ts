/**
 * A document's entity tag: a strong tag derived from everything its bytes depend on (the domain's version key: the
 * product's and every recipe's version, the options) and the renderer's layout revision.
 */
import { createHash } from 'node:crypto';

export const documentEtag = (versionKey: string, rendererRevision: string): string =>
  `"doc-${createHash('sha256').update(`${rendererRevision}\n${versionKey}`).digest('base64url').slice(0, 32)}"`;

/** `If-None-Match` matches when it is `*` or lists the tag (weak comparison, RFC 9110 §13.1.2). */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return value.split(',').some((tag) => opaque(tag) === etag);
}
