/**
 * The domain's `FileStore` on an S3 bucket (AWS S3, or an S3-compatible server such as SeaweedFS or MinIO). One
 * object per file; its Content-Type is the file's media type and its `stored-at` metadata the file's `storedAt`.
 */
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { errAsync, okAsync, Result, ResultAsync } from 'neverthrow';
import {
  assertFileKey,
  assertFilePrefix,
  isFileKey,
  type FileContent,
  type FileStore,
  type FileStoreError,
  type StoreUnavailable,
  type StoredFile,
} from '@larder/domain';
import { attempt, isBodilessNotFound, isNoSuchKey, storeUnavailable } from './s3-errors.js';
import { putObject, STORED_AT } from './s3-put.js';

export interface S3FileStoreOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** Every key is stored under this prefix (`tenant-a/`); the port's keys never show it. */
  readonly keyPrefix?: string | undefined;
}

interface ObjectHead {
  readonly ContentLength?: number | undefined;
  readonly ContentType?: string | undefined;
  readonly LastModified?: Date | undefined;
  readonly Metadata?: Record<string, string> | undefined;
}

// Enough to overlap round trips when a listing is described, few enough to leave the client's 50 sockets to others.
const LIST_HEADS_AT_ONCE = 8;

const byKey = (a: StoredFile, b: StoredFile): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Runs `run` over `items` with at most `width` calls in flight, keeping the order of `items`. */
async function inTurns<T, R>(items: readonly T[], width: number, run: (item: T) => PromiseLike<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) results[index] = await run(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

export class S3FileStore implements FileStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  #lastStoredAt = 0;

  constructor(options: S3FileStoreOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#prefix = options.keyPrefix ?? '';
    assertFilePrefix(this.#prefix);
  }

  #where(operation: string, key: string): string {
    return `${operation} ${JSON.stringify(key)} in bucket ${this.#bucket}`;
  }

  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>, info: { readonly contentType: string }): ResultAsync<StoredFile, FileStoreError> {
    assertFileKey(key);
    // Strictly increasing within this process, so a later put of a key is newer even within one millisecond.
    this.#lastStoredAt = Math.max(Date.now(), this.#lastStoredAt + 1);
    const storedAt = new Date(this.#lastStoredAt);
    const { contentType } = info;
    const objectKey = this.#prefix + key;
    return putObject({ client: this.#client, bucket: this.#bucket, objectKey, key, body, contentType, storedAt, where: this.#where('put', key) });
  }

  head(key: string): ResultAsync<StoredFile | null, StoreUnavailable> {
    assertFileKey(key);
    return this.#head(key);
  }

  #head(key: string): ResultAsync<StoredFile | null, StoreUnavailable> {
    const where = this.#where('head', key);
    const sent = ResultAsync.fromPromise(this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key })), (error) => error);
    return sent.map((head): StoredFile | null => this.#file(key, head)).orElse((error) => {
      if (!isBodilessNotFound(error)) return errAsync(storeUnavailable(where, error));
      // HeadObject's 404 is the same for a missing key and a missing bucket: only the bucket's answer tells them apart.
      return attempt(where, () => this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }))).map(() => null);
    });
  }

  /** `storedAt` from the metadata this store writes; LastModified for an object some other tool put. */
  #file(key: string, head: ObjectHead): StoredFile {
    const stored = Number(head.Metadata?.[STORED_AT] ?? Number.NaN);
    const storedAt = Number.isFinite(stored) ? new Date(stored) : (head.LastModified ?? new Date(0));
    return { key, size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream', storedAt };
  }

  get(key: string): ResultAsync<FileContent | null, StoreUnavailable> {
    assertFileKey(key);
    const where = this.#where('get', key);
    const sent = ResultAsync.fromPromise(this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key })), (error) => error);
    return sent
      .map((object): FileContent | null => ({ file: this.#file(key, object), body: bytesOf(object.Body, where) }))
      .orElse((error) => (isNoSuchKey(error) ? okAsync(null) : errAsync(storeUnavailable(where, error))));
  }

  /**
   * S3's DeleteObject succeeds whether or not the key exists, so a HeadObject first tells which. Two deletes of
   * one key at the same moment may both answer `true`; that costs nothing here, since deleting is idempotent.
   */
  delete(key: string): ResultAsync<boolean, StoreUnavailable> {
    assertFileKey(key);
    return this.#head(key).andThen((found) => {
      if (found === null) return okAsync(false);
      const command = new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key });
      return attempt(this.#where('delete', key), () => this.#client.send(command)).map(() => true);
    });
  }

  /**
   * ListObjectsV2 gives each object's key, size and LastModified but neither its Content-Type nor its metadata, and
   * the port promises the media type; so every listed file is described by its own HeadObject (a few at a time),
   * and its `storedAt` is the same as `head` gives. LastModified alone would not do: it has whole seconds only (two
   * puts within a second would look simultaneous) and, for a multipart upload, is when the upload began. A file
   * deleted between the listing and its HeadObject is left out, as if it had gone a moment earlier.
   */
  list(prefix: string): ResultAsync<StoredFile[], StoreUnavailable> {
    assertFilePrefix(prefix);
    const where = this.#where('list', prefix);
    return attempt(where, () => this.#keysUnder(prefix))
      .andThen((keys) => ResultAsync.fromSafePromise(inTurns(keys, LIST_HEADS_AT_ONCE, (key) => this.#head(key))))
      .andThen((heads) => Result.combine(heads))
      .map((files) => files.filter((file): file is StoredFile => file !== null).sort(byKey));
  }

  /** The port's keys under `prefix`; objects whose names no port key could have (put by other tools) are skipped. */
  async #keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const pages = paginateListObjectsV2({ client: this.#client }, { Bucket: this.#bucket, Prefix: this.#prefix + prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.#prefix.length);
        if (key !== undefined && isFileKey(key)) keys.push(key);
      }
    }
    return keys;
  }
}

/**
 * The object's bytes as they arrive. A caller that stops early ends the HTTP response (for-await's return destroys
 * the stream); one that never reads it is cut off by the client's idle timeout, which frees the socket.
 */
async function* bytesOf(body: unknown, where: string): AsyncGenerator<Uint8Array> {
  if (!(body instanceof Readable)) throw new Error(`S3 ${where}: the response had no readable body`);
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array>) yield chunk;
  } catch (error) {
    // The cause is a socket, timeout or checksum failure, which names no credentials (some SDK messages do).
    throw new Error(storeUnavailable(where, error).message, { cause: error });
  }
}
