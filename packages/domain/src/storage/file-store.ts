/**
 * The port behind every file the service keeps: rendered documents today, photos and covers next. Keys are paths
 * the service makes (`documents/<product>/<generation>/<variant>.pdf`), never a client's words. A file is whole or
 * absent: a `put` that fails (its store, or its content's source) leaves the key as it was before.
 */
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';

/** What a store knows of a file without reading its bytes. */
export interface StoredFile {
  readonly key: string;
  /** Bytes. */
  readonly size: number;
  /** The media type given when it was put (`application/pdf`). */
  readonly contentType: string;
  /** When this version of the key was stored; a newer `put` of the key has a later one. */
  readonly storedAt: Date;
}

/** A file's description and its bytes, read as they are needed. */
export interface FileContent {
  readonly file: StoredFile;
  readonly body: AsyncIterable<Uint8Array>;
}

/** The bytes given to `put` could not be read to their end (a render that failed, a client that went away). */
export interface FileSourceFailed {
  readonly type: 'FileSourceFailed';
  readonly message: string;
}

export type FileStoreError = StoreUnavailable | FileSourceFailed;

export interface FileStore {
  /** Stores the bytes under `key`, replacing what was there once they are all stored. */
  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, info: { readonly contentType: string }): ResultAsync<StoredFile, FileStoreError>;
  head(key: string): ResultAsync<StoredFile | null, StoreUnavailable>;
  /** The bytes; a store error while they are read errors the iteration. */
  get(key: string): ResultAsync<FileContent | null, StoreUnavailable>;
  /** `true` when there was a file to remove. */
  delete(key: string): ResultAsync<boolean, StoreUnavailable>;
  /** Every file whose key starts with `prefix`, by key. */
  list(prefix: string): ResultAsync<StoredFile[], StoreUnavailable>;
}

/** Letters, digits and `._-` in segments joined by `/`; no empty, `.` or `..` segment. Up to 512 characters. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;
const PREFIX = /^(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]*$/;

export const isFileKey = (key: string): boolean => key.length <= 512 && KEY.test(key);

/** Keys are made by the service, so a bad one is a bug: it throws rather than returning a failure. */
export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new RangeError(`not a file key: ${JSON.stringify(key)}`);
}

export function assertFilePrefix(prefix: string): void {
  if (prefix.length > 512 || !PREFIX.test(prefix) || prefix.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new RangeError(`not a file key prefix: ${JSON.stringify(prefix)}`);
  }
}

/** All of a file's bytes at once (for a caller that needs them whole, such as a platform upload). */
export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/** Bytes already in memory as a file's body. */
export function oneChunk(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  return (async function* () {
    yield bytes;
  })();
}
