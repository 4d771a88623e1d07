/**
 * The change feed of recipes for engines without change streams (FerretDB 1.24, the emulator): every recipe write
 * appends a record `{ _id, ids, at }` to `recipe_changes` (the ids it wrote, the writer's clock), then moves the
 * change mark (`change_marks`). A follower reads the mark every poll (one small document) and, only when it moved,
 * the records of the last few seconds, skipping those it has applied already, then the recipes they name by id.
 *
 * Why this shape and not a `change_seq` stamped on each recipe: FerretDB pushes neither `$gt` nor a sort down to
 * PostgreSQL, so `{ change_seq: { $gt: n } }` reads all 100,000 recipes on every poll; `recipe_changes` holds only
 * the last minutes' records (pruned by age), so the same scan reads a handful. Why a time window and not a counter:
 * a counter handed out before the write can land out of order (a poller past n+1 would never see n); records are
 * re-read for `SKEW_MS` after their time instead, and a recipe applied twice is harmless (the index keeps the
 * highest version, and reads the stored state, never the record).
 */
import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { Recipe, RecipeChangeFeed, RecipeFeedChanges, RecipeFeedPosition, RecipeRepository, StoreUnavailable } from '@larder/domain';
import { attempt } from '../store-errors.js';
import { RECIPES_COLLECTION, toRecipe, type RecipeDocument } from './recipe-document.js';

export const RECIPE_CHANGES_COLLECTION = 'recipe_changes';
export const CHANGE_MARKS_COLLECTION = 'change_marks';
export const RECIPES_MARK = 'recipes';

export interface RecipeChangeDocument {
  _id: string;
  /** The recipes the write touched (a batch: all of them, written or not). */
  ids: string[];
  /** The writer's clock when the write returned. */
  at: Date;
}

export interface ChangeMarkDocument {
  _id: string;
  seq: number;
}

/**
 * How long after its time a record is still read: longer than a write takes between its clock reading and its
 * record being visible, plus the clock difference between two instances' hosts.
 */
const SKEW_MS = 10_000;
/** Records older than this are deleted by followers (and by MongoDB's TTL index). */
export const RECIPE_CHANGES_KEPT_SECONDS = 600;
const PRUNE_EVERY_MS = 60_000;
/** A step of a `changes` call not answered by then is given up (the database frozen): `StoreUnavailable`, and tried again. */
const CHANGES_DEADLINE_MS = 5000;
/** Ids read by id at once while applying changes. */
const IDS_PER_READ = 500;

/** Appends the record of a write; never fails the write (a follower that misses it sees the recipe at its next write). */
export function recordRecipeChanges(changes: Collection<RecipeChangeDocument>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return Promise.resolve();
  return changes.insertOne({ _id: randomUUID(), ids: [...ids], at: new Date() }).then(() => undefined, () => undefined);
}

export interface MongoRecipeChangeFeedOptions {
  /** How long a step of `changes` may take (default 5 s); tests shorten it. */
  readonly deadlineMs?: number;
}

/** `RecipeChangeFeed` on a MongoDB database (any engine): see the file's comment. */
export class MongoRecipeChangeFeed implements RecipeChangeFeed {
  readonly #recipes: Collection<RecipeDocument>;
  readonly #changes: Collection<RecipeChangeDocument>;
  readonly #marks: Collection<ChangeMarkDocument>;
  readonly #reader: Pick<RecipeRepository, 'findByIds'>;
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

  /** `reader` reads the changed recipes by id (the repository, which knows how the engine reads many ids best). */
  constructor(db: Db, reader: Pick<RecipeRepository, 'findByIds'>, options: MongoRecipeChangeFeedOptions = {}) {
    this.#deadlineMs = options.deadlineMs ?? CHANGES_DEADLINE_MS;
    this.#recipes = db.collection<RecipeDocument>(RECIPES_COLLECTION);
    this.#changes = db.collection<RecipeChangeDocument>(RECIPE_CHANGES_COLLECTION);
    this.#marks = db.collection<ChangeMarkDocument>(CHANGE_MARKS_COLLECTION);
    this.#reader = reader;
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
  resume(position: RecipeFeedPosition): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => {
      const mark = (await this.#marks.findOne({ _id: RECIPES_MARK }))?.seq ?? 0;
      if (mark < Number(position.mark)) return false;
      if (mark !== Number(position.mark) && Date.now() - position.at.getTime() > (RECIPE_CHANGES_KEPT_SECONDS - 60) * 1000) return false;
      this.#since = position.at.getTime();
      this.#mark = undefined;
      this.#applied.clear();
      return true;
    });
  }

