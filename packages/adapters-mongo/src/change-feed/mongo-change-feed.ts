/**
 * The change feed for engines without change streams (FerretDB 1.24, the emulator), one per kind of document that a
 * search index lists (recipes: `recipes/recipe-change-feed.ts`, products: `products/product-change-feed.ts`). Every
 * write of that kind appends a record `{ _id, ids, at }` to the kind's records collection (the ids it wrote, the
 * writer's clock), then moves the kind's change mark in `change_marks` (`change-recorder.ts`). A follower reads the
 * mark every poll (one small document) and, only when it moved, the records of the last few seconds, skipping those
 * it has applied already, then the documents they name by id.
 *
 * Why this shape and not a `change_seq` stamped on each document: FerretDB pushes neither `$gt` nor a sort down to
 * PostgreSQL, so `{ change_seq: { $gt: n } }` reads all 100,000 recipes on every poll; the records collection holds
 * only the last minutes' records (pruned by age), so the same scan reads a handful. Why a time window and not a
 * counter: a counter handed out before the write can land out of order (a poller past n+1 would never see n); records
 * are re-read for `SKEW_MS` after their time instead, and a document applied twice is harmless (the index keeps the
 * highest version, and reads the stored state, never the record). Why one records collection and one mark per kind:
 * a follower of products then never reads the records of a recipe import, nor wakes for a recipe write.
 */
import type { Collection, Db, Document } from 'mongodb';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '@larder/domain';
import { attempt } from '../store-errors.js';
import { CHANGE_MARKS_COLLECTION, CHANGES_KEPT_SECONDS, idsCollectionOf, type ChangeIdsDocument, type ChangeKind, type ChangeMarkDocument, type ChangeRecordDocument } from './change-recorder.js';

/**
 * How long after its time a record is still read: longer than a write takes between its clock reading and its
 * record being visible, plus the clock difference between two instances' hosts.
 */
const SKEW_MS = 10_000;
const PRUNE_EVERY_MS = 60_000;
/** A step of a `changes` call not answered by then is given up (the database frozen): `StoreUnavailable`, and tried again. */
const CHANGES_DEADLINE_MS = 5000;
/** Ids read by id at once while applying changes. */
const IDS_PER_READ = 500;

/** What `changes` found: the stored state of the documents written since, or a database that is not the one it followed. */
export type FeedChanges<T> = { readonly kind: 'changed'; readonly items: T[] } | { readonly kind: 'replaced' };

/** Where a feed stands: every change before it has been reported. */
export interface FeedPosition {
  readonly at: Date;
  readonly mark: string;
}

export interface MongoChangeFeedOptions {
  /** How long a step of `changes` may take (default 5 s); tests shorten it. */
  readonly deadlineMs?: number;
}

/** What a feed follows: the kind, its collection (scanned once per build), and how its documents are read by id. */
export interface FollowedKind<T, D extends Document> extends ChangeKind {
  readonly collection: string;
  /** Fields the scan leaves out. */
  readonly projection?: Document;
  readonly toItem: (document: D) => T;
  /** The documents of these ids that exist (the repository, which knows how the engine reads many ids best). */
  readonly read: (ids: string[]) => ResultAsync<T[], StoreUnavailable>;
}

/** A change feed of one kind of document on a MongoDB database (any engine): see the file's comment. */
export class MongoChangeFeed<T, D extends Document> {
  readonly #kind: FollowedKind<T, D>;
  readonly #collection: Collection<D>;
  readonly #records: Collection<ChangeRecordDocument>;
  readonly #ids: Collection<ChangeIdsDocument>;
  readonly #marks: Collection<ChangeMarkDocument>;
  #since = Date.now() - SKEW_MS;
  #mark: number | undefined;
  /** Records applied, by id, with their time: forgotten once they fall out of the window. */
  readonly #applied = new Map<string, number>();
  #prunedAt = 0;
  /** Moved by every `changes` call and by its deadline: a call given up never records its records as applied. */
  #generation = 0;
  /**
   * The reads of the last `changes` call, settled or not: the next call's reads start after them, so that a call
   * given up at its deadline (the database slow) is never overlapped by the next poll's reads.
   */
  #reading: PromiseLike<unknown> = Promise.resolve();
  readonly #deadlineMs: number;

  constructor(db: Db, kind: FollowedKind<T, D>, options: MongoChangeFeedOptions = {}) {
    this.#kind = kind;
    this.#deadlineMs = options.deadlineMs ?? CHANGES_DEADLINE_MS;
    this.#collection = db.collection<D>(kind.collection);
    this.#records = db.collection<ChangeRecordDocument>(kind.records);
    this.#ids = db.collection<ChangeIdsDocument>(idsCollectionOf(kind));
    this.#marks = db.collection<ChangeMarkDocument>(CHANGE_MARKS_COLLECTION);
  }

  begin(): ResultAsync<void, StoreUnavailable> {
    this.#since = Date.now() - SKEW_MS;
    this.#mark = undefined;
    this.#applied.clear();
    return okAsync(undefined);
  }

