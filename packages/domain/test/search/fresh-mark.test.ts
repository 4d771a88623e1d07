/**
 * Reads of the change mark for reads by id: each begun after its callers asked, shared by the callers who asked while
 * one was under way, and at least `apartMs` apart. (Sharing and freshness through `IndexedRecipeRepository`:
 * test/recipe/indexed-recipe-repository.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { okAsync } from 'neverthrow';
import { FreshMarkReads } from '../../src/search/fresh-mark.js';

describe('FreshMarkReads', () => {
  /** Reads that answer at once with their number, noting when each began. */
  function counted(apartMs: number) {
    const began: number[] = [];
    const reads = new FreshMarkReads(() => {
      began.push(performance.now());
      return okAsync(String(began.length));
    }, { apartMs });
    return { began, reads };
  }

  it('begins reads at least apartMs apart when calls come at once, those made meanwhile sharing the next', async () => {
    const { began, reads } = counted(40);
    const atOnce = await Promise.all([reads.mark(), reads.mark(), reads.mark(), reads.mark()]);
    assert.deepEqual(atOnce.map((mark) => mark._unsafeUnwrap()), ['1', '2', '2', '2']);
    assert.equal(began.length, 2);
    // Timers never fire early by more than their millisecond rounding.
    assert.ok((began[1] ?? 0) - (began[0] ?? 0) >= 39, `began ${((began[1] ?? 0) - (began[0] ?? 0)).toFixed(1)} ms apart`);
    // The last read was shared: the next call waits its turn too.
    const after = reads.mark();
    assert.equal(began.length, 2, 'not begun within the call');
    assert.equal((await after)._unsafeUnwrap(), '3');
  });

  it('never makes one caller at a time wait: a read each, begun within the call', async () => {
    const { began, reads } = counted(1000);
    for (let call = 1; call <= 3; call += 1) {
      const read = reads.mark();
      assert.equal(began.length, call, `call ${call} begun within the call`);
      assert.equal((await read)._unsafeUnwrap(), String(call));
    }
  });

  it('begins a read at once when the last began longer ago than apartMs', async () => {
    const { began, reads } = counted(20);
    await reads.mark();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const read = reads.mark();
    assert.equal(began.length, 2, 'begun within the call');
    assert.equal((await read)._unsafeUnwrap(), '2');
  });
});
