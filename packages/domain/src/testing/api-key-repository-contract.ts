import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiKey } from '../api-keys/api-key.js';
import type { ApiKeyRepository } from '../api-keys/api-key-repository.js';

let counter = 0;

/** A key of user-1 with two scopes, created at a time with milliseconds, never used. */
export function apiKeyFixture(overrides: Partial<ApiKey> = {}): ApiKey {
  counter += 1;
  return {
    id: `key-${String(counter).padStart(6, '0')}`,
    user_id: 'user-1',
    name: `Script ${counter}`,
    scopes: ['recipes:read', 'sales:read'],
    key_hash: counter.toString(16).padStart(64, '0'),
    key_prefix: 'lk_abcd',
    created_at: new Date(Date.UTC(2026, 6, 1) + counter * 1000 + 5),
    expires_at: null,
    last_used_at: null,
    ...overrides,
  };
}

/** What every API key repository must do; the in-memory one and the Mongo one (on each engine) run it. */
export function runApiKeyRepositoryContract(name: string, makeRepository: () => ApiKeyRepository | Promise<ApiKeyRepository>): void {
  describe(`ApiKeyRepository contract: ${name}`, () => {
    it('finds a key by its digest, every field intact', async () => {
      const repository = await makeRepository();
      const key = apiKeyFixture({ expires_at: new Date('2027-01-01T00:00:00.123Z'), scopes: ['products:write'] });
      (await repository.insert(key))._unsafeUnwrap();
      assert.deepEqual((await repository.findByHash(key.key_hash))._unsafeUnwrap(), key);
      assert.equal((await repository.findByHash('f'.repeat(64)))._unsafeUnwrap(), null);
    });

    it("lists a user's keys newest first, and no one else's", async () => {
      const repository = await makeRepository();
      const older = apiKeyFixture({ user_id: 'user-a' });
      const newer = apiKeyFixture({ user_id: 'user-a' });
      const other = apiKeyFixture({ user_id: 'user-b' });
      for (const key of [older, newer, other]) await repository.insert(key);
      assert.deepEqual(((await repository.listForUser('user-a'))._unsafeUnwrap()).map((key) => key.id), [newer.id, older.id]);
      assert.deepEqual((await repository.listForUser('user-z'))._unsafeUnwrap(), []);
    });

    it("removes only the user's own key, once", async () => {
      const repository = await makeRepository();
      const key = apiKeyFixture({ user_id: 'user-a' });
      await repository.insert(key);
      assert.equal((await repository.remove('user-b', key.id))._unsafeUnwrap(), null, 'not someone else’s');
      assert.deepEqual((await repository.remove('user-a', key.id))._unsafeUnwrap(), key);
      assert.equal((await repository.remove('user-a', key.id))._unsafeUnwrap(), null);
      assert.equal((await repository.findByHash(key.key_hash))._unsafeUnwrap(), null);
    });

    it('records a use, moving last_used_at forward only', async () => {
      const repository = await makeRepository();
      const key = apiKeyFixture();
      await repository.insert(key);
      const later = new Date('2026-08-01T10:00:00.500Z');
      (await repository.touch(key.id, later))._unsafeUnwrap();
      (await repository.touch(key.id, new Date('2026-08-01T09:00:00.000Z')))._unsafeUnwrap();
      assert.equal((await repository.findByHash(key.key_hash))._unsafeUnwrap()?.last_used_at?.getTime(), later.getTime());
      (await repository.touch('key-none', later))._unsafeUnwrap();
    });
  });
}
