import { okAsync, ResultAsync, type Result } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';

/**
 * Whether a listing comes from a search index or from the store, for the stores whose listings an index answers
 * (`IndexedRecipeRepository`, `IndexedProductRepository`): the store until the index is built (`markReady`), then
 * the index, after the store's change mark has been read, and the store again once a mark lower than one seen says
 * that the database was replaced (`reset`, which also empties the index).
 */
export class ListingSource {
  readonly #clear: () => void;
  #ready = false;
  /** The highest change mark a listing has read since the index was (re)built: a lower one means another database. */
  #highestMark = Number.NEGATIVE_INFINITY;
  /** Moved by every `reset`: a listing whose mark was read across one never counts that mark. */
  #resets = 0;
  /** The read of the change mark under way, and the `#resets` it began at: listings that start meanwhile share it. */
  #markRead: { readonly resets: number; readonly result: Promise<Result<string, StoreUnavailable>> } | undefined;

  /** `clear` empties the index. */
  constructor(clear: () => void) {
    this.#clear = clear;
  }

  /** Whether listings come from the index (it holds every stored item). */
  get ready(): boolean {
    return this.#ready;
  }

  markReady(): void {
    this.#ready = true;
  }

  /**
   * A change mark the change feed has applied the index up to: a listing that later reads a lower one is on another
   * database, even when no listing read this one (the feed put another writer's item in, then the database was
   * replaced before any listing ran).
   */
  sawMark(mark: string): void {
    const seen = Number(mark);
    if (this.#ready && Number.isFinite(seen)) this.#highestMark = Math.max(this.#highestMark, seen);
  }

  /** Empties the index and lists from the store until it is built again (the database was replaced under it). */
  reset(): void {
    this.#resets += 1;
    this.#markRead = undefined;
    this.#ready = false;
    this.#highestMark = Number.NEGATIVE_INFINITY;
    this.#clear();
  }

  /**
   * The index's answer once it is built, after reading the change mark (one small document): a listing still answers
   * `StoreUnavailable` when the database cannot be reached, as it did when it read the store, rather than serve a
   * copy that nothing keeps current any more. A mark lower than one seen before is the change feed's own sign of a
   * replaced database (its write count went back): the index is emptied at once and this listing, like the next ones
   * until the index is built again, comes from the store — rather than serve the old database's items until the
   * feed's next poll notices.
   */
  list<T>(changeMark: () => ResultAsync<string, StoreUnavailable>, fromIndex: () => T, fromStore: () => ResultAsync<T, StoreUnavailable>): ResultAsync<T, StoreUnavailable> {
    if (!this.#ready) return fromStore();
    const resets = this.#resets;
    return this.#sharedMark(changeMark).andThen((mark) => {
      // Reset (and maybe built again from the new database) while this mark was read: the mark may be the old
      // database's, and must not raise the highest seen.
      if (resets !== this.#resets || !this.#ready) return fromStore();
      const seen = Number(mark);
      if (!Number.isFinite(seen)) return okAsync(fromIndex());
      if (seen < this.#highestMark) {
        this.reset();
        return fromStore();
      }
      this.#highestMark = Math.max(this.#highestMark, seen);
      return okAsync(fromIndex());
    });
  }

  /**
   * The change mark, from the read under way if one is (begun since the last `reset`), else from a new read. Ten
   * listings at once read it once instead of ten times: each read is a round trip through the database (on
   * FerretDB about as much of its CPU as the listing costs the service), and what the read proves, that the
   * database answers and is the one the index was built from, is as true of a read begun a moment before the
   * listing as of its own. A failed read fails every listing that shared it.
   */
  #sharedMark(changeMark: () => ResultAsync<string, StoreUnavailable>): ResultAsync<string, StoreUnavailable> {
    const under = this.#markRead;
    if (under !== undefined && under.resets === this.#resets) return new ResultAsync(under.result);
    const read = { resets: this.#resets, result: Promise.resolve(changeMark()) };
    this.#markRead = read;
    const done = (): void => {
      if (this.#markRead === read) this.#markRead = undefined;
    };
    void read.result.then(done, done);
    return new ResultAsync(read.result);
  }
}
