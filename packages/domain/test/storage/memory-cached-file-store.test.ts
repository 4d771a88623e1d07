import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResultAsync } from 'neverthrow';
import { memoryCachedFileStore, readAll } from '../../src/index.js';
import { InMemoryFileStore, patternBytes, runFileStoreContract } from '../../src/testing/index.js';

runFileStoreContract('memory-cached, over in memory', () => memoryCachedFileStore(new InMemoryFileStore(), { maxBytes: 4 * 1024 * 1024, maxFileBytes: 1024 * 1024 }));

/** The inner store, counting the reads that reach it. */
class CountingStore extends InMemoryFileStore {
  gets = 0;
  override get(key: string) {
    this.gets += 1;
    return super.get(key);
  }
}

/** The inner store, whose reads answer 30 ms late (with the bytes of when they were asked). */
class SlowStore extends InMemoryFileStore {
  override get(key: string) {
    return super.get(key).andThen((found) => ResultAsync.fromSafePromise(new Promise<typeof found>((resolve) => setTimeout(() => resolve(found), 30))));
  }
}

const PDF = { contentType: 'application/pdf' };

describe('memoryCachedFileStore', () => {
  it('serves a file it stored, or read once, from memory', async () => {
    const inner = new CountingStore();
    const store = memoryCachedFileStore(inner);
    (await store.put('a/put.pdf', patternBytes(1000, 1), PDF))._unsafeUnwrap();
    (await inner.put('a/elsewhere.pdf', patternBytes(2000, 2), PDF))._unsafeUnwrap();
    for (let round = 0; round < 3; round += 1) {
      const put = (await store.get('a/put.pdf'))._unsafeUnwrap();
      assert.deepEqual(put === null ? null : await readAll(put.body), patternBytes(1000, 1));
      const read = (await store.get('a/elsewhere.pdf'))._unsafeUnwrap();
      assert.deepEqual(read === null ? null : await readAll(read.body), patternBytes(2000, 2));
    }
    assert.equal(inner.gets, 1, 'only the first read of the file stored elsewhere reached the store');
    assert.equal(store.keptBytes, 3000);
  });

  it('keeps no file over its size, and drops the least recently used beyond its total', async () => {
    const inner = new CountingStore();
    const store = memoryCachedFileStore(inner, { maxBytes: 2500, maxFileBytes: 1500 });
    (await store.put('big.pdf', patternBytes(2000), PDF))._unsafeUnwrap();
    assert.equal(store.keptBytes, 0);
    (await store.put('one.pdf', patternBytes(1000, 1), PDF))._unsafeUnwrap();
    (await store.put('two.pdf', patternBytes(1000, 2), PDF))._unsafeUnwrap();
    await store.get('one.pdf');
    (await store.put('three.pdf', patternBytes(1000, 3), PDF))._unsafeUnwrap();
    assert.equal(store.keptBytes, 2000);
    inner.gets = 0;
    await store.get('one.pdf');
    await store.get('three.pdf');
    assert.equal(inner.gets, 0, 'the recently used ones were kept');
    await store.get('two.pdf');
    assert.equal(inner.gets, 1, 'the least recently used one was dropped');
  });

  it('does not keep what a read saw when the file was replaced while it was read', async () => {
    const inner = new SlowStore();
    const store = memoryCachedFileStore(inner);
    (await inner.put('r.pdf', patternBytes(100, 1), PDF))._unsafeUnwrap();
    const reading = store.get('r.pdf');
    await new Promise((resolve) => setTimeout(resolve, 5));
    (await store.delete('r.pdf'))._unsafeUnwrap();
    (await inner.put('r.pdf', patternBytes(100, 2), PDF))._unsafeUnwrap();
    await reading;
    const now = (await store.get('r.pdf'))._unsafeUnwrap();
    assert.deepEqual(now === null ? null : await readAll(now.body), patternBytes(100, 2));
  });

  it('forgets a deleted or replaced file at once', async () => {
    const store = memoryCachedFileStore(new InMemoryFileStore());
    (await store.put('c.pdf', patternBytes(100, 1), PDF))._unsafeUnwrap();
    (await store.put('c.pdf', patternBytes(100, 2), PDF))._unsafeUnwrap();
    const got = (await store.get('c.pdf'))._unsafeUnwrap();
    assert.deepEqual(got === null ? null : await readAll(got.body), patternBytes(100, 2));
    (await store.delete('c.pdf'))._unsafeUnwrap();
    assert.equal((await store.get('c.pdf'))._unsafeUnwrap(), null);
    assert.equal(store.keptBytes, 0);
  });
});
