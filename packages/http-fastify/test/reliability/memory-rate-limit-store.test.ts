/** The in-memory rate-limit counters (src/plugins/memory-rate-limit-store.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEMORY_STORE_CAPACITY, MemoryRateLimitStore } from '../../src/plugins/memory-rate-limit-store.js';

const incr = (store: MemoryRateLimitStore, key: string, timeWindow = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error === null && result !== undefined ? resolve(result) : reject(error ?? new Error('no result'))), timeWindow),
  );

describe('MemoryRateLimitStore', () => {
  it('answers each caller the count of its own increment, even when callers overlap', async () => {
    const store = new MemoryRateLimitStore();
    const results = await Promise.all([incr(store, 'a'), incr(store, 'a'), incr(store, 'a'), incr(store, 'b')]);
    assert.deepEqual(results.map((result) => result.current), [1, 2, 3, 1]);
    assert.ok(results.every((result) => result.ttl > 0 && result.ttl <= 60_000));
  });

  it('starts a new window once the old one is over', async () => {
    const store = new MemoryRateLimitStore();
    await incr(store, 'a', 5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await incr(store, 'a', 5)).current, 1);
  });

  it(`keeps the ${MEMORY_STORE_CAPACITY} most recently used keys`, async () => {
    const store = new MemoryRateLimitStore();
    await incr(store, 'busy');
    for (let index = 0; index < MEMORY_STORE_CAPACITY; index += 1) {
      await incr(store, `key-${index}`);
      if (index === MEMORY_STORE_CAPACITY / 2) await incr(store, 'busy');
    }
    assert.equal((await incr(store, 'busy')).current, 3, 'a recently used key stays');
    assert.equal((await incr(store, 'key-0')).current, 1, 'the least recently used key went first');
  });

  it('gives each limiter counters of its own', async () => {
    const parent = new MemoryRateLimitStore();
    const child = parent.child() as MemoryRateLimitStore;
    await incr(parent, 'a');
    assert.equal((await incr(child, 'a')).current, 1);
  });
});
