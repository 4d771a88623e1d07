import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserSession } from '../sessions/browser-session.js';
import type { BrowserSessionRepository } from '../sessions/browser-session-repository.js';

let counter = 0;

/** A session of user-1, started at a time with milliseconds, expiring 7 days later. */
export function browserSessionFixture(overrides: Partial<BrowserSession> = {}): BrowserSession {
  counter += 1;
  const created = Date.UTC(2026, 10, 1) + counter * 1000 + 7;
  return {
    id: `session-${String(counter).padStart(6, '0')}`,
    user_id: 'user-1',
    token_hash: (0xabc000 + counter).toString(16).padStart(64, '0'),
    created_at: new Date(created),
    expires_at: new Date(created + 7 * 24 * 3600 * 1000),
    ...overrides,
  };
}

/** What every browser session repository must do; the in-memory one and the Mongo one (on each engine) run it. */
export function runBrowserSessionRepositoryContract(name: string, makeRepository: () => BrowserSessionRepository | Promise<BrowserSessionRepository>): void {
  describe(`BrowserSessionRepository contract: ${name}`, () => {
    it('finds a session by its digest, every field intact (an expired one too: expiry is the caller’s rule)', async () => {
      const repository = await makeRepository();
      const session = browserSessionFixture();
      const expired = browserSessionFixture({ expires_at: new Date('2020-01-01T00:00:00.001Z') });
      (await repository.insert(session))._unsafeUnwrap();
      (await repository.insert(expired))._unsafeUnwrap();
      assert.deepEqual((await repository.findByHash(session.token_hash))._unsafeUnwrap(), session);
      assert.deepEqual((await repository.findByHash(expired.token_hash))._unsafeUnwrap(), expired);
      assert.equal((await repository.findByHash('f'.repeat(64)))._unsafeUnwrap(), null);
    });

    it('moves the expiry forward only, and ignores a session that is gone', async () => {
      const repository = await makeRepository();
      const session = browserSessionFixture();
      await repository.insert(session);
      const later = new Date(session.expires_at.getTime() + 3_600_000 + 123);
      (await repository.extend(session.id, later))._unsafeUnwrap();
      (await repository.extend(session.id, new Date(session.expires_at.getTime() + 1000)))._unsafeUnwrap();
      assert.equal((await repository.findByHash(session.token_hash))._unsafeUnwrap()?.expires_at.getTime(), later.getTime());
      (await repository.extend('session-none', later))._unsafeUnwrap();
      assert.equal((await repository.findByHash('0'.repeat(64)))._unsafeUnwrap(), null, 'extending nothing made nothing');
    });

    it('removes a session by its digest once: the second removal finds nothing, the others stay', async () => {
      const repository = await makeRepository();
      const ended = browserSessionFixture();
      const kept = browserSessionFixture();
      await repository.insert(ended);
      await repository.insert(kept);
      assert.deepEqual((await repository.removeByHash(ended.token_hash))._unsafeUnwrap(), ended);
      assert.equal((await repository.removeByHash(ended.token_hash))._unsafeUnwrap(), null);
      assert.equal((await repository.findByHash(ended.token_hash))._unsafeUnwrap(), null);
      assert.deepEqual((await repository.findByHash(kept.token_hash))._unsafeUnwrap(), kept);
    });

    it('hands a session to one of two simultaneous removals only', async () => {
      const repository = await makeRepository();
      const session = browserSessionFixture();
      await repository.insert(session);
      const results = await Promise.all([repository.removeByHash(session.token_hash), repository.removeByHash(session.token_hash)]);
      assert.equal(results.map((result) => result._unsafeUnwrap()).filter((removed) => removed !== null).length, 1);
    });

    it("removes every session of a user, and no one else's", async () => {
      const repository = await makeRepository();
      const mine = [browserSessionFixture({ user_id: 'user-a' }), browserSessionFixture({ user_id: 'user-a' })];
      const other = browserSessionFixture({ user_id: 'user-b' });
      for (const session of [...mine, other]) await repository.insert(session);
      assert.equal((await repository.removeForUser('user-a'))._unsafeUnwrap(), 2);
      assert.equal((await repository.removeForUser('user-a'))._unsafeUnwrap(), 0);
      for (const session of mine) assert.equal((await repository.findByHash(session.token_hash))._unsafeUnwrap(), null);
      assert.deepEqual((await repository.findByHash(other.token_hash))._unsafeUnwrap(), other);
    });
  });
}
