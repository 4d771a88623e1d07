/**
 * The slots of a recipe index in the order of a sort, kept on every write: by title (folded title by UTF-16 code
 * units, then id) and by creation (time, then id), the orders of `recipeComparator`. A listing in one of these
 * orders walks it and keeps the slots that match, rather than offering every match to a heap: a listing of 30,000
 * matches by title at 100,000 recipes used to cost 30,000 heap offers, most of them a comparison of whole titles
 * (their first three letters tie); a walk reads about `page × library ÷ matches` slots.
 *
 * One sorted array of slots. A write finds its place by binary search (O(log n) comparisons) and moves the slots in
 * between by one `copyWithin` (a memmove of at most 4 bytes a recipe: ~400 KB at 100,000, some microseconds); a
 * write that keeps its key moves nothing, and a new recipe's creation time goes at the end.
 */
export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class SortedSlots<K extends string | number> {
  readonly #compare: (a: K, b: K) => number;
  /** Slots in order, `#order[0..#size)`. */
  #order = new Int32Array(1024);
  #size = 0;
  /** The key and the id each slot was placed by (a slot not placed yet: undefined). */
  readonly #keys: (K | undefined)[] = [];
  readonly #ids: string[] = [];

  /** `compare`: the order of the keys (ties are broken by id, ascending). */
  constructor(compare: (a: K, b: K) => number) {
    this.#compare = compare;
  }

  get size(): number {
    return this.#size;
  }

  /** The slots in order, ascending: `slots[0..size)`; valid until the next `put`. */
  get slots(): Int32Array {
    return this.#order;
  }

  /** Places a slot by its key and id, or moves it when its key changed. */
  put(slot: number, key: K, id: string): void {
    const was = this.#keys[slot];
    if (was === key) return;
    if (was === undefined) {
      if (this.#size === this.#order.length) {
        const grown = new Int32Array(this.#order.length * 2);
        grown.set(this.#order);
        this.#order = grown;
      }
      const at = this.#place(key, id);
      this.#order.copyWithin(at + 1, at, this.#size);
      this.#order[at] = slot;
      this.#size += 1;
    } else {
      // Its place now, counted with the slot still at its old place (which the order of the others does not need).
      const from = this.#place(was, id);
      const to = this.#place(key, id);
      if (to > from) {
        this.#order.copyWithin(from, from + 1, to);
        this.#order[to - 1] = slot;
      } else {
        this.#order.copyWithin(to + 1, to, from);
        this.#order[to] = slot;
      }
    }
    this.#keys[slot] = key;
    this.#ids[slot] = id;
  }

  /** How many placed slots come before (key, id): where it goes, or where it is when placed under it. */
  #place(key: K, id: string): number {
    const [order, keys, ids, compare] = [this.#order, this.#keys, this.#ids, this.#compare];
    let [low, high] = [0, this.#size];
    // The common case of a new recipe: after every other (its creation time is the latest).
    if (high > 0) {
      const last = order[high - 1] as number;
      if ((compare(keys[last] as K, key) || compareStrings(ids[last] as string, id)) < 0) return high;
    }
    while (low < high) {
      const middle = (low + high) >>> 1;
      const slot = order[middle] as number;
      const before = compare(keys[slot] as K, key) || compareStrings(ids[slot] as string, id);
      if (before < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
