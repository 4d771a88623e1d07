/**
 * A posting list: the ascending slots (small whole numbers, one per stored recipe) that carry a key, in the most
 * compact of three forms. At 100,000 recipes most keys belong to one recipe (a title's number, a rare word), a few
 * thousand to dozens, and a few hundred (short prefixes, common words) to thousands, which hold nearly all entries:
 * - one slot: the number itself (no allocation);
 * - up to `SMALL_MAX` slots: a plain array (8 bytes a slot, no typed-array overhead of ~200 bytes);
 * - more: an `Int32Array` with spare room (4 bytes a slot).
 * Functions return the new form; the caller stores it back (or deletes the key when `undefined` comes back).
 */
export const SMALL_MAX = 64;

export class LargePosting {
  /**
   * The same slots as bits (`slot-bits.ts`), made when a query first reads this posting as a set and kept current by
   * every write after that: a posting that holds a good part of the library (a common word, a short prefix) is then
   * added to a query's set by a pass over the library's words of bits rather than over its slots.
   */
  bits: Int32Array | null = null;

  constructor(
    public slots: Int32Array,
    public size: number,
  ) {}
}

export type Posting = number | number[] | LargePosting;

/** First index in `slots[0..size)` whose value is ≥ `slot`. */
function lowerBound(slots: ArrayLike<number>, size: number, slot: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((slots[middle] as number) < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function postingWith(posting: Posting | undefined, slot: number): Posting {
  if (posting === undefined) return slot;
  if (typeof posting === 'number') {
    if (posting === slot) return posting;
    return posting < slot ? [posting, slot] : [slot, posting];
  }
  if (Array.isArray(posting)) {
    const at = lowerBound(posting, posting.length, slot);
    if (posting[at] === slot) return posting;
    if (posting.length < SMALL_MAX) {
      if (at === posting.length) posting.push(slot);
      else posting.splice(at, 0, slot);
      return posting;
    }
    const slots = new Int32Array(SMALL_MAX * 4);
    slots.set(posting);
    return insertLarge(new LargePosting(slots, posting.length), at, slot);
  }
  const at = lowerBound(posting.slots, posting.size, slot);
  if (at < posting.size && posting.slots[at] === slot) return posting;
  return insertLarge(posting, at, slot);
}

function insertLarge(posting: LargePosting, at: number, slot: number): LargePosting {
  if (posting.size === posting.slots.length) {
    const grown = new Int32Array(posting.slots.length * 2);
    grown.set(posting.slots);
    posting.slots = grown;
  }
  if (at < posting.size) posting.slots.copyWithin(at + 1, at, posting.size);
  posting.slots[at] = slot;
  posting.size += 1;
  if (posting.bits !== null) {
    if (slot >>> 5 >= posting.bits.length) {
      const grown = new Int32Array(Math.max(posting.bits.length * 2, (slot >>> 5) + 1));
      grown.set(posting.bits);
      posting.bits = grown;
    }
    posting.bits[slot >>> 5] = (posting.bits[slot >>> 5] as number) | (1 << (slot & 31));
  }
  return posting;
}

export function postingWithout(posting: Posting, slot: number): Posting | undefined {
  if (typeof posting === 'number') return posting === slot ? undefined : posting;
  if (Array.isArray(posting)) {
    const at = lowerBound(posting, posting.length, slot);
    if (posting[at] !== slot) return posting;
    posting.splice(at, 1);
    return posting.length === 1 ? posting[0] : posting;
  }
  const at = lowerBound(posting.slots, posting.size, slot);
  if (at === posting.size || posting.slots[at] !== slot) return posting;
  posting.slots.copyWithin(at, at + 1, posting.size);
  posting.size -= 1;
  if (posting.bits !== null) posting.bits[slot >>> 5] = (posting.bits[slot >>> 5] as number) & ~(1 << (slot & 31));
  return posting.size === 0 ? undefined : posting;
}

/** Whether the posting holds `slot` (a binary search). */
export function postingHas(posting: Posting | undefined, slot: number): boolean {
  if (posting === undefined) return false;
  if (typeof posting === 'number') return posting === slot;
  if (Array.isArray(posting)) return posting[lowerBound(posting, posting.length, slot)] === slot;
  const at = lowerBound(posting.slots, posting.size, slot);
  return at < posting.size && posting.slots[at] === slot;
}

const NONE: readonly number[] = [];

/**
 * The slots, ascending, in the first `postingSize(posting)` places of the returned array: the posting's own storage
 * (a large posting's has spare room after them), not a copy, so that a query loops over it without allocating.
 */
export function slotsOf(posting: Posting | undefined): ArrayLike<number> {
  if (posting === undefined) return NONE;
  if (typeof posting === 'number') return [posting];
  if (Array.isArray(posting)) return posting;
  return posting.slots;
}

export function postingSize(posting: Posting | undefined): number {
  if (posting === undefined) return 0;
  if (typeof posting === 'number') return 1;
  return Array.isArray(posting) ? posting.length : posting.size;
}

/** Approximate bytes held (V8, 64-bit, without pointer compression), for the bench's memory figure. */
export function postingBytes(posting: Posting): number {
  if (typeof posting === 'number') return 0;
  if (Array.isArray(posting)) return 32 + 16 + 8 * posting.length;
  return 32 + 200 + 4 * posting.slots.length + (posting.bits === null ? 0 : 200 + 4 * posting.bits.length);
}
