/**
 * The writer's side of a change feed (`mongo-change-feed.ts`): after every write of a kind of document (recipes,
 * products), a record of the ids it wrote in that kind's records collection, then its count in `change_marks`
 * moved. The repositories of that kind write through a `ChangeRecorder`.
 */
import { randomUUID } from 'node:crypto';
import { MongoServerError, type Collection, type Db } from 'mongodb';

export const CHANGE_MARKS_COLLECTION = 'change_marks';

/** Records older than this are deleted by followers (and by MongoDB's TTL index on `at`). */
export const CHANGES_KEPT_SECONDS = 600;

/** A kind of document whose writes are recorded: its records collection and its count's `_id` in `change_marks`. */
export interface ChangeKind {
  readonly records: string;
  readonly mark: string;
}

export interface ChangeRecordDocument {
  _id: string;
  /** The documents the write touched (a batch: all of them, written or not); empty when they are `detached`. */
  ids: string[];
  /** The writer's clock when the write returned. */
  at: Date;
  /**
   * How many ids the write touched when there were more than `INLINE_IDS`: they are then in the kind's ids collection
   * (`idsCollectionOf`), under this record's `_id`, and the record stays small.
   */
  detached?: number;
}

/** The ids of a large write, apart from its record (see `ChangeRecordDocument.detached`). */
export interface ChangeIdsDocument {
  _id: string;
  ids: string[];
  at: Date;
}

/**
 * A write of more ids than this keeps them in a document of their own. Why: a follower reads the records of the last
 * seconds at every poll where the count moved, and FerretDB cannot push the time down, so it reads every record kept
 * (ten minutes of them); after an import of 100,000 recipes those were 200 records of 500 ids, 4 MB decoded at every
 * poll, and another instance listed a new recipe only 0.8–1.2 s after it was written. Small records, and the ids
 * read by `_id` (which every engine pushes down) only for a record not applied yet.
 */
export const INLINE_IDS = 50;

/** The collection holding the ids of a kind's large writes. */
export const idsCollectionOf = (kind: Pick<ChangeKind, 'records'>): string => `${kind.records}_ids`;

export interface ChangeMarkDocument {
  _id: string;
  seq: number;
}

/** Longer than the service waits for a server (2 s) twice over, so a write that failed has landed or never will. */
const LATE_WRITE_MS = 10_000;

export interface ChangeRecorderOptions {
  /** When a write whose answer never came is recorded again; default `LATE_WRITE_MS` (tests make it short). */
  readonly lateWriteMs?: number;
}

/** How many times a record or mark that could not be written is written again (after 10 s, 20 s, 40 s by default). */
export const RECORD_RETRIES = 3;

/** A write the server answered with a duplicate key (for a batch: its first refused document), and not to be retried. */
const refused = (error: unknown): boolean => error instanceof MongoServerError && error.code === 11000 && !error.hasErrorLabel('RetryableWriteError');

export class ChangeRecorder {
  readonly #kind: ChangeKind;
  readonly #records: Collection<ChangeRecordDocument>;
  readonly #ids: Collection<ChangeIdsDocument>;
  readonly #marks: Collection<ChangeMarkDocument>;
  readonly #lateWriteMs: number;

  constructor(db: Db, kind: ChangeKind, options: ChangeRecorderOptions = {}) {
    this.#kind = kind;
    this.#lateWriteMs = options.lateWriteMs ?? LATE_WRITE_MS;
    this.#records = db.collection<ChangeRecordDocument>(kind.records);
    this.#ids = db.collection<ChangeIdsDocument>(idsCollectionOf(kind));
    this.#marks = db.collection<ChangeMarkDocument>(CHANGE_MARKS_COLLECTION);
  }

  /** The kind's count of writes (0 before the first). */
  async mark(): Promise<number> {
    return (await this.#marks.findOne({ _id: this.#kind.mark }))?.seq ?? 0;
  }

  /**
   * Runs `write`, then records it, after every attempt (a failed one may have landed): the mark moves once the
   * documents have, so that a reader who read the mark before reading them sees a different mark afterwards. A record
   * or mark that cannot be written does not fail the write, which has happened: the mark is still moved, and the
   * record and the mark are written again later (`RECORD_RETRIES` times, `lateWriteMs` apart and growing), so that
   * followers see the change once the database takes writes again rather than only at the next write of those
   * documents (a search index, and the documents read from it, would otherwise keep the old version until then).
   */
  async written<T>(ids: readonly string[], write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (error) {
      // Not waited for: a write that failed because the database went away must not wait for it a second time. A
      // write whose answer never came may still land after this move (sent, then the connection lost): moved again
      // once any such write has had time to land, so that a reader who read the mark in between does not keep it.
      // A duplicate key is the server's answer, nothing of it still on its way: not recorded again (a batch that lost
      // its connection is a MongoBulkWriteError too, and a MongoServerError: only the code tells them apart).
      void this.#record(ids);
      if (!refused(error)) setTimeout(() => void this.#record(ids), this.#lateWriteMs).unref();
      throw error;
    }
    await this.#record(ids);
    return result;
  }

  #record(ids: readonly string[], retry = 0): Promise<void> {
    const [_id, at] = [randomUUID(), new Date()];
    let failed = false;
    const noted = (): void => {
      failed = true;
    };
    // The ids of a large write first: a follower that finds the record finds them too.
    const written =
      ids.length === 0
        ? Promise.resolve()
        : ids.length <= INLINE_IDS
          ? this.#records.insertOne({ _id, ids: [...ids], at })
          : this.#ids.insertOne({ _id, ids: [...ids], at }).then(() => this.#records.insertOne({ _id, ids: [], at, detached: ids.length }));
    const record = written.then(() => undefined, noted);
    return record
      .then(() => this.#marks.updateOne({ _id: this.#kind.mark }, { $inc: { seq: 1 } }, { upsert: true }))
      .then(() => undefined, noted)
      .then(() => {
        if (failed && retry < RECORD_RETRIES) setTimeout(() => void this.#record(ids, retry + 1), this.#lateWriteMs * 2 ** retry).unref();
      });
  }
}
