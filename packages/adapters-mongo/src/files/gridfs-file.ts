/**
 * How a stored file is kept: a GridFS file (the driver's files document plus its chunks) whose `filename` is the key.
 * A key may briefly have several GridFS files (a put uploads a new one before removing the old); the newest is the
 * file, the rest are leftovers that the put removes, and every read ignores.
 */
import type { GridFSFile } from 'mongodb';
import type { StoredFile } from '@larder/domain';

export const FILES_BUCKET = 'files';
export const GRIDFS_FILES_COLLECTION = `${FILES_BUCKET}.files`;
export const GRIDFS_CHUNKS_COLLECTION = `${FILES_BUCKET}.chunks`;

/** What the store keeps in the files document's `metadata`. */
export interface FileMetadata {
  content_type: string;
}

// A GridFS file written by another tool may have no content type of ours.
const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

export function toStoredFile(file: GridFSFile): StoredFile {
  const contentType: unknown = file.metadata?.['content_type'];
  return {
    key: file.filename,
    size: file.length,
    contentType: typeof contentType === 'string' ? contentType : UNKNOWN_CONTENT_TYPE,
    storedAt: file.uploadDate,
  };
}

/**
 * Newest first: by upload date, then by `_id` (an ObjectId, made when the upload began), so that two uploads of one
 * millisecond still have one newest, the same for every reader.
 */
export function newestFirst(a: GridFSFile, b: GridFSFile): number {
  const byDate = b.uploadDate.getTime() - a.uploadDate.getTime();
  if (byDate !== 0) return byDate;
  const [idA, idB] = [a._id.toHexString(), b._id.toHexString()];
  return idA < idB ? 1 : idA > idB ? -1 : 0;
}

export const newestOf = (versions: readonly GridFSFile[]): GridFSFile | undefined => [...versions].sort(newestFirst)[0];
