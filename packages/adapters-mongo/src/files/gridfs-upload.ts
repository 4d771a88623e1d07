/**
 * One GridFS upload from bytes that may fail part-way. The driver inserts the files document only after the last
 * chunk, so until then the new version is invisible; on a failure its chunks are removed, and the key reads as before.
 */
import { finished } from 'node:stream/promises';
import type { GridFSBucket, GridFSBucketWriteStream, GridFSFile } from 'mongodb';
import { err, ok, type Result } from 'neverthrow';
import type { FileSourceFailed } from '@larder/domain';
import { chunksOfFileFilter } from './gridfs-queries.js';
import type { FileMetadata } from './gridfs-file.js';

/** Marks an error of the store (not of the source) on its way out of the source's loop; `cause` is the driver's. */
class StoreWriteFailed extends Error {
  constructor(cause: unknown) {
    super('GridFS chunk write failed', { cause });
  }
}

/**
 * Resolves once the piece is in the driver's buffer or, when it completed chunks, once they are inserted: with one
 * write in flight at a time no chunk insert is still running when the upload is aborted.
 */
const written = (upload: GridFSBucketWriteStream, piece: Uint8Array): Promise<void> =>
  new Promise((resolve, reject) => {
    upload.write(piece, (error) => (error === undefined || error === null ? resolve() : reject(new StoreWriteFailed(error))));
  });

const describeFailure = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Uploads `body` as a new GridFS file named `key`. A failure of the source is a value (`FileSourceFailed`), after the
 * chunks written so far are removed; a failure of the store is thrown, for `attempt` to map.
 */
export async function uploadFile(
  bucket: GridFSBucket,
  key: string,
  body: Uint8Array | AsyncIterable<Uint8Array>,
  contentType: string,
): Promise<Result<GridFSFile, FileSourceFailed>> {
  const metadata: FileMetadata = { content_type: contentType };
  const upload = bucket.openUploadStream(key, { metadata });
  // Listening from the start: a failed insert is also an 'error' event, which would otherwise crash the process.
  const done = finished(upload);
  done.catch(() => undefined);
  try {
    // A Uint8Array is itself iterable (by byte): it goes as one piece. Each piece is handed over up to the end of the
    // chunk it fills, so that one chunk insert is in flight at a time: given a whole 2 MB document at once, the driver
    // sent its eight inserts together, and on FerretDB/PostgreSQL 20 readers of recipes felt that burst (their p99
    // during a book's first download 1.7-2.4x, 1.17x with nothing stored; docs/benchmarks.md).
    const chunkSize = upload.chunkSizeBytes;
    let filled = 0;
    for await (const piece of body instanceof Uint8Array ? [body] : body) {
      for (let at = 0; at < piece.byteLength; ) {
        const take = Math.min(piece.byteLength - at, chunkSize - filled);
        await written(upload, piece.subarray(at, at + take));
        at += take;
        filled = (filled + take) % chunkSize;
      }
    }
  } catch (error) {
    if (error instanceof StoreWriteFailed) {
      await removeUpload(upload);
      throw error.cause;
    }
    await upload.abort();
    upload.destroy();
    return err({ type: 'FileSourceFailed', message: describeFailure(error) });
  }
  upload.end();
  try {
    await done;
  } catch (error) {
    await removeUpload(upload);
    throw error;
  }
  // Set by the driver before 'finish', once the files document is inserted.
  if (upload.gridFSFile === null) throw new Error('GridFS upload finished without its files document');
  return ok(upload.gridFSFile);
}

/**
 * Best effort after a store error: the store may well be unreachable, and the error that matters is the first one.
 * The files document goes first: an insert whose acknowledgement was lost may have stored it, and a files document
 * without its chunks would be the key's newest version, unreadable. Chunks left behind belong to no files document,
 * so no read ever sees them; they only take space.
 */
async function removeUpload(upload: GridFSBucketWriteStream): Promise<void> {
  upload.destroy();
  await upload.files
    .deleteOne({ _id: upload.id })
    .then(() => upload.chunks.deleteMany(chunksOfFileFilter(upload.id)))
    .catch(() => undefined);
}
