import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errAsync, okAsync } from 'neverthrow';
import { startJobRunner } from '../../src/jobs/job-runner.js';
import type { JobHandler } from '../../src/jobs/job-handler.js';
import { InMemoryJobQueue, ManualClock } from '../../src/testing/index.js';

const runnerPolicy = { maxAttempts: 8, maxAgeMs: 24 * 60 * 60 * 1000, baseMs: 1, capMs: 1 };

function failingHandler(kind: string, policy?: JobHandler['policy']) {
  const attempts: number[] = [];
  const given: string[] = [];
  const handler: JobHandler = {
    kind,
    ...(policy === undefined ? {} : { policy }),
    run: (_job, attempt) => {
      attempts.push(attempt.number);
      return errAsync({ type: 'RetryLater', afterMs: null, code: 'down', message: 'down' });
    },
    gaveUp: (job) => {
      given.push(job.key);
      return okAsync(undefined);
    },
  };
  return { handler, attempts, given };
}

describe('the job runner and a handler\'s own retry policy', () => {
  it("uses the handler's policy where it has one, the runner's otherwise", async () => {
    const queue = new InMemoryJobQueue();
    const clock = new ManualClock(new Date('2026-01-01T00:00:00.000Z'), 1);
    const own = failingHandler('own', { maxAttempts: 3, maxAgeMs: 24 * 60 * 60 * 1000, baseMs: 1, capMs: 1 });
    const plain = failingHandler('plain');
    const runner = startJobRunner({ queue, handlers: [own.handler, plain.handler], clock, owner: 't', pollMs: 2, policy: runnerPolicy });
    for (const kind of ['own', 'plain']) await queue.enqueue({ kind, key: `${kind}:1`, group: kind, payload: {}, runAt: clock.now() });
    await runner.drained();
    await runner.stop();
    assert.deepEqual(own.attempts, [1, 2, 3]);
    assert.deepEqual(plain.attempts, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.deepEqual([own.given, plain.given], [['own:1'], ['plain:1']]);
  });

  it("gives up by the handler's age limit: a longer one keeps retrying past the runner's", async () => {
    const queue = new InMemoryJobQueue();
    const clock = new ManualClock(new Date('2026-01-01T00:00:00.000Z'), 1);
    const day = 24 * 60 * 60 * 1000;
    const own = failingHandler('own', { maxAttempts: 100, maxAgeMs: 3 * day, baseMs: 1, capMs: 1 });
    const runner = startJobRunner({ queue, handlers: [own.handler], clock, owner: 't', pollMs: 2, policy: runnerPolicy });
    await queue.enqueue({ kind: 'own', key: 'own:1', group: 'own', payload: {}, runAt: clock.now() });
    await runner.idle();
    clock.advance(2 * day);
    await runner.idle();
    assert.deepEqual(own.given, [], 'two days in: still retried (the runner alone would have given up after one)');
    clock.advance(day);
    await runner.drained();
    await runner.stop();
    assert.deepEqual(own.given, ['own:1']);
  });
});
