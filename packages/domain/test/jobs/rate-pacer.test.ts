import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ratePacer } from '../../src/index.js';

/** Time that moves only when the pacer sleeps (no requests in flight here). */
function virtualTime() {
  let at = 1_000_000;
  return {
    now: () => at,
    sleep: async (ms: number) => {
      at += ms;
    },
    pass: (ms: number) => {
      at += ms;
    },
  };
}

describe('the rate pacer and a day budget running low', () => {
  it('spreads the rest of the day at the pace the day sustains, however long since the last request', async () => {
    const time = virtualTime();
    const pacer = ratePacer({}, time);
    pacer.observe('etsy', { limitPerSecond: 10, remainingThisSecond: 9, limitPerDay: 1000, remainingToday: 50 });
    const first = await pacer.take('etsy', 60_000);
    assert.ok(first.granted);
    first.done();
    time.pass(2000);
    const next = await pacer.take('etsy', 60_000);
    // A day of 1,000 requests is one every 86.4 s: 84.4 s to go.
    assert.deepEqual(next, { granted: false, waitMs: 84_400 });
    assert.deepEqual(pacer.dailyLow('etsy'), { remainingToday: 49, limitPerDay: 1000 });
  });
});
