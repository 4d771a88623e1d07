/**
 * Lead magnet delivery's stores on every test engine (with the production indexes): the subscriber repository and its
 * outbox, the mail budget, and what only the stored documents show (no link secret, no address in the budget).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressDigest, issueToken } from '@larder/domain';
import { runMailBudgetContract, runSubscriberRepositoryContract, subscriberFixture } from '@larder/domain/testing';
import { MAIL_BUDGET_COLLECTION, MongoEventOutbox, MongoMailBudget, MongoSubscriberRepository, SUBSCRIBERS_COLLECTION } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runSubscriberRepositoryContract('mongo', async () => {
      const db = await database.indexedDb('subscribers');
      return { subscribers: new MongoSubscriberRepository(db), outbox: new MongoEventOutbox(db, [SUBSCRIBERS_COLLECTION]) };
    });
    runMailBudgetContract('mongo', async () => new MongoMailBudget(await database.indexedDb('mail-budget')));

    describe('stored documents', () => {
      it('a subscriber keeps its links only as digests, and the mail budget keeps no address', async () => {
        const db = await database.indexedDb('subscribers-raw');
        const subscribers = new MongoSubscriberRepository(db);
        const subscriber = subscriberFixture({ email: 'Raw.Reader@example.org' });
        const link = issueToken(subscriber.id, 'download', new Date());
        (await subscribers.save({ ...subscriber, tokens: [link.stored] }, null))._unsafeUnwrap();
        const secret = link.token.split('.')[1] ?? '';
        const raw = JSON.stringify(await db.collection(SUBSCRIBERS_COLLECTION).findOne({ _id: subscriber.id } as never));
        assert.ok(raw.includes(link.stored.digest));
        assert.equal(raw.includes(secret), false, 'no secret in the stored subscriber');

        const budget = new MongoMailBudget(db);
        (await budget.claim(addressDigest('raw.reader@example.org'), '2026-11-22', 3))._unsafeUnwrap();
        const slots = JSON.stringify(await db.collection(MAIL_BUDGET_COLLECTION).find({}).toArray());
        assert.equal(slots.toLowerCase().includes('raw.reader'), false, 'the budget holds a digest, not the address');
      });
    });
  });
}
