import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JobQueue, JobRequest, LeasedJob } from '../jobs/job-queue.js';

const T0 = new Date('2026-11-25T12:00:00.000Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);
const job = (key: string, runAtSeconds = 0, group = 'etsy'): JobRequest => ({
  kind: 'listing.sync',
  key,
  group,
  payload: { productId: key, platform: group },
  runAt: at(runAtSeconds),
});
const LEASE = 30_000;
const lease = async (queue: JobQueue, nowSeconds: number, owner = 'runner-a', skipGroups: string[] = []): Promise<LeasedJob | null> =>
  (await queue.lease({ owner, now: at(nowSeconds), leaseMs: LEASE, skipGroups }))._unsafeUnwrap();

/** What every job queue must do; the in-memory queue and the Mongo one (on each engine) run it. */
export function runJobQueueContract(name: string, makeQueue: () => JobQueue | Promise<JobQueue>): void {
  describe(`JobQueue contract: ${name}`, () => {
    it('gives a queued job to one runner, with its payload, and to nobody else while the lease holds', async () => {
      const queue = await makeQueue();
      (await queue.enqueue(job('p1')))._unsafeUnwrap();
      const leased = await lease(queue, 1);
      assert.equal(leased?.key, 'p1');
      assert.equal(leased?.kind, 'listing.sync');
      assert.deepEqual(leased?.payload, { productId: 'p1', platform: 'etsy' });
      assert.equal(leased?.attempts, 0);
      assert.equal(leased?.firstAttemptAt, null);
      assert.equal(await lease(queue, 2, 'runner-b'), null);
      assert.equal((await queue.size())._unsafeUnwrap(), 1);
    });

    it('keeps a job until its time, and hands out the earliest first', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('late', 50));
      await queue.enqueue(job('early', 10));
      assert.equal(await lease(queue, 5), null);
      assert.equal((await lease(queue, 60))?.key, 'early');
      assert.equal((await lease(queue, 60))?.key, 'late');
    });

    it('keeps one job per key: queueing it again moves it up, never adds a second', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('p1', 100));
      await queue.enqueue(job('p1', 20));
      await queue.enqueue(job('p1', 300));
      assert.equal((await queue.size())._unsafeUnwrap(), 1);
      assert.equal(await lease(queue, 19), null);
      assert.equal((await lease(queue, 21))?.key, 'p1');
    });

    it('leaves a queued job alone when asked only if absent', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('p1', 100));
      await queue.enqueue(job('p1', 0), { ifAbsent: true });
      assert.equal(await lease(queue, 50), null);
      assert.equal((await lease(queue, 101))?.key, 'p1');
    });

    it('forgets a completed job', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('p1'));
      const leased = await lease(queue, 1);
      assert.ok(leased);
      (await queue.complete(leased, at(2)))._unsafeUnwrap();
      assert.equal((await queue.size())._unsafeUnwrap(), 0);
      assert.equal(await lease(queue, 100), null);
    });

    it('runs a job once more when it was queued again while it ran', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('p1'));
      const first = await lease(queue, 1);
      assert.ok(first);
      await queue.enqueue(job('p1', 1));
      assert.equal(await lease(queue, 2, 'runner-b'), null, 'not while it runs');
      await queue.complete(first, at(3));
      const again = await lease(queue, 3, 'runner-b');
      assert.equal(again?.key, 'p1');
      assert.equal(again?.attempts, 0);
    });

    it('keeps a completed job that asks to run again, for then, as a fresh run; at once when queued again while it ran', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('p1'));
      const first = await lease(queue, 1);
      assert.ok(first);
      await queue.retry(first, { runAt: at(2), firstAttemptAt: at(1), lastError: 'busy' });
      const second = await lease(queue, 2);
      assert.equal(second?.attempts, 1);
      assert.ok(second);
      await queue.complete(second, at(3), at(60));
      assert.equal((await queue.size())._unsafeUnwrap(), 1);
      assert.equal(await lease(queue, 59), null, 'not before its time');
      const third = await lease(queue, 60);
      assert.deepEqual([third?.key, third?.attempts, third?.firstAttemptAt], ['p1', 0, null]);
      assert.ok(third);
      await queue.enqueue(job('p1', 61));
      await queue.complete(third, at(62), at(600));
      assert.equal((await lease(queue, 62))?.key, 'p1', 'asked for while it ran: at once');
    });

    it('gives a job whose lease ran out to another runner, and ignores the first runner from then on', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('p1'));
      const first = await lease(queue, 1, 'runner-a');
      assert.ok(first);
      assert.equal(await lease(queue, 20, 'runner-b'), null, 'the lease still holds');
      const second = await lease(queue, 32, 'runner-b');
      assert.equal(second?.key, 'p1');
      assert.notEqual(second?.leaseId, first.leaseId);
      assert.equal((await queue.extend(first, at(33), LEASE))._unsafeUnwrap(), false);
      await queue.complete(first, at(33));
      assert.equal((await queue.size())._unsafeUnwrap(), 1, "the first runner's completion does not remove the second's job");
      assert.ok(second);
      assert.equal((await queue.extend(second, at(34), LEASE))._unsafeUnwrap(), true);
      assert.equal(await lease(queue, 62, 'runner-c'), null, 'extended past its first end');
    });

    it('counts attempts on retry and keeps when the first attempt started', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('p1'));
      const first = await lease(queue, 1);
      assert.ok(first);
      await queue.retry(first, { runAt: at(10), firstAttemptAt: at(1), lastError: 'etsy.com did not answer' });
      assert.equal(await lease(queue, 9), null);
      const second = await lease(queue, 11);
      assert.equal(second?.attempts, 1);
      assert.equal(second?.firstAttemptAt?.toISOString(), at(1).toISOString());
      assert.ok(second);
      await queue.retry(second, { runAt: at(20), firstAttemptAt: at(1), lastError: 'again' });
      assert.equal((await lease(queue, 21))?.attempts, 2);
    });

    it('holds back the jobs of a paused group, for every runner, until the pause ends', async () => {
      const queue = await makeQueue();
      await queue.enqueue(job('e1', 0, 'etsy'));
      await queue.enqueue(job('g1', 5, 'gumroad'));
      await queue.pause('etsy', at(60));
      await queue.pause('etsy', at(30));
      assert.deepEqual((await queue.pausedGroups(at(10)))._unsafeUnwrap(), ['etsy']);
      const paused = (await queue.pausedGroups(at(10)))._unsafeUnwrap();
      assert.equal((await lease(queue, 10, 'runner-a', paused))?.key, 'g1');
      assert.equal(await lease(queue, 10, 'runner-a', paused), null);
      assert.deepEqual((await queue.pausedGroups(at(45)))._unsafeUnwrap(), ['etsy'], 'the later pause wins');
      assert.deepEqual((await queue.pausedGroups(at(61)))._unsafeUnwrap(), []);
      assert.equal((await lease(queue, 61))?.key, 'e1');
    });

    it('never gives one job to two runners asking at once', async () => {
      const queue = await makeQueue();
      for (let index = 0; index < 6; index += 1) await queue.enqueue(job(`p${index}`));
      const leases = await Promise.all(Array.from({ length: 16 }, (_, index) => lease(queue, 1, `runner-${index}`)));
      const keys = leases.flatMap((leased) => (leased === null ? [] : [leased.key]));
      assert.equal(keys.length, 6);
      assert.equal(new Set(keys).size, 6);
    });
  });
}
