import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sharedWhileRunning } from '../../src/shared/shared-while-running.js';

describe('sharedWhileRunning', () => {
  it('gives callers of a key under way its outcome, starts other keys apart, and starts afresh once it settled', async () => {
    const shared = sharedWhileRunning<number>();
    let starts = 0;
    const start = () => Promise.resolve((starts += 1));
    const [a, b, other] = await Promise.all([shared('k', start), shared('k', start), shared('other', start)]);
    assert.deepEqual([a, b, other, starts], [1, 1, 2, 2]);
    assert.equal(await shared('k', start), 3, 'a settled key starts afresh');
  });

  it('frees a key whose work failed: its callers share the failure, the next caller starts again', async () => {
    const shared = sharedWhileRunning<string>();
    let starts = 0;
    const failing = () => {
      starts += 1;
      return Promise.reject(new Error('down'));
    };
    const outcomes = await Promise.allSettled([shared('k', failing), shared('k', failing)]);
    assert.deepEqual([outcomes.map((outcome) => outcome.status), starts], [['rejected', 'rejected'], 1]);
    assert.equal(await shared('k', () => Promise.resolve('up')), 'up');
  });
});