  /** The start of the window the next poll reads: every record before it has been applied. */
  position(): RecipeFeedPosition {
    return { at: new Date(this.#since), mark: String(this.#mark ?? 0) };
  }

  /**
   * One pass over the collection in natural order (no filter, no sort: FerretDB streams its table once), without the
   * search keys documents of earlier versions carry until `slimRecipeDocuments` has removed them.
   */
  scan(pageSize: number, visit: (recipes: readonly Recipe[]) => void): ResultAsync<number, StoreUnavailable> {
    return attempt(async () => {
      const cursor = this.#recipes.find({}, { batchSize: pageSize, projection: { search_keys: 0, title_keys: 0 } });
      let [page, read] = [[] as Recipe[], 0];
      for await (const document of cursor) {
        page.push(toRecipe(document));
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
   * Given up when a step (the mark and records, then each read of `IDS_PER_READ` recipes) takes longer than the
   * deadline, not the whole: the build after a scan reads every recipe written in the window before it began, after
   * an import thousands of them, and giving that up would mean scanning the whole collection again.
   */
  changes(): ResultAsync<RecipeFeedChanges, StoreUnavailable> {
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
      generation === this.#generation ? this.#changesOnce(generation, arm) : errAsync<RecipeFeedChanges, StoreUnavailable>({ type: 'StoreUnavailable', message: 'the change feed gave this poll up' }),
    );
    this.#reading = work.then(
      () => undefined,
      () => undefined,
    );
    const given = ResultAsync.fromSafePromise(late).andThen(() => errAsync<RecipeFeedChanges, StoreUnavailable>({ type: 'StoreUnavailable', message: `the change feed did not answer within ${this.#deadlineMs} ms` }));
    return new ResultAsync(Promise.race([work, given]).finally(() => clearTimeout(timer)));
  }

  #changesOnce(generation: number, progressed: () => void): ResultAsync<RecipeFeedChanges, StoreUnavailable> {
    return attempt(() => this.#pending(generation)).andThen(({ ids, commit, replaced }): ResultAsync<RecipeFeedChanges, StoreUnavailable> => {
      if (replaced) return okAsync({ kind: 'replaced' });
      if (ids.length === 0) {
        commit();
        return okAsync({ kind: 'changed', recipes: [] });
      }
      const pieces: string[][] = [];
      for (let at = 0; at < ids.length; at += IDS_PER_READ) pieces.push(ids.slice(at, at + IDS_PER_READ));
      return pieces
        .reduce<ResultAsync<Recipe[], StoreUnavailable>>((sofar, piece) => sofar.andThen((found) => {
          progressed();
          return this.#reader.findByIds(piece).map((more) => found.concat(more));
        }), okAsync([]))
        .map((found): RecipeFeedChanges => {
          commit();
          return { kind: 'changed', recipes: found };
        });
    });
  }

  /** The ids of the records not applied yet, and how to remember them as applied once their recipes are read. */
  async #pending(generation: number): Promise<{ ids: string[]; commit: () => void; replaced: boolean }> {
    const polled = Date.now();
    const mark = (await this.#marks.findOne({ _id: RECIPES_MARK }))?.seq ?? 0;
    // The count of writes only grows: lower than seen, the database is not the one the index was built from.
    if (this.#mark !== undefined && mark < this.#mark) return { ids: [], commit: () => undefined, replaced: true };
    if (mark === this.#mark) return { ids: [], commit: () => undefined, replaced: false };
    const records = await this.#changes.find({ at: { $gte: new Date(this.#since) } }).toArray();
    const fresh = records.filter((record) => !this.#applied.has(record._id));
    const ids = [...new Set(fresh.flatMap((record) => record.ids))];
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
    void this.#changes.deleteMany({ at: { $lt: new Date(now - RECIPE_CHANGES_KEPT_SECONDS * 1000) } }).catch(() => undefined);
  }
}
