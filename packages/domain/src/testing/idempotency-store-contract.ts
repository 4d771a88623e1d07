import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IDEMPOTENCY_KEY_TTL_MS, IN_PROGRESS_TIMEOUT_MS, type Claim, type StoredResponse } from '../idempotency/idempotency.js';
import type { IdempotencyStore } from '../idempotency/idempotency-store.js';

const T0 = new Date('2026-05-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const alice = (key = 'key-1') => ({ userId: 'user-alice', key });
const bob = (key = 'key-1') => ({ userId: 'user-bob', key });

const CREATED: StoredResponse = {
  status: 201,
  headers: { location: '/api/recipes/r-1', etag: '"1"', 'content-type': 'application/json; charset=utf-8' },
  body: '{"id":"r-1","title":"Crème brûlée ✓"}',
};
const REFUSED: StoredResponse = {
  status: 422,
  headers: { 'content-type': 'application/problem+json; charset=utf-8' },
  body: '{"code":"unknown_recipe"}',
};

function tokenOf(claim: Claim): string {
  assert.equal(claim.kind, 'new', `expected a new claim, got ${claim.kind}`);
  return claim.kind === 'new' ? claim.token : '';
}

/** The semantics every idempotency store must have; the in-memory store and the Mongo adapter both run it. */
export function runIdempotencyStoreContract(name: string, makeStore: () => IdempotencyStore | Promise<IdempotencyStore>): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    it('lets the first request run, then answers "in progress" to the same request and "mismatch" to another', async () => {
      const store = await makeStore();
      tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(1000)))._unsafeUnwrap(), { kind: 'in_progress' });
      assert.deepEqual((await store.claim(alice(), 'fp-b', at(1000)))._unsafeUnwrap(), { kind: 'mismatch' });
    });

    it('replays a completed response exactly, and refuses the key for a different request', async () => {
      const store = await makeStore();
      const token = tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      assert.equal((await store.complete(alice(), token, CREATED))._unsafeUnwrap(), true);
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(5000)))._unsafeUnwrap(), { kind: 'replay', response: CREATED });
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(6000)))._unsafeUnwrap(), { kind: 'replay', response: CREATED });
      assert.deepEqual((await store.claim(alice(), 'fp-b', at(7000)))._unsafeUnwrap(), { kind: 'mismatch' });
    });

    it('keeps a response without Location and ETag as it was (no headers invented)', async () => {
      const store = await makeStore();
      const token = tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      await store.complete(alice(), token, REFUSED);
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(1)))._unsafeUnwrap(), { kind: 'replay', response: REFUSED });
    });

    it('lets a released key run again, with any request', async () => {
      const store = await makeStore();
      const token = tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      assert.equal((await store.release(alice(), token))._unsafeUnwrap(), true);
      const again = tokenOf((await store.claim(alice(), 'fp-b', at(10)))._unsafeUnwrap());
      assert.notEqual(again, token);
      assert.equal((await store.complete(alice(), token, CREATED))._unsafeUnwrap(), false, 'the released token completes nothing');
    });

    it('scopes keys to their user: the same key of two users are two keys', async () => {
      const store = await makeStore();
      const token = tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      tokenOf((await store.claim(bob(), 'fp-b', T0))._unsafeUnwrap());
      await store.complete(alice(), token, CREATED);
      assert.deepEqual((await store.claim(bob(), 'fp-b', at(1)))._unsafeUnwrap(), { kind: 'in_progress' });
      tokenOf((await store.claim(alice('key-2'), 'fp-a', at(2)))._unsafeUnwrap());
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(3)))._unsafeUnwrap(), { kind: 'replay', response: CREATED });
    });

    it('treats keys as opaque text: operators, dots and look-alikes are keys like any other', async () => {
      const store = await makeStore();
      const keys = ['$gt', '{"$ne":null}', 'a.b', 'a', 'A', 'a\u0000', '~!@#$%^&*()_+`-=[]{}|;\':",./<>?'];
      for (const key of keys) tokenOf((await store.claim(alice(key), `fp-${key}`, T0))._unsafeUnwrap());
      for (const key of keys) assert.deepEqual((await store.claim(alice(key), `fp-${key}`, at(1)))._unsafeUnwrap(), { kind: 'in_progress' }, key);
    });

    it('forgets a key after 24 hours, whether or not the store has removed the record yet', async () => {
      const store = await makeStore();
      const token = tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      await store.complete(alice(), token, CREATED);
      const justBefore = (await store.claim(alice(), 'fp-b', at(IDEMPOTENCY_KEY_TTL_MS - 1)))._unsafeUnwrap();
      assert.deepEqual(justBefore, { kind: 'mismatch' });
      const fresh = tokenOf((await store.claim(alice(), 'fp-b', at(IDEMPOTENCY_KEY_TTL_MS)))._unsafeUnwrap());
      assert.deepEqual((await store.claim(alice(), 'fp-b', at(IDEMPOTENCY_KEY_TTL_MS + 1)))._unsafeUnwrap(), { kind: 'in_progress' });
      assert.equal((await store.complete(alice(), fresh, REFUSED))._unsafeUnwrap(), true);
      const replayed = (await store.claim(alice(), 'fp-b', at(IDEMPOTENCY_KEY_TTL_MS + 2)))._unsafeUnwrap();
      assert.deepEqual(replayed, { kind: 'replay', response: REFUSED });
    });

    it('lets a claim abandoned in progress (a crashed request) be taken over; the old holder then changes nothing', async () => {
      const store = await makeStore();
      const crashed = tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(IN_PROGRESS_TIMEOUT_MS - 1)))._unsafeUnwrap(), { kind: 'in_progress' });
      const taker = tokenOf((await store.claim(alice(), 'fp-a', at(IN_PROGRESS_TIMEOUT_MS)))._unsafeUnwrap());
      assert.equal((await store.release(alice(), crashed))._unsafeUnwrap(), false);
      assert.equal((await store.complete(alice(), crashed, REFUSED))._unsafeUnwrap(), false);
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(IN_PROGRESS_TIMEOUT_MS + 1)))._unsafeUnwrap(), { kind: 'in_progress' });
      assert.equal((await store.complete(alice(), taker, CREATED))._unsafeUnwrap(), true);
      assert.deepEqual((await store.claim(alice(), 'fp-a', at(IN_PROGRESS_TIMEOUT_MS + 2)))._unsafeUnwrap(), { kind: 'replay', response: CREATED });
    });

    it('never lets a completed record be taken over as abandoned, nor released', async () => {
      const store = await makeStore();
      const token = tokenOf((await store.claim(alice(), 'fp-a', T0))._unsafeUnwrap());
      await store.complete(alice(), token, CREATED);
      assert.equal((await store.release(alice(), token))._unsafeUnwrap(), false);
      assert.equal((await store.complete(alice(), token, REFUSED))._unsafeUnwrap(), false, 'the first answer stays');
      const later = (await store.claim(alice(), 'fp-a', at(IN_PROGRESS_TIMEOUT_MS * 10)))._unsafeUnwrap();
      assert.deepEqual(later, { kind: 'replay', response: CREATED });
    });

    it('gives exactly one of many simultaneous claims on a key the right to run', async () => {
      const store = await makeStore();
      const claims = await Promise.all(Array.from({ length: 12 }, () => store.claim(alice('race'), 'fp-a', T0)));
      assert.equal(claims.filter((claim) => claim._unsafeUnwrap().kind === 'new').length, 1);
      assert.equal(claims.filter((claim) => claim._unsafeUnwrap().kind === 'in_progress').length, 11);
    });

    it('gives exactly one of many simultaneous takeovers of an expired key the right to run', async () => {
      const store = await makeStore();
      const token = tokenOf((await store.claim(alice('stale'), 'fp-a', T0))._unsafeUnwrap());
      await store.complete(alice('stale'), token, CREATED);
      const late = at(IDEMPOTENCY_KEY_TTL_MS + 5);
      const claims = await Promise.all(Array.from({ length: 8 }, () => store.claim(alice('stale'), 'fp-a', late)));
      assert.equal(claims.filter((claim) => claim._unsafeUnwrap().kind === 'new').length, 1);
      assert.equal(claims.filter((claim) => claim._unsafeUnwrap().kind === 'in_progress').length, 7);
    });
  });
}
