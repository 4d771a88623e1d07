/**
 * The domain's job queue contract on every test engine (with the production indexes), two queues on two connections
 * leasing from one collection at once, and what only the stored documents show.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import type { JobRequest, LeasedJob } from '@larder/domain';
import { runJobQueueContract } from '@larder/domain/testing';
import { JOB_PAUSES_COLLECTION, JOBS_COLLECTION, MongoJobQueue } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

/** A stored document as the tests read it: keyed by a string. */
type Stored = { _id: string } & Record<string, unknown>;

const T0 = new Date('2026-11-25T12:00:00.123Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);
const job = (key: string, runAtSeconds = 0, group = 'etsy'): JobRequest => ({
  kind: 'listing.sync',
  key,
  group,
  payload: { productId: key, platform: group },
  runAt: at(runAtSeconds),
});

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runJobQueueContract('mongo', async () => new MongoJobQueue(await database.indexedDb('jobs')));

    describe('MongoJobQueue', () => {
      it('never gives one job to two queues on two connections leasing at once', async () => {
        const db = await database.indexedDb('jobs-two-clients');
        const other = new MongoClient(database.handle.url);
        try {
          const queues = [new MongoJobQueue(db), new MongoJobQueue(other.db(db.databaseName))];
          const keys = Array.from({ length: 24 }, (_, index) => `listing.sync:p${String(index).padStart(2, '0')}:etsy`);
          for (const key of keys) (await queues[0]?.enqueue(job(key, keys.indexOf(key) % 5)))?._unsafeUnwrap();
          const leased: LeasedJob[] = [];
          // Four runners per queue, each leasing until nothing is due.
          const runner = async (queue: MongoJobQueue, owner: string): Promise<void> => {
            for (;;) {
              const next = (await queue.lease({ owner, now: at(10), leaseMs: 60_000, skipGroups: [] }))._unsafeUnwrap();
              if (next === null) return;
              leased.push(next);
            }
          };
          await Promise.all(queues.flatMap((queue, index) => [0, 1, 2, 3].map((runnerNo) => runner(queue, `queue-${index}-runner-${runnerNo}`))));
          assert.deepEqual(leased.map((one) => one.key).sort(), keys, 'each job leased exactly once');
          const stored = await db.collection<Stored>(JOBS_COLLECTION).find({}).toArray();
          assert.deepEqual(
            stored.map((document) => [document._id, document['state'], document['lease_id']]).sort(),
            leased.map((one) => [one.key, 'running', one.leaseId]).sort(),
            'every job is held by the lease its runner got',
          );
        } finally {
          await other.close();
        }
      });

      it('keeps one document per key, with its lease, its attempts and its last error, and none once done', async () => {
        const db = await database.indexedDb('jobs-documents');
        const queue = new MongoJobQueue(db);
        const jobs = db.collection<Stored>(JOBS_COLLECTION);
        (await queue.enqueue(job('k1', 5)))._unsafeUnwrap();
        (await queue.enqueue(job('k1', 2)))._unsafeUnwrap();
        assert.deepEqual(await jobs.find({}).toArray(), [
          {
            _id: 'k1', kind: 'listing.sync', group: 'etsy', payload: { productId: 'k1', platform: 'etsy' }, run_at: at(2), state: 'queued',
            again: false, attempts: 0, first_attempt_at: null, lease_id: null, lease_owner: null, lease_until: null, last_error: null,
          },
        ]);
        const first = (await queue.lease({ owner: 'host-1/42', now: at(3), leaseMs: 30_000, skipGroups: [] }))._unsafeUnwrap();
        assert.ok(first);
        assert.deepEqual(first.leaseUntil, at(33));
        const running = await jobs.findOne({ _id: 'k1' });
        assert.deepEqual([running?.['state'], running?.['lease_owner'], running?.['lease_id']], ['running', 'host-1/42', first.leaseId]);
        (await queue.retry(first, { runAt: at(20), firstAttemptAt: at(3), lastError: 'etsy.com did not answer' }))._unsafeUnwrap();
        const waiting = await jobs.findOne({ _id: 'k1' });
        assert.deepEqual(
          [waiting?.['state'], waiting?.['attempts'], waiting?.['first_attempt_at'], waiting?.['last_error'], waiting?.['lease_id'], waiting?.['run_at']],
          ['queued', 1, at(3), 'etsy.com did not answer', null, at(20)],
        );
        const second = (await queue.lease({ owner: 'host-1/42', now: at(21), leaseMs: 30_000, skipGroups: [] }))._unsafeUnwrap();
        assert.ok(second);
        assert.notEqual(second.leaseId, first.leaseId, 'a fresh lease id per lease');
        (await queue.complete(second, at(22)))._unsafeUnwrap();
        assert.equal(await jobs.countDocuments(), 0);
      });

      it('keeps the later of two pauses of a group, as a date to the millisecond', async () => {
        const db = await database.indexedDb('jobs-pauses');
        const queue = new MongoJobQueue(db);
        (await queue.pause('etsy', at(60)))._unsafeUnwrap();
        (await queue.pause('etsy', at(30)))._unsafeUnwrap();
        (await queue.pause('gumroad', at(5)))._unsafeUnwrap();
        (await queue.pause('gumroad', at(90)))._unsafeUnwrap();
        const stored = await db.collection<Stored>(JOB_PAUSES_COLLECTION).find({}).sort({ _id: 1 }).toArray();
        assert.deepEqual(stored, [{ _id: 'etsy', until: at(60) }, { _id: 'gumroad', until: at(90) }]);
        const simultaneous = [at(40), at(120), at(70), at(119)].map((until) => queue.pause('payhip', until));
        for (const result of await Promise.all(simultaneous)) result._unsafeUnwrap();
        assert.deepEqual(await db.collection<Stored>(JOB_PAUSES_COLLECTION).findOne({ _id: 'payhip' }), { _id: 'payhip', until: at(120) });
        assert.deepEqual((await queue.pausedGroups(at(61)))._unsafeUnwrap(), ['gumroad', 'payhip']);
      });

      it('leaves a job to the runner that took it over: the first runner can neither retry nor complete it', async () => {
        const db = await database.indexedDb('jobs-takeover');
        const queue = new MongoJobQueue(db);
        (await queue.enqueue(job('k1')))._unsafeUnwrap();
        const first = (await queue.lease({ owner: 'a', now: at(1), leaseMs: 1000, skipGroups: [] }))._unsafeUnwrap();
        const second = (await queue.lease({ owner: 'b', now: at(3), leaseMs: 60_000, skipGroups: [] }))._unsafeUnwrap();
        assert.ok(first && second);
        (await queue.retry(first, { runAt: at(100), firstAttemptAt: at(1), lastError: 'late' }))._unsafeUnwrap();
        (await queue.complete(first, at(4)))._unsafeUnwrap();
        const stored = await db.collection<Stored>(JOBS_COLLECTION).findOne({ _id: 'k1' });
        assert.deepEqual([stored?.['state'], stored?.['lease_id'], stored?.['lease_owner'], stored?.['attempts'], stored?.['last_error']], ['running', second.leaseId, 'b', 0, null]);
      });
    });
  });
}
