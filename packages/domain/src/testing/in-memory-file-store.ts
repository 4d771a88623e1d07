import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { assertFileKey, assertFilePrefix, oneChunk, readAll, type FileContent, type FileStore, type FileStoreError, type StoredFile } from '../storage/file-store.js';
import type { StoreUnavailable } from '../shared/errors.js';

interface Entry {
  readonly file: StoredFile;
  readonly bytes: Uint8Array;
}

/**
 * The reference file store: one process, one map, whole files only. `unavailable = true` fails every call as an
 * unreachable store would; `puts` counts the files stored, and `putsUnder` those under a prefix, for tests that a file is
 * stored once.
 */
export class InMemoryFileStore implements FileStore {
  readonly #files = new Map<string, Entry>();
  #lastStoredAt = 0;
  unavailable = false;
  puts = 0;
  readonly #putKeys: string[] = [];

  #down(): ResultAsync<never, StoreUnavailable> {
    return errAsync({ type: 'StoreUnavailable', message: 'the in-memory file store is switched off' });
  }

  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, info: { readonly contentType: string }): ResultAsync<StoredFile, FileStoreError> {
    assertFileKey(key);
    if (this.unavailable) return this.#down();
    const bytes = body instanceof Uint8Array ? Promise.resolve(Uint8Array.from(body)) : readAll(body);
    return ResultAsync.fromPromise(bytes, (error): FileStoreError => ({ type: 'FileSourceFailed', message: error instanceof Error ? error.message : String(error) })).andThen(
      (whole) => {
        if (this.unavailable) return this.#down();
        // Strictly increasing, so that a later put is always the newer file, even within one millisecond.
        this.#lastStoredAt = Math.max(Date.now(), this.#lastStoredAt + 1);
        const file: StoredFile = { key, size: whole.byteLength, contentType: info.contentType, storedAt: new Date(this.#lastStoredAt) };
        this.#files.set(key, { file, bytes: whole });
        this.puts += 1;
        this.#putKeys.push(key);
        return okAsync(file);
      },
    );
  }

  /** How many files were stored under `prefix` (a key stored twice counts twice). */
  putsUnder(prefix: string): number {
    return this.#putKeys.filter((key) => key.startsWith(prefix)).length;
  }

  head(key: string): ResultAsync<StoredFile | null, StoreUnavailable> {
    assertFileKey(key);
    return this.unavailable ? this.#down() : okAsync(this.#files.get(key)?.file ?? null);
  }

  get(key: string): ResultAsync<FileContent | null, StoreUnavailable> {
    assertFileKey(key);
    if (this.unavailable) return this.#down();
    const entry = this.#files.get(key);
    if (entry === undefined) return okAsync(null);
    return okAsync({ file: entry.file, body: oneChunk(entry.bytes.slice()) });
  }

  delete(key: string): ResultAsync<boolean, StoreUnavailable> {
    assertFileKey(key);
    return this.unavailable ? this.#down() : okAsync(this.#files.delete(key));
  }

  list(prefix: string): ResultAsync<StoredFile[], StoreUnavailable> {
    assertFilePrefix(prefix);
    if (this.unavailable) return this.#down();
    const found = [...this.#files.values()].map((entry) => entry.file).filter((file) => file.key.startsWith(prefix));
    return okAsync(found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
  }
}
