import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InMemoryIdempotencyStore, runIdempotencyStoreContract } from '../../src/testing/index.js';

runIdempotencyStoreContract('in-memory', () => new InMemoryIdempotencyStore());

describe('InMemoryIdempotencyStore', () => {
  it('fails every call while switched off, as an unreachable database would', async () => {
    const store = new InMemoryIdempotencyStore();
    store.unavailable = true;
    const scope = { userId: 'u', key: 'k' };
    assert.equal((await store.claim(scope, 'fp', new Date()))._unsafeUnwrapErr().type, 'StoreUnavailable');
    assert.equal((await store.release(scope, 't'))._unsafeUnwrapErr().type, 'StoreUnavailable');
  });
});
