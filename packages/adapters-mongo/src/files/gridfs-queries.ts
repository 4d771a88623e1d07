/** The file store's queries as pure values, shared by the store and the index test. */
import type { Filter, GridFSChunk, GridFSFile, ObjectId } from 'mongodb';

/** Every GridFS file of a key (usually one; more while a put is replacing it). */
export const fileVersionsFilter = (key: string): Filter<GridFSFile> => ({ filename: key });

// Keys and prefixes hold only `[A-Za-z0-9._/-]` (assertFilePrefix), but a dot must not match any character.
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Files whose key starts with `prefix`: an anchored, case-sensitive literal prefix, which MongoDB answers as a range
 * of the filename index (and an empty prefix as all of it).
 */
export const filePrefixFilter = (prefix: string): Filter<GridFSFile> => ({ filename: { $regex: `^${escapeRegex(prefix)}` } });

/** By key, so that the versions of a key arrive together. */
export const FILE_LIST_SORT: Record<string, 1 | -1> = { filename: 1 };

export const chunksOfFileFilter = (fileId: ObjectId): Filter<GridFSChunk> => ({ files_id: fileId });
