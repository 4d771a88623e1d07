import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DomainEvent } from '../events/domain-event.js';
import type { EventOutbox } from '../events/event-outbox.js';
import type { MailBudget } from '../subscribers/mail-budget.js';
import type { Subscriber } from '../subscribers/subscriber.js';
import type { SubscriberRepository } from '../subscribers/subscriber-repository.js';

let counter = 0;

/** A pending subscriber of lead magnet `magnet-1`, created at a time with milliseconds, with one confirmation link. */
export function subscriberFixture(overrides: Partial<Subscriber> = {}): Subscriber {
  counter += 1;
  const created = new Date(Date.UTC(2026, 6, 1) + counter * 60_000 + 321);
  const email = overrides.email ?? `Reader.${counter}@Example.org`;
  return {
    id: `subscriber-${String(counter).padStart(6, '0')}`,
    product_id: 'magnet-1',
    email,
    email_key: email.toLowerCase(),
    status: 'pending',
    consent_at: created,
    consent_text: 'Send me “Soups — Free Sample” by e-mail.',
    confirmed_at: null,
    unsubscribed_at: null,
    downloads: 0,
    last_download_at: null,
    tokens: [{ purpose: 'confirm', digest: 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmE', issued_at: created, expires_at: new Date(created.getTime() + 7 * 86_400_000), used_at: null }],
    created_at: created,
    updated_at: created,
    version: 1,
    ...overrides,
  };
}

const confirmedEvent = (subscriber: Subscriber): DomainEvent => ({
  id: `msg_confirmed_${subscriber.id}`,
  type: 'subscriber.confirmed',
  user_id: 'user-1',
  occurred_at: subscriber.updated_at,
  data: { id: subscriber.id, email: subscriber.email },
});

const ids = (subscribers: readonly Subscriber[]): string[] => subscribers.map((subscriber) => subscriber.id);

/** What every subscriber repository must do, its outbox included; the in-memory one and the Mongo one (on each engine) run it. */
export function runSubscriberRepositoryContract(
  name: string,
  make: () => Promise<{ subscribers: SubscriberRepository; outbox: EventOutbox }> | { subscribers: SubscriberRepository; outbox: EventOutbox },
): void {
  describe(`SubscriberRepository contract: ${name}`, () => {
    it('keeps a subscriber with every field intact, one per lead magnet and address', async () => {
      const { subscribers } = await make();
      const subscriber = subscriberFixture();
      assert.equal((await subscribers.save(subscriber, null))._unsafeUnwrap(), 'written');
      const found = (await subscribers.findById(subscriber.id))._unsafeUnwrap();
      assert.deepEqual(found, subscriber);
      assert.ok(found?.consent_at instanceof Date && found.tokens[0]?.expires_at instanceof Date, 'dates come back as dates');
      assert.deepEqual((await subscribers.findByAddress('magnet-1', subscriber.email_key))._unsafeUnwrap(), subscriber);
      assert.equal((await subscribers.findByAddress('magnet-2', subscriber.email_key))._unsafeUnwrap(), null, 'another lead magnet');
      assert.equal((await subscribers.findByAddress('magnet-1', subscriber.email))._unsafeUnwrap(), null, 'by the key, not the address as typed');
      assert.equal((await subscribers.findById('none'))._unsafeUnwrap(), null);

      const twin = subscriberFixture({ email: subscriber.email });
      assert.equal((await subscribers.save(twin, null))._unsafeUnwrap(), 'stale', 'the same address for the same lead magnet');
      assert.equal((await subscribers.save({ ...twin, product_id: 'magnet-2' }, null))._unsafeUnwrap(), 'written', 'the same address for another lead magnet');
      assert.equal((await subscribers.save({ ...subscriberFixture(), id: subscriber.id }, null))._unsafeUnwrap(), 'stale', 'the same id');
    });

    it('changes a subscriber only over the version it read, with its events in the same write', async () => {
      const { subscribers, outbox } = await make();
      const subscriber = subscriberFixture();
      await subscribers.save(subscriber, null);
      const confirmed: Subscriber = { ...subscriber, status: 'confirmed', confirmed_at: new Date(subscriber.created_at.getTime() + 5000), version: 2 };
      const attempts = await Promise.all(Array.from({ length: 5 }, () => subscribers.save(confirmed, 1, [confirmedEvent(confirmed)])));
      assert.equal(attempts.filter((attempt) => attempt._unsafeUnwrap() === 'written').length, 1, 'one writer of a version wins');
      assert.deepEqual((await subscribers.findById(subscriber.id))._unsafeUnwrap(), confirmed);
      const waiting = (await outbox.pending(10))._unsafeUnwrap();
      assert.deepEqual(waiting.map((pending) => pending.event.id), [`msg_confirmed_${subscriber.id}`], 'the stale writes kept no event');
      assert.deepEqual(waiting[0]?.event.data, { id: subscriber.id, email: subscriber.email });
      for (const pending of waiting) (await outbox.acknowledge(pending))._unsafeUnwrap();
      assert.deepEqual((await subscribers.findById(subscriber.id))._unsafeUnwrap(), confirmed, 'acknowledging leaves the subscriber as it was');
    });

    it('counts downloads atomically, and no save (even from an older read) undoes a count', async () => {
      const { subscribers } = await make();
      const subscriber = subscriberFixture({ status: 'confirmed' });
      await subscribers.save(subscriber, null);
      const at = new Date('2026-07-09T10:11:12.013Z');
      const counted = await Promise.all(Array.from({ length: 8 }, () => subscribers.countDownload(subscriber.id, at)));
      assert.ok(counted.every((result) => result._unsafeUnwrap()));
      const read = (await subscribers.findById(subscriber.id))._unsafeUnwrap();
      assert.equal(read?.downloads, 8);
      assert.deepEqual(read?.last_download_at, at);
      assert.equal(read?.version, 1, 'a count does not move the version');
      // A change computed from the subscriber as read before the downloads.
      assert.equal((await subscribers.save({ ...subscriber, status: 'unsubscribed', version: 2 }, 1))._unsafeUnwrap(), 'written');
      const after = (await subscribers.findById(subscriber.id))._unsafeUnwrap();
      assert.equal(after?.status, 'unsubscribed');
      assert.equal(after?.downloads, 8, 'the counts survive the change');
      assert.equal((await subscribers.countDownload('none', at))._unsafeUnwrap(), false);
    });

    it('lists a lead magnet’s subscribers newest first with ties by id, by status, in pages, and all at once', async () => {
      const { subscribers } = await make();
      const tie = new Date('2026-08-01T00:00:00.000Z');
      const all = [
        subscriberFixture({ product_id: 'magnet-list', created_at: tie }),
        subscriberFixture({ product_id: 'magnet-list', created_at: tie, status: 'confirmed' }),
        subscriberFixture({ product_id: 'magnet-list', status: 'unsubscribed' }),
        subscriberFixture({ product_id: 'magnet-list', status: 'confirmed' }),
        subscriberFixture({ product_id: 'magnet-other' }),
      ];
      for (const subscriber of all) await subscribers.save(subscriber, null);
      const mine = all.filter((subscriber) => subscriber.product_id === 'magnet-list');
      const expected = [...mine].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1));
      const first = (await subscribers.list({ productId: 'magnet-list' }, { page: 1, perPage: 3 }))._unsafeUnwrap();
      const second = (await subscribers.list({ productId: 'magnet-list' }, { page: 2, perPage: 3 }))._unsafeUnwrap();
      assert.equal(first.total, 4);
      assert.deepEqual([...ids(first.items), ...ids(second.items)], ids(expected));
      const confirmed = (await subscribers.list({ productId: 'magnet-list', status: 'confirmed' }, { page: 1, perPage: 10 }))._unsafeUnwrap();
      assert.deepEqual(ids(confirmed.items), ids(expected.filter((subscriber) => subscriber.status === 'confirmed')));
      const batches: string[] = [];
      (await subscribers.each({ productId: 'magnet-list' }, (batch) => void batches.push(...ids(batch))))._unsafeUnwrap();
      assert.deepEqual(batches, ids(expected));
    });

    it('removes a subscriber for good, returning it as it was', async () => {
      const { subscribers } = await make();
      const subscriber = subscriberFixture();
      await subscribers.save(subscriber, null);
      assert.deepEqual((await subscribers.remove(subscriber.id))._unsafeUnwrap(), subscriber);
      assert.equal((await subscribers.findById(subscriber.id))._unsafeUnwrap(), null);
      assert.equal((await subscribers.findByAddress(subscriber.product_id, subscriber.email_key))._unsafeUnwrap(), null);
      assert.equal((await subscribers.remove(subscriber.id))._unsafeUnwrap(), null);
      assert.equal((await subscribers.save(subscriberFixture({ email: subscriber.email }), null))._unsafeUnwrap(), 'written', 'the address may ask again');
    });
  });
}

/** What every mail budget must do; the in-memory one and the Mongo one (on each engine) run it. */
export function runMailBudgetContract(name: string, make: () => Promise<MailBudget> | MailBudget): void {
  describe(`MailBudget contract: ${name}`, () => {
    it('gives an address the limit a day, each day afresh, whatever the other addresses took', async () => {
      const budget = await make();
      const claims = [];
      for (let index = 0; index < 4; index += 1) claims.push((await budget.claim('digest-a', '2026-11-22', 3))._unsafeUnwrap());
      assert.deepEqual(claims, [true, true, true, false]);
      assert.equal((await budget.claim('digest-b', '2026-11-22', 3))._unsafeUnwrap(), true, 'another address');
      assert.equal((await budget.claim('digest-a', '2026-11-23', 3))._unsafeUnwrap(), true, 'the next day');
    });

    it('grants no more than the limit to simultaneous claims', async () => {
      const budget = await make();
      const claims = await Promise.all(Array.from({ length: 10 }, () => budget.claim('digest-race', '2026-11-22', 3)));
      assert.equal(claims.filter((claim) => claim._unsafeUnwrap()).length, 3);
    });
  });
}
