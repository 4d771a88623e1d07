import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compareStrings, SortedSlots } from '../../src/search/sorted-slots.js';

const inOrder = (order: SortedSlots<string> | SortedSlots<number>): number[] => Array.from(order.slots.subarray(0, order.size));

describe('SortedSlots', () => {
  it('orders slots by title, by UTF-16 code units, ties by id', () => {
    const order = new SortedSlots<string>(compareStrings);
    order.put(0, 'banana', 'r-3');
    order.put(1, 'apple', 'r-9');
    order.put(2, 'banana', 'r-1');
    order.put(3, 'Zebra', 'r-5');
    order.put(4, '', 'r-2');
    assert.deepEqual(inOrder(order), [4, 3, 1, 2, 0]);
  });

  it('moves a slot whose title changed, and nothing when it kept it', () => {
    const order = new SortedSlots<string>(compareStrings);
    ['a', 'b', 'c', 'd'].forEach((title, slot) => order.put(slot, title, `r-${slot}`));
    order.put(0, 'e', 'r-0');
    assert.deepEqual(inOrder(order), [1, 2, 3, 0]);
    order.put(3, 'a', 'r-3');
    assert.deepEqual(inOrder(order), [3, 1, 2, 0]);
    order.put(2, 'c', 'r-2');
    assert.deepEqual(inOrder(order), [3, 1, 2, 0]);
  });

  it('orders by a number, ties by id, a later one placed at the end', () => {
    const order = new SortedSlots<number>((a, b) => a - b);
    order.put(0, 20, 'r-1');
    order.put(1, 10, 'r-2');
    order.put(2, 20, 'r-0');
    order.put(3, 30, 'r-3');
    order.put(4, -5, 'r-4');
    assert.deepEqual(inOrder(order), [4, 1, 2, 0, 3]);
    order.put(1, 40, 'r-2');
    assert.deepEqual(inOrder(order), [4, 2, 0, 3, 1]);
  });

  it('agrees with a sort after any writes, past its first capacity', () => {
    const write = fc.record({ slot: fc.nat({ max: 1500 }), title: fc.constantFrom('', 'a', 'ab', 'b', 'B', 'é', 'e\u0301', 'z') });
    fc.assert(
      fc.property(fc.array(write, { maxLength: 3000 }), (writes) => {
        const order = new SortedSlots<string>(compareStrings);
        const titles = new Map<number, string>();
        for (const { slot, title } of writes) {
          order.put(slot, title, `r-${String(slot).padStart(4, '0')}`);
          titles.set(slot, title);
        }
        const id = (slot: number): string => `r-${String(slot).padStart(4, '0')}`;
        const key = (slot: number): [string, string] => [titles.get(slot) as string, id(slot)];
        const expected = [...titles.keys()].sort((a, b) => {
          const [[ta, ia], [tb, ib]] = [key(a), key(b)];
          return ta < tb ? -1 : ta > tb ? 1 : ia < ib ? -1 : ia > ib ? 1 : 0;
        });
        assert.deepEqual(inOrder(order), expected);
      }),
      { numRuns: 30 },
    );
  });
});
