import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { channelJobFailure } from '../../src/index.js';

describe("what a channel's failure means to the job runner", () => {
  it("waits a 503's Retry-After, and holds the platform's other jobs as long (as after a 429)", () => {
    const failure = channelJobFailure({ type: 'ChannelUnavailable', message: 'Etsy failed on its side (503)', retryAfterMs: 6000 }, 'Etsy', 'the listing');
    assert.deepEqual(failure, { type: 'RetryLater', afterMs: 6000, pauseGroupMs: 6000, code: 'unavailable', message: 'Etsy failed on its side (503)' });
  });

  it('backs off as it sees fit when the platform said nothing', () => {
    const failure = channelJobFailure({ type: 'ChannelUnavailable', message: 'Etsy did not answer' }, 'Etsy', 'the listing');
    assert.deepEqual(failure, { type: 'RetryLater', afterMs: null, code: 'unavailable', message: 'Etsy did not answer' });
  });
});