  /**
   * From a snapshot's position: the count of writes must not have gone back, and the records from then on must still
   * be kept (with a minute to spare for the first poll), unless there are none (the count has not moved since: an
   * idle library's snapshot stays good however old, and the service need not write it again).
   */
  resume(position: FeedPosition): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => {
      const mark = await this.#currentMark();
      if (mark < Number(position.mark)) return false;
      if (mark !== Number(position.mark) && Date.now() - position.at.getTime() > (CHANGES_KEPT_SECONDS - 60) * 1000) return false;
      this.#since = position.at.getTime();
      this.#mark = undefined;
      this.#applied.clear();
      return true;
    });
  }

  /** The start of the window the next poll reads: every record before it has been applied. */
  position(): FeedPosition {
    return { at: new Date(this.#since), mark: String(this.#mark ?? 0) };
  }

  /** One pass over the collection in natural order (no filter, no sort: FerretDB streams its table once). */
  scan(pageSize: number, visit: (items: readonly T[]) => void): ResultAsync<number, StoreUnavailable> {
    return attempt(async () => {
      const cursor = this.#collection.find({}, { batchSize: pageSize, ...(this.#kind.projection === undefined ? {} : { projection: this.#kind.projection }) });
      let [page, read] = [[] as T[], 0];
      for await (const document of cursor) {
        page.push(this.#kind.toItem(document as D));
        if (page.length >= pageSize) {
          visit(page);
          read += page.length;
          page = [];
        }
      }
      visit(page);
      return read + page.length;
    });
  }

  /**
   * Given up when a step (the mark and records, then each read of `IDS_PER_READ` documents) takes longer than the
   * deadline, not the whole: the build after a scan reads every document written in the window before it began,
   * after an import thousands of them, and giving that up would mean scanning the whole collection again.
   */
  changes(): ResultAsync<FeedChanges<T>, StoreUnavailable> {
    const generation = (this.#generation += 1);
    let timer: NodeJS.Timeout | undefined;
    let giveUp = (): void => undefined;
    const late = new Promise<void>((resolve) => {
      giveUp = resolve;
    });
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (this.#generation === generation) this.#generation += 1;
        giveUp();
      }, this.#deadlineMs);
    };
    arm();
    // A poll given up at its deadline may still be reading: the next one's reads wait for them. A call given up while
    // it waited (the database frozen: one such call per poll) reads nothing once it is its turn.
    const work = ResultAsync.fromSafePromise(this.#reading).andThen(() =>
      generation === this.#generation ? this.#changesOnce(generation, arm) : errAsync<FeedChanges<T>, StoreUnavailable>({ type: 'StoreUnavailable', message: 'the change feed gave this poll up' }),
    );
    this.#reading = work.then(
      () => undefined,
      () => undefined,
    );
    const given = ResultAsync.fromSafePromise(late).andThen(() => errAsync<FeedChanges<T>, StoreUnavailable>({ type: 'StoreUnavailable', message: `the change feed did not answer within ${this.#deadlineMs} ms` }));
    return new ResultAsync(Promise.race([work, given]).finally(() => clearTimeout(timer)));
  }

  #currentMark(): Promise<number> {
    return this.#marks.findOne({ _id: this.#kind.mark }).then((found) => found?.seq ?? 0);
  }

  #changesOnce(generation: number, progressed: () => void): ResultAsync<FeedChanges<T>, StoreUnavailable> {
    return attempt(() => this.#pending(generation)).andThen(({ ids, commit, replaced }): ResultAsync<FeedChanges<T>, StoreUnavailable> => {
      if (replaced) return okAsync({ kind: 'replaced' });
      if (ids.length === 0) {
        commit();
        return okAsync({ kind: 'changed', items: [] });
      }
      const pieces: string[][] = [];
      for (let at = 0; at < ids.length; at += IDS_PER_READ) pieces.push(ids.slice(at, at + IDS_PER_READ));
      return pieces
        .reduce<ResultAsync<T[], StoreUnavailable>>((sofar, piece) => sofar.andThen((found) => {
          progressed();
          return this.#kind.read(piece).map((more) => found.concat(more));
        }), okAsync([]))
        .map((found): FeedChanges<T> => {
          commit();
          return { kind: 'changed', items: found };
        });
    });
  }

  /** The ids of the records not applied yet, and how to remember them as applied once their documents are read. */
  async #pending(generation: number): Promise<{ ids: string[]; commit: () => void; replaced: boolean }> {
    const polled = Date.now();
    const mark = await this.#currentMark();
    // The count of writes only grows: lower than seen, the database is not the one the index was built from.
    if (this.#mark !== undefined && mark < this.#mark) return { ids: [], commit: () => undefined, replaced: true };
    if (mark === this.#mark) return { ids: [], commit: () => undefined, replaced: false };
    const records = await this.#records.find({ at: { $gte: new Date(this.#since) } }).toArray();
    const fresh = records.filter((record) => !this.#applied.has(record._id));
    // A large write's ids, by `_id` (pushed down on every engine), for the records not applied yet only.
    const detached = await Promise.all(fresh.filter((record) => (record.detached ?? 0) > 0).map((record) => this.#ids.findOne({ _id: record._id })));
    const ids = [...new Set([...fresh.flatMap((record) => record.ids), ...detached.flatMap((found) => found?.ids ?? [])])];
    const commit = (): void => {
      if (generation !== this.#generation) return;
      for (const record of fresh) this.#applied.set(record._id, record.at.getTime());
      this.#mark = mark;
      this.#since = polled - SKEW_MS;
      for (const [id, at] of this.#applied) if (at < this.#since) this.#applied.delete(id);
      this.#prune(polled);
    };
    return { ids, commit, replaced: false };
  }

  #prune(now: number): void {
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    const before = new Date(now - CHANGES_KEPT_SECONDS * 1000);
    void this.#records.deleteMany({ at: { $lt: before } }).catch(() => undefined);
    void this.#ids.deleteMany({ at: { $lt: before } }).catch(() => undefined);
  }
}
