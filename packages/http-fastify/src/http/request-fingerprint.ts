/**
 * What makes two requests "the same request" for an idempotency key: method, route, path parameters and body, with
 * the body compared as JSON values (key order and spacing do not matter, every value does).
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: one text per JSON value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  // undefined (no body) reads as null: an optional body sent empty and one left out are the same request.
  return JSON.stringify(value) ?? 'null';
}

export interface FingerprintedRequest {
  readonly method: string;
  /** The route's path template (`/api/products/:id/lead-magnet`); the parameters give the concrete path. */
  readonly route: string;
  readonly params: unknown;
  readonly body: unknown;
}

/** SHA-256, hex. */
export function requestFingerprint(request: FingerprintedRequest): string {
  return createHash('sha256')
    .update(canonicalJson([request.method.toUpperCase(), request.route, request.params ?? {}, request.body ?? null]))
    .digest('hex');
}
