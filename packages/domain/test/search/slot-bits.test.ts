/**
 * Sets of slots as bits (`slot-bits.ts`), against the same sets as JavaScript `Set`s: the sign bit of a word (slot
 * 31, 63…) included, a large posting's own bits kept by its writes, and a posting whose bits were made before the
 * library grew.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LargePosting, postingWith, postingWithout, type Posting } from '../../src/search/posting.js';
import { addPosting, bitWords, countBits, difference, hasBit, intersect, intersectPosting, setPosting, slotsInBits } from '../../src/search/slot-bits.js';

function postingOf(slots: Iterable<number>): Posting | undefined {
  let posting: Posting | undefined;
  for (const slot of [...slots].sort((a, b) => a - b)) posting = postingWith(posting, slot);
  return posting;
}

function bitsOf(slots: Iterable<number>, words: number): Int32Array {
  const bits = new Int32Array(words);
  addPosting(bits, postingOf(slots), words);
  return bits;
}

function slotsOfBits(bits: Int32Array, words: number): number[] {
  const into = new Int32Array(words * 32);
  return [...into.subarray(0, slotsInBits(bits, words, into))];
}

/** Slots 0–399 picked by a fixed rule, the sign bits among them. */
const picked = (step: number, from = 0): number[] => Array.from({ length: 400 }, (_, slot) => slot).filter((slot) => slot >= from && (slot * step) % 7 < 3);

describe('slot bits', () => {
  const words = bitWords(400);

  it('sets, tests, counts and lists slots, the sign bit of each word among them', () => {
    assert.equal(words, 13);
    const slots = [0, 1, 30, 31, 32, 63, 64, 95, 399];
    const bits = bitsOf(slots, words);
    assert.ok(bits[0]! < 0, 'slot 31 is the sign bit of word 0');
    assert.deepEqual(slotsOfBits(bits, words), slots);
    assert.equal(countBits(bits, words), slots.length);
    for (let slot = 0; slot < 400; slot += 1) assert.equal(hasBit(bits, slot), slots.includes(slot), `slot ${slot}`);
    const every = bitsOf(Array.from({ length: 400 }, (_, slot) => slot), words);
    assert.equal(countBits(every, words), 400);
  });

  it('intersects and takes away as sets do', () => {
    const [a, b] = [picked(3), picked(5, 20)];
    const both = bitsOf(a, words);
    intersect(both, bitsOf(b, words), words);
    assert.deepEqual(slotsOfBits(both, words), a.filter((slot) => b.includes(slot)));
    const apart = new Int32Array(words);
    difference(apart, bitsOf(a, words), bitsOf(b, words), words);
    assert.deepEqual(slotsOfBits(apart, words), a.filter((slot) => !b.includes(slot)));
  });

  it('reads a large posting by its own bits, and keeps them as slots join and leave it, past the words they were made for', () => {
    const slots = picked(2).filter((slot) => slot < 300);
    let posting = postingOf(slots) as LargePosting;
    assert.ok(posting instanceof LargePosting && posting.size > bitWords(300));
    const read = (wordsNow: number): number[] => {
      // A set in use (every bit on): setting a posting in it leaves nothing of what it held.
      const bits = new Int32Array(wordsNow).fill(-1);
      setPosting(bits, posting, wordsNow);
      return slotsOfBits(bits, wordsNow);
    };
    assert.deepEqual(read(bitWords(300)), slots);
    assert.notEqual(posting.bits, null, 'made by the first read');
    // The library grows past the words the bits were made for: a posting that gains no slot there reads as before.
    assert.deepEqual(read(words), slots);
    assert.ok(slots.includes(63) && slots.includes(95));
    const joined = [...slots, 333, 399].filter((slot) => slot !== 63 && slot !== 95);
    for (const slot of [333, 399]) posting = postingWith(posting, slot) as LargePosting;
    for (const slot of [63, 95]) posting = postingWithout(posting, slot) as LargePosting;
    assert.deepEqual(read(words), joined.sort((a, b) => a - b));
    const only = bitsOf(picked(1), words);
    intersectPosting(only, posting, words);
    assert.deepEqual(slotsOfBits(only, words), picked(1).filter((slot) => joined.includes(slot)));
    // A small posting is read slot by slot, and a set is emptied before a posting is set in it.
    const small = bitsOf([5, 6, 7], words);
    setPosting(small, postingOf([8, 40]), words);
    assert.deepEqual(slotsOfBits(small, words), [8, 40]);
  });
});
