/**
 * How an idempotency key is stored. `_id` is a digest of the user id and the key: keys are client input, so they
 * never appear in a query (not even as a value), and every key, whatever its characters, makes a fixed-size id.
 */
import { createHash } from 'node:crypto';
import type { IdempotencyRecord, IdempotencyScope, StoredResponse } from '@larder/domain';

export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';

export interface StoredResponseDocument {
  status: number;
  location: string | null;
  etag: string | null;
  content_type: string;
  body: string;
}

export interface IdempotencyDocument {
  _id: string;
  /** For people reading the collection (whose keys are these); claims go by `_id` alone. */
  user_id: string;
  fingerprint: string;
  token: string;
  state: 'in_progress' | 'completed';
  claimed_at: Date;
  /** The TTL index removes the record some time after this; claims treat it as absent from this instant on. */
  expires_at: Date;
  response: StoredResponseDocument | null;
}

/** SHA-256 of `[userId, key]` as JSON: unambiguous (no pair spells another), hex, 64 characters. */
export const idempotencyDocumentId = (scope: IdempotencyScope): string =>
  createHash('sha256').update(JSON.stringify([scope.userId, scope.key])).digest('hex');

export const toResponseDocument = (response: StoredResponse): StoredResponseDocument => ({
  status: response.status,
  location: response.headers.location ?? null,
  etag: response.headers.etag ?? null,
  content_type: response.headers['content-type'],
  body: response.body,
});

function toStoredResponse(document: StoredResponseDocument): StoredResponse {
  return {
    status: document.status,
    headers: {
      ...(document.location === null ? {} : { location: document.location }),
      ...(document.etag === null ? {} : { etag: document.etag }),
      'content-type': document.content_type,
    },
    body: document.body,
  };
}

export function toIdempotencyDocument(scope: IdempotencyScope, record: IdempotencyRecord): IdempotencyDocument {
  return {
    _id: idempotencyDocumentId(scope),
    user_id: scope.userId,
    fingerprint: record.fingerprint,
    token: record.token,
    state: record.state,
    claimed_at: record.claimed_at,
    expires_at: record.expires_at,
    response: record.state === 'completed' ? toResponseDocument(record.response) : null,
  };
}

export function toIdempotencyRecord(document: IdempotencyDocument): IdempotencyRecord {
  const base = { fingerprint: document.fingerprint, token: document.token, claimed_at: document.claimed_at, expires_at: document.expires_at };
  // A completed document always has its response; one without is treated as still running (and so, in time, taken over).
  if (document.state === 'completed' && document.response !== null) return { ...base, state: 'completed', response: toStoredResponse(document.response) };
  return { ...base, state: 'in_progress' };
}
