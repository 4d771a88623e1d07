import { ResultAsync, type Result } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';

type MarkRead = Promise<Result<string, StoreUnavailable>>;

/**
 * Reads of a store's change mark, each begun after every caller who shares it asked: what a caller gets is the
 * database's count as of a moment after its call, so that a copy the change feed has applied up to exactly that count
 * holds every write that had ended when the caller asked (a writer moves the mark after its documents), and may
 * answer in the database's stead. Callers who ask while a read is under way share the one that begins when it ends:
 * under twenty readers at once that is one round trip through the database for many reads instead of one each,
 * where a read under way, begun before they asked, could predate a write they have already seen end.
 */
export interface FreshMarkReadsOptions {
  /**
   * The least time between the beginnings of two reads, in ms (default 0), when callers come at once (the last read
   * was shared, or several wait for the next): at most one round trip through the database per this long, each caller
   * waiting at most this long more. One caller at a time never waits for it.
   */
  readonly apartMs?: number;
}

export class FreshMarkReads {
  readonly #read: () => ResultAsync<string, StoreUnavailable>;
  readonly #apartMs: number;
  /** The read under way, if any. */
  #underWay: MarkRead | undefined;
  /** When the last read began (`performance.now()`). */
  #lastBegan = Number.NEGATIVE_INFINITY;
  /** The next read, shared by every caller who asked since the last began: it begins when the one under way ends. */
  #next: MarkRead | undefined;
  /** How many callers share `#next`. */
  #nextCallers = 0;
  /** How many callers shared the latest read. */
  #lastShared = 0;

  constructor(read: () => ResultAsync<string, StoreUnavailable>, options: FreshMarkReadsOptions = {}) {
    this.#read = read;
    this.#apartMs = options.apartMs ?? 0;
  }

  /**
   * The change mark, read after this call; or the failure of a read that was under way when it was made and ended
   * after it. A failed read fails every caller who shared it.
   */
  mark(): ResultAsync<string, StoreUnavailable> {
    if (this.#next !== undefined) {
      this.#nextCallers += 1;
      return new ResultAsync(this.#next);
    }
    const underWay = this.#underWay;
    if (underWay === undefined && this.#waitMs() <= 0) return new ResultAsync(this.#begin(1));
    this.#nextCallers = 1;
    const next = (underWay ?? Promise.resolve(undefined)).then(
      async (result) => {
        // A read under way that fails fails them too, without a read of their own: the database did not answer while
        // they waited (one that answers nothing would otherwise hold them for two deadlines, not one).
        if (result?.isErr() === true) {
          this.#next = undefined;
          return result;
        }
        const waitMs = this.#waitMs();
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        this.#next = undefined;
        return this.#begin(this.#nextCallers);
      },
      (error: unknown) => {
        this.#next = undefined;
        throw error;
      },
    );
    this.#next = next;
    return new ResultAsync(next);
  }

  /**
   * How long until a read may begin, by `apartMs`: only after a read that callers shared, or with several waiting
   * (callers at once). One caller at a time (a use case that reads, then reads again) never waits: a read each.
   */
  #waitMs(): number {
    if (this.#lastShared <= 1 && (this.#next === undefined || this.#nextCallers <= 1)) return 0;
    return this.#lastBegan + this.#apartMs - performance.now();
  }

  /** Begins a read for `callers` callers. */
  #begin(callers: number): MarkRead {
    this.#lastBegan = performance.now();
    this.#lastShared = callers;
    const read: MarkRead = Promise.resolve(this.#read());
    this.#underWay = read;
    const ended = (): void => {
      if (this.#underWay === read) this.#underWay = undefined;
    };
    void read.then(ended, ended);
    return read;
  }
}
