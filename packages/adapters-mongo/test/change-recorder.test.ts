/**
 * The writer's side of the change feed when a write fails: a record at once (the write may have landed in part), and
 * a second once a write whose answer never came has had time to land; not for a refusal the server answered.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { MongoBulkWriteError, MongoNetworkError, MongoServerError, type BulkWriteResult, type Collection, type Document } from 'mongodb';
import { ChangeRecorder, type ChangeRecordDocument } from '../src/change-feed/change-recorder.js';
import { primaryTestEngine, testDatabaseFor } from '../src/testing/test-database.js';

const KIND = { records: 'test_changes', mark: 'test' };
/** Long enough that the first record, written at once, is seen before the second even on a loaded machine. */
const LATE_MS = 1500;

for (const engine of await primaryTestEngine()) {
describe(`a change recorder whose write fails [${engine.label}]`, { concurrency: true }, () => {
  const database = testDatabaseFor(engine);

  const recordsAfter = async (failure: Error): Promise<{ now: number; later: number }> => {
    const db = database.freshDb('change_recorder');
    const recorder = new ChangeRecorder(db, KIND, { lateWriteMs: LATE_MS });
    await assert.rejects(recorder.written(['r-1'], () => Promise.reject(failure)), failure);
    const records = db.collection<ChangeRecordDocument>(KIND.records);
    let now = 0;
    for (let wait = 0; wait < 100 && now === 0; wait += 1) {
      now = await records.countDocuments({ ids: 'r-1' });
      if (now === 0) await sleep(10);
    }
    await sleep(LATE_MS * 2);
    return { now, later: await records.countDocuments({ ids: 'r-1' }) };
  };

  it('records it again later when no answer came (the connection went): it may still land', async () => {
    assert.deepEqual(await recordsAfter(new MongoNetworkError('connection reset')), { now: 1, later: 2 });
  });

  it('records it once when the server refused it (a duplicate key): nothing is still on its way', async () => {
    assert.deepEqual(await recordsAfter(new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 })), { now: 1, later: 1 });
  });

  it('writes a record that could not be written again later, and moves the mark each time', async () => {
    const db = database.freshDb('change_recorder');
    let refusals = 1;
    // The records collection refuses its first insert (the database failing between the write and its record).
    const flaky = new Proxy(db, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'collection' || typeof value !== 'function') return value;
        return (name: string, ...rest: unknown[]) => {
          const collection = Reflect.apply(value, target, [name, ...rest]) as Collection<Document>;
          if (name !== KIND.records) return collection;
          return new Proxy(collection, {
            get: (inner, key, innerReceiver) =>
              key === 'insertOne' && refusals > 0
                ? () => {
                    refusals -= 1;
                    return Promise.reject(new MongoNetworkError('connection reset'));
                  }
                : (Reflect.get(inner, key, innerReceiver) as unknown),
          });
        };
      },
    });
    const recorder = new ChangeRecorder(flaky, KIND, { lateWriteMs: LATE_MS });
    assert.equal(await recorder.written(['r-1'], () => Promise.resolve('written')), 'written');
    const records = db.collection<ChangeRecordDocument>(KIND.records);
    assert.equal(await records.countDocuments({ ids: 'r-1' }), 0, 'the first record was refused');
    assert.equal(await recorder.mark(), 1, 'the mark moved all the same');
    await sleep(LATE_MS * 2);
    assert.equal(await records.countDocuments({ ids: 'r-1' }), 1, 'written again once the database took writes');
    assert.equal(await recorder.mark(), 2);
  });

  it('records a batch that lost its connection again later: the driver reports it as a bulk write error too', async () => {
    const lost = new MongoBulkWriteError(new MongoNetworkError('connection reset'), {} as BulkWriteResult);
    assert.ok(lost instanceof MongoServerError, 'what the driver throws for it is a MongoServerError');
    assert.deepEqual(await recordsAfter(lost), { now: 1, later: 2 });
  });
});
}
