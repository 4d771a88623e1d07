/**
 * A file store with the most recently used small files kept in this process's memory, in front of another store:
 * what makes a repeat download a memory read on an engine that reads GridFS chunks at tens of MB/s (FerretDB, the
 * emulator). For keys whose bytes never change once stored, as the service's are (content-derived, or rendered
 * from a version): a file replaced through another process is seen here only when it leaves the cache.
 */
import { okAsync, ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import { oneChunk, readAll, type FileContent, type FileStore, type FileStoreError, type StoredFile } from './file-store.js';

export interface MemoryCacheOptions {
  /** All kept files together; default 32 MiB. */
  readonly maxBytes?: number;
  /** A larger file is never kept (it streams from the store each time); default 8 MiB. */
  readonly maxFileBytes?: number;
}

interface Kept {
  readonly file: StoredFile;
  readonly bytes: Uint8Array;
}

export function memoryCachedFileStore(store: FileStore, options: MemoryCacheOptions = {}): FileStore & { readonly keptBytes: number } {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxFileBytes = Math.min(options.maxFileBytes ?? 8 * 1024 * 1024, maxBytes);
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  // Moved by every put and delete: a read that began before one of them does not keep what it read (it may be the
  // bytes the put replaced or the delete removed); the next read will.
  let changes = 0;

  const forget = (key: string) => {
    const old = kept.get(key);
    if (old === undefined) return;
    kept.delete(key);
    keptBytes -= old.bytes.byteLength;
  };
  const keep = (file: StoredFile, bytes: Uint8Array) => {
    forget(file.key);
    if (bytes.byteLength > maxFileBytes) return;
    kept.set(file.key, { file, bytes });
    keptBytes += bytes.byteLength;
    for (const key of kept.keys()) {
      if (keptBytes <= maxBytes) break;
      forget(key);
    }
  };
  const used = (key: string): Kept | undefined => {
    const found = kept.get(key);
    if (found !== undefined) {
      // Most recently used last: the Map's order is the eviction order.
      kept.delete(key);
      kept.set(key, found);
    }
    return found;
  };

  return {
    get keptBytes() {
      return keptBytes;
    },
    put(key, body, info): ResultAsync<StoredFile, FileStoreError> {
      forget(key);
      changes += 1;
      return store.put(key, body, info).map((file) => {
        if (body instanceof Uint8Array) keep(file, body);
        return file;
      });
    },
    head(key): ResultAsync<StoredFile | null, StoreUnavailable> {
      const found = used(key);
      return found === undefined ? store.head(key) : okAsync(found.file);
    },
    get(key): ResultAsync<FileContent | null, StoreUnavailable> {
      const found = used(key);
      if (found !== undefined) return okAsync({ file: found.file, body: oneChunk(found.bytes) });
      const before = changes;
      return store.get(key).andThen((content) => {
        if (content === null || content.file.size > maxFileBytes) return okAsync(content);
        // Read whole here, so that it can be kept; a store failing part-way is the reader's failure, as before.
        return ResultAsync.fromPromise(readAll(content.body), (error): StoreUnavailable => ({
          type: 'StoreUnavailable',
          message: error instanceof Error ? error.message : String(error),
        })).map((bytes) => {
          if (changes === before) keep(content.file, bytes);
          return { file: content.file, body: oneChunk(bytes) };
        });
      });
    },
    delete(key) {
      forget(key);
      changes += 1;
      return store.delete(key);
    },
    list: (prefix) => store.list(prefix),
  };
}
