import { GridFSBucket, type Collection, type Db, type GridFSChunk, type GridFSFile } from 'mongodb';
import { ok, type ResultAsync } from 'neverthrow';
import {
  assertFileKey,
  assertFilePrefix,
  type FileContent,
  type FileStore,
  type FileStoreError,
  type StoredFile,
  type StoreUnavailable,
} from '@larder/domain';
import { attempt } from '../store-errors.js';
import { FILES_BUCKET, newestFirst, newestOf, toStoredFile } from './gridfs-file.js';
import { chunksOfFileFilter, FILE_LIST_SORT, fileVersionsFilter, filePrefixFilter } from './gridfs-queries.js';
import { uploadFile } from './gridfs-upload.js';

export interface GridFsFileStoreOptions {
  /** Collections `<bucketName>.files` and `<bucketName>.chunks`; default `files` (the one `ensureIndexes` indexes). */
  readonly bucketName?: string;
}

/**
 * `FileStore` on GridFS. A put uploads the bytes as a new GridFS file and then removes every other file of the key
 * but the newest (upload date, then id): whoever finishes last sees all the versions and keeps the same newest as
 * everyone else, so concurrent puts end with one file. Reads take the newest version and ignore the rest.
 * The indexes come from `ensureIndexes`; the driver also looks for them before a bucket's first upload and creates
 * any it does not find (same keys, same names).
 */
export class GridFsFileStore implements FileStore {
  readonly #bucket: GridFSBucket;
  readonly #files: Collection<GridFSFile>;
  readonly #chunks: Collection<GridFSChunk>;

  constructor(db: Db, options: GridFsFileStoreOptions = {}) {
    const bucketName = options.bucketName ?? FILES_BUCKET;
    this.#bucket = new GridFSBucket(db, { bucketName });
    this.#files = db.collection<GridFSFile>(`${bucketName}.files`);
    this.#chunks = db.collection<GridFSChunk>(`${bucketName}.chunks`);
  }

  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, info: { readonly contentType: string }): ResultAsync<StoredFile, FileStoreError> {
    assertFileKey(key);
    return attempt(() => uploadFile(this.#bucket, key, body, info.contentType))
      .andThen((uploaded) => uploaded)
      .andThen((file) =>
        // Once the new file is stored the key reads it, whatever happens next: a store that fails during the
        // clean-up leaves older versions behind, unread, until the key's next put or delete; the put succeeded.
        attempt(() => this.#removeAllButNewest(key))
          .orElse(() => ok(undefined))
          .map(() => toStoredFile(file)),
      );
  }

  head(key: string): ResultAsync<StoredFile | null, StoreUnavailable> {
    assertFileKey(key);
    return attempt(async () => {
      const newest = await this.#newest(key);
      return newest === undefined ? null : toStoredFile(newest);
    });
  }

  get(key: string): ResultAsync<FileContent | null, StoreUnavailable> {
    assertFileKey(key);
    return attempt(async () => {
      const newest = await this.#newest(key);
      if (newest === undefined) return null;
      const body = this.#bucket.openDownloadStream(newest._id);
      // A reader that stops early destroys the stream, and the driver then leaves its chunk cursor open (its session
      // held, and the server's cursor until it times out); `abort` closes it. A stream read to its end closes its own.
      body.once('close', () => {
        if (!body.readableEnded) body.abort().catch(() => undefined);
      });
      return { file: toStoredFile(newest), body };
    });
  }

  delete(key: string): ResultAsync<boolean, StoreUnavailable> {
    assertFileKey(key);
    return attempt(async () => this.#remove(await this.#versions(key)));
  }

  list(prefix: string): ResultAsync<StoredFile[], StoreUnavailable> {
    assertFilePrefix(prefix);
    return attempt(async () => {
      const found = await this.#files.find(filePrefixFilter(prefix)).sort(FILE_LIST_SORT).toArray();
      const byKey = new Map<string, GridFSFile[]>();
      for (const file of found) byKey.set(file.filename, [...(byKey.get(file.filename) ?? []), file]);
      return [...byKey.values()].flatMap((versions) => [...versions].sort(newestFirst).slice(0, 1)).map(toStoredFile);
    });
  }

  #versions(key: string): Promise<GridFSFile[]> {
    return this.#files.find(fileVersionsFilter(key)).toArray();
  }

  async #newest(key: string): Promise<GridFSFile | undefined> {
    return newestOf(await this.#versions(key));
  }

  async #removeAllButNewest(key: string): Promise<void> {
    const [, ...older] = [...(await this.#versions(key))].sort(newestFirst);
    await this.#remove(older);
  }

  /**
   * The files document first: from then on no read finds the file, and its chunks are unreachable. Another put's
   * clean-up may remove the same file at the same moment; either one finding it is enough.
   */
  async #remove(files: readonly GridFSFile[]): Promise<boolean> {
    let removed = false;
    for (const file of files) {
      const { deletedCount } = await this.#files.deleteOne({ _id: file._id });
      await this.#chunks.deleteMany(chunksOfFileFilter(file._id));
      removed ||= deletedCount > 0;
    }
    return removed;
  }
}
