import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { okAsync } from 'neverthrow';
import { startJobRunner } from '../../src/jobs/job-runner.js';
import type { JobHandler } from '../../src/jobs/job-handler.js';
import { InMemoryJobQueue, ManualClock } from '../../src/testing/index.js';

describe('a job that asks to run again', () => {
  it('stays queued for the time it asked, as a fresh run, and goes when it asks for nothing more', async () => {
    const queue = new InMemoryJobQueue();
    const clock = new ManualClock(new Date('2026-01-01T00:00:00.000Z'), 1);
    const runs: { at: number; attempt: number }[] = [];
    const handler: JobHandler = {
      kind: 'stream',
      run: (_job, attempt) => {
        runs.push({ at: clock.now().getTime(), attempt: attempt.number });
        // Twice more: once at once (more work is due), once a minute later; then done.
        if (runs.length === 1) return okAsync({ type: 'RunAgain', at: clock.now() });
        if (runs.length === 2) return okAsync({ type: 'RunAgain', at: new Date(clock.now().getTime() + 60_000) });
        return okAsync(undefined);
      },
      gaveUp: () => okAsync(undefined),
    };
    // A long poll: only the job's own asking brings it back before a minute has passed.
    const runner = startJobRunner({ queue, handlers: [handler], clock, owner: 't', pollMs: 60_000 });
    await queue.enqueue({ kind: 'stream', key: 'stream:1', group: 'stream', payload: {}, runAt: clock.now() });
    runner.wake();
    await runner.idle();
    assert.equal(runs.length, 2, 'ran again at once');
    assert.equal((await queue.size())._unsafeUnwrap(), 1, 'waits for its time');
    clock.advance(60_000);
    await runner.idle();
    assert.equal(runs.length, 3);
    assert.deepEqual(runs.map((run) => run.attempt), [1, 1, 1], 'each run a fresh one');
    assert.equal((await queue.size())._unsafeUnwrap(), 0);
    await runner.stop();
  });
});
