import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAll, type FileStore } from '../storage/file-store.js';

/** Bytes no text encoding would keep: every byte value, in a pattern that does not repeat at chunk boundaries. */
export function patternBytes(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

async function* inPieces(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (let turn = 0; at < bytes.byteLength; turn += 1) {
    const size = sizes[turn % sizes.length] ?? 1;
    yield bytes.subarray(at, Math.min(at + size, bytes.byteLength));
    at += size;
  }
}

async function* failingAfter(bytes: Uint8Array, message: string): AsyncGenerator<Uint8Array> {
  yield bytes;
  await new Promise((resolve) => setTimeout(resolve, 5));
  throw new Error(message);
}

const PDF = { contentType: 'application/pdf' };
const EPUB = { contentType: 'application/epub+zip' };

async function contentOf(store: FileStore, key: string): Promise<Uint8Array | null> {
  const got = (await store.get(key))._unsafeUnwrap();
  return got === null ? null : readAll(got.body);
}

/**
 * What every file store must do; the in-memory store, GridFS (on each engine) and S3 run it. `makeStore` gives a
 * store with nothing in it (a fresh database or bucket, or a prefix of its own).
 */
export function runFileStoreContract(name: string, makeStore: () => FileStore | Promise<FileStore>): void {
  describe(`FileStore contract: ${name}`, () => {
    it('gives back the bytes it was given, with their size and media type', async () => {
      const store = await makeStore();
      const bytes = patternBytes(70_001);
      const stored = (await store.put('documents/p1/g1/a4.pdf', bytes, PDF))._unsafeUnwrap();
      assert.equal(stored.key, 'documents/p1/g1/a4.pdf');
      assert.equal(stored.size, bytes.byteLength);
      assert.equal(stored.contentType, 'application/pdf');
      const head = (await store.head('documents/p1/g1/a4.pdf'))._unsafeUnwrap();
      assert.equal(head?.size, bytes.byteLength);
      assert.equal(head?.contentType, 'application/pdf');
      assert.deepEqual(await contentOf(store, 'documents/p1/g1/a4.pdf'), bytes);
    });

    it('takes a stream of uneven pieces, larger than one chunk of any store, and keeps every byte in order', async () => {
      const store = await makeStore();
      const bytes = patternBytes(6 * 1024 * 1024 + 7, 7);
      (await store.put('big/book.pdf', inPieces(bytes, [1, 65_536, 300_001, 17, 1_048_576]), PDF))._unsafeUnwrap();
      const got = (await store.get('big/book.pdf'))._unsafeUnwrap();
      assert.equal(got?.file.size, bytes.byteLength);
      const read = got === null ? null : await readAll(got.body);
      assert.equal(read?.byteLength, bytes.byteLength);
      assert.ok(read !== null && Buffer.from(read).equals(Buffer.from(bytes)), 'the bytes read back differ from the bytes stored');
    });

    it('keeps an empty file as an empty file', async () => {
      const store = await makeStore();
      (await store.put('empty/nothing.txt', new Uint8Array(0), { contentType: 'text/plain' }))._unsafeUnwrap();
      assert.equal((await store.head('empty/nothing.txt'))._unsafeUnwrap()?.size, 0);
      assert.deepEqual(await contentOf(store, 'empty/nothing.txt'), new Uint8Array(0));
    });

    it('knows nothing of a key never stored', async () => {
      const store = await makeStore();
      assert.equal((await store.head('nowhere/x.pdf'))._unsafeUnwrap(), null);
      assert.equal((await store.get('nowhere/x.pdf'))._unsafeUnwrap(), null);
      assert.equal((await store.delete('nowhere/x.pdf'))._unsafeUnwrap(), false);
      assert.deepEqual((await store.list('nowhere/'))._unsafeUnwrap(), []);
    });

    it('replaces a key: the newer bytes, one file, a later time', async () => {
      const store = await makeStore();
      const first = (await store.put('covers/c.webp', patternBytes(1000, 1), { contentType: 'image/webp' }))._unsafeUnwrap();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = (await store.put('covers/c.webp', patternBytes(2000, 2), { contentType: 'image/jpeg' }))._unsafeUnwrap();
      assert.ok(second.storedAt.getTime() > first.storedAt.getTime(), 'the replacement is not newer');
      assert.deepEqual(await contentOf(store, 'covers/c.webp'), patternBytes(2000, 2));
      assert.equal((await store.head('covers/c.webp'))._unsafeUnwrap()?.contentType, 'image/jpeg');
      assert.deepEqual((await store.list('covers/'))._unsafeUnwrap().map((file) => [file.key, file.size]), [['covers/c.webp', 2000]]);
    });

    it('deletes a file once', async () => {
      const store = await makeStore();
      (await store.put('d/x.pdf', patternBytes(10), PDF))._unsafeUnwrap();
      assert.equal((await store.delete('d/x.pdf'))._unsafeUnwrap(), true);
      assert.equal((await store.head('d/x.pdf'))._unsafeUnwrap(), null);
      assert.equal((await store.get('d/x.pdf'))._unsafeUnwrap(), null);
      assert.equal((await store.delete('d/x.pdf'))._unsafeUnwrap(), false);
    });

    it('lists by prefix as a string, in key order, and nothing beside it', async () => {
      const store = await makeStore();
      for (const key of ['documents/p1/g2/b.epub', 'documents/p1/g1/a.pdf', 'documents/p10/g1/a.pdf', 'documents/p2/g1/a.pdf', 'media/p1.webp']) {
        (await store.put(key, patternBytes(3), key.endsWith('.epub') ? EPUB : PDF))._unsafeUnwrap();
      }
      const keys = async (prefix: string) => (await store.list(prefix))._unsafeUnwrap().map((file) => file.key);
      assert.deepEqual(await keys('documents/p1/'), ['documents/p1/g1/a.pdf', 'documents/p1/g2/b.epub']);
      assert.deepEqual(await keys('documents/p1'), ['documents/p1/g1/a.pdf', 'documents/p1/g2/b.epub', 'documents/p10/g1/a.pdf']);
      assert.deepEqual(await keys('documents/'), ['documents/p1/g1/a.pdf', 'documents/p1/g2/b.epub', 'documents/p10/g1/a.pdf', 'documents/p2/g1/a.pdf']);
      const listed = (await store.list('documents/p1/g2/'))._unsafeUnwrap();
      assert.equal(listed[0]?.contentType, 'application/epub+zip');
      assert.equal(listed[0]?.size, 3);
    });

    it('stores nothing when the bytes fail part-way, and keeps the file that was there', async () => {
      const store = await makeStore();
      const failed = await store.put('partial/new.pdf', failingAfter(patternBytes(300_000), 'the render broke'), PDF);
      assert.equal(failed._unsafeUnwrapErr().type, 'FileSourceFailed');
      assert.equal((await store.head('partial/new.pdf'))._unsafeUnwrap(), null);
      assert.deepEqual((await store.list('partial/'))._unsafeUnwrap(), []);

      (await store.put('partial/old.pdf', patternBytes(500, 5), PDF))._unsafeUnwrap();
      const replaced = await store.put('partial/old.pdf', failingAfter(patternBytes(300_000, 6), 'the render broke'), PDF);
      assert.equal(replaced._unsafeUnwrapErr().type, 'FileSourceFailed');
      assert.deepEqual(await contentOf(store, 'partial/old.pdf'), patternBytes(500, 5));
      assert.equal((await store.list('partial/'))._unsafeUnwrap().length, 1);
    });

    it('ends concurrent writes of one key with one whole file, one of those written', async () => {
      const store = await makeStore();
      const versions = [1, 2, 3, 4, 5].map((seed) => patternBytes(100_000 + seed, seed));
      const results = await Promise.all(versions.map((bytes) => store.put('race/same.pdf', inPieces(bytes, [40_000]), PDF)));
      for (const result of results) assert.ok(result.isOk());
      const got = await contentOf(store, 'race/same.pdf');
      assert.ok(got !== null && versions.some((bytes) => Buffer.from(bytes).equals(Buffer.from(got))), 'the file is none of the versions written');
      assert.equal((await store.list('race/'))._unsafeUnwrap().length, 1);
    });

    it('serves other calls after a reader stops part-way', async () => {
      const store = await makeStore();
      (await store.put('abandon/a.pdf', patternBytes(2 * 1024 * 1024, 9), PDF))._unsafeUnwrap();
      const got = (await store.get('abandon/a.pdf'))._unsafeUnwrap();
      for await (const chunk of got?.body ?? []) {
        assert.ok(chunk.byteLength > 0);
        break;
      }
      assert.equal((await store.head('abandon/a.pdf'))._unsafeUnwrap()?.size, 2 * 1024 * 1024);
      assert.deepEqual(await contentOf(store, 'abandon/a.pdf'), patternBytes(2 * 1024 * 1024, 9));
    });

    it('refuses keys the service would never make', async () => {
      const store = await makeStore();
      for (const key of ['', '/abs.pdf', '../up.pdf', 'a/../b.pdf', 'a//b.pdf', 'a/./b', 'a b.pdf', 'a/', 'ü.pdf', 'x'.repeat(513)]) {
        assert.throws(() => store.head(key), RangeError, `head(${JSON.stringify(key)})`);
      }
      assert.throws(() => store.list('../'), RangeError);
    });
  });
}
