/**
 * Sets of slots as bits (slot `s` is bit `s & 31` of word `s >>> 5`): at 100,000 recipes a set is 3,125 words
 * (12.5 KB, within a core's own cache), so that setting a posting's slots writes there rather than across the
 * stamp arrays' 400 KB, and a union, an intersection or a count of two sets of 30,000 recipes is a pass over
 * 3,125 words rather than over 30,000 slots.
 */
import { LargePosting, postingSize, slotsOf, type Posting } from './posting.js';

/** How many words a set of `size` slots takes. */
export const bitWords = (size: number): number => (size + 31) >>> 5;

/**
 * Adds a posting's slots to `bits` (`words` long): a posting with more slots than there are words, by its own bits
 * (made the first time, then kept by the posting's writes), one word at a time; a smaller one, slot by slot.
 */
export function addPosting(bits: Int32Array, posting: Posting | undefined, words: number): void {
  if (posting instanceof LargePosting && posting.size > words) {
    const own = postingBits(posting, words);
    for (let at = 0, end = Math.min(words, own.length); at < end; at += 1) bits[at] = (bits[at] as number) | (own[at] as number);
    return;
  }
  const slots = slotsOf(posting);
  for (let at = 0, size = postingSize(posting); at < size; at += 1) {
    const slot = slots[at] as number;
    bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  }
}

/** `into` becomes `into & from` over the first `words` words. */
export function intersect(into: Int32Array, from: Int32Array, words: number): void {
  for (let at = 0; at < words; at += 1) into[at] = (into[at] as number) & (from[at] as number);
}

/** `into` becomes `from & ~without` over the first `words` words (`into` may be `from`). */
export function difference(into: Int32Array, from: Int32Array, without: Int32Array, words: number): void {
  for (let at = 0; at < words; at += 1) into[at] = (from[at] as number) & ~(without[at] as number);
}

/** How many slots `bits` holds over its first `words` words. */
export function countBits(bits: Int32Array, words: number): number {
  let total = 0;
  for (let at = 0; at < words; at += 1) {
    // The bits of a word added up in place (two, four, eight at a time), then its four bytes by one multiplication.
    let word = bits[at] as number;
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    word = (word + (word >>> 4)) & 0x0f0f0f0f;
    total += Math.imul(word, 0x01010101) >>> 24;
  }
  return total;
}

export const hasBit = (bits: Int32Array, slot: number): boolean => ((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0;

/** Writes the slots in the first `words` words of `bits` (ascending) to the start of `into`, and returns how many. */
export function slotsInBits(bits: Int32Array, words: number, into: Int32Array): number {
  let count = 0;
  for (let at = 0; at < words; at += 1) {
    let word = bits[at] as number;
    while (word !== 0) {
      // The lowest bit set, taken off the word: its place is the count of zeros below it.
      const lowest = word & -word;
      into[count++] = (at << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
  return count;
}

/** `into`'s first `words` words become a posting's slots (a large one's by a copy of its own bits). */
export function setPosting(into: Int32Array, posting: Posting | undefined, words: number): void {
  if (posting instanceof LargePosting && posting.size > words) {
    const own = postingBits(posting, words);
    const end = Math.min(words, own.length);
    into.set(end === own.length ? own : own.subarray(0, end));
    into.fill(0, end, words);
    return;
  }
  into.fill(0, 0, words);
  addPosting(into, posting, words);
}

/** `into` keeps only the slots of a posting with more slots than there are `words` (by its own bits, as `addPosting`). */
export function intersectPosting(into: Int32Array, posting: LargePosting, words: number): void {
  const own = postingBits(posting, words);
  const end = Math.min(words, own.length);
  for (let at = 0; at < end; at += 1) into[at] = (into[at] as number) & (own[at] as number);
  into.fill(0, end, words);
}

/** A large posting's own bits (see `LargePosting.bits`), made from its slots the first time. */
function postingBits(posting: LargePosting, words: number): Int32Array {
  if (posting.bits === null) {
    const bits = new Int32Array(words);
    const slots = posting.slots;
    for (let at = 0; at < posting.size; at += 1) {
      const slot = slots[at] as number;
      bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
    }
    posting.bits = bits;
  }
  return posting.bits;
}
