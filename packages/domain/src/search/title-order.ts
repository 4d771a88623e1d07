/**
 * The slots of a recipe index in title order, kept on every write: the title sort's order (`recipeComparator`:
 * folded title by UTF-16 code units, then id), so that a listing by title walks it and keeps the slots that match,
 * rather than comparing titles in a heap. A listing of 30,000 matches by title at 100,000 recipes used to cost
 * 30,000 heap offers, most of them a comparison of whole titles (their first three letters tie); a walk reads about
 * `page × library ÷ matches` slots.
 *
 * One sorted array of slots. A write finds its place by binary search (O(log n) comparisons) and moves the slots in
 * between by one `copyWithin` (a memmove of at most 4 bytes a recipe: ~400 KB at 100,000, a few microseconds); a
 * write that keeps its title moves nothing.
 */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class TitleOrder {
  /** Slots in order, `#order[0..#size)`. */
  #order = new Int32Array(1024);
  #size = 0;
  /** The folded title and the id each slot was placed by (a slot not placed yet: undefined). */
  readonly #titles: (string | undefined)[] = [];
  readonly #ids: string[] = [];

  get size(): number {
    return this.#size;
  }

  /** The slots in title order, ascending: `slots[0..size)`; valid until the next `put`. */
  get slots(): Int32Array {
    return this.#order;
  }

  /** Places a slot by its folded title and id, or moves it when its title changed. */
  put(slot: number, title: string, id: string): void {
    const was = this.#titles[slot];
    if (was === title) return;
    if (was === undefined) {
      if (this.#size === this.#order.length) {
        const grown = new Int32Array(this.#order.length * 2);
        grown.set(this.#order);
        this.#order = grown;
      }
      const at = this.#place(title, id);
      this.#order.copyWithin(at + 1, at, this.#size);
      this.#order[at] = slot;
      this.#size += 1;
    } else {
      // Its place now, counted with the slot still at its old place (which the order of the others does not need).
      const from = this.#place(was, id);
      const to = this.#place(title, id);
      if (to > from) {
        this.#order.copyWithin(from, from + 1, to);
        this.#order[to - 1] = slot;
      } else {
        this.#order.copyWithin(to + 1, to, from);
        this.#order[to] = slot;
      }
    }
    this.#titles[slot] = title;
    this.#ids[slot] = id;
  }

  /** How many placed slots come before (title, id): where it goes, or where it is when placed under it. */
  #place(title: string, id: string): number {
    const [order, titles, ids] = [this.#order, this.#titles, this.#ids];
    let [low, high] = [0, this.#size];
    while (low < high) {
      const middle = (low + high) >>> 1;
      const slot = order[middle] as number;
      const before = compareStrings(titles[slot] as string, title) || compareStrings(ids[slot] as string, id);
      if (before < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
