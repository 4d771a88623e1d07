/**
 * The domain's file store contract on GridFS, on every test engine (with the production indexes), and what only the
 * stored documents show: a failed or replaced upload leaves no chunks behind, a file of many chunks comes back
 * whole, an abandoned read leaves no cursor open, and the driver's own GridFS indexes are those of `ensureIndexes`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GridFSBucket, Long, MongoClient, type Db } from 'mongodb';
import { readAll } from '@larder/domain';
import { patternBytes, runFileStoreContract } from '@larder/domain/testing';
import { ensureIndexes, GridFsFileStore } from '../src/index.js';
import { GRIDFS_CHUNKS_COLLECTION, GRIDFS_FILES_COLLECTION } from '../src/files/gridfs-file.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

/** The driver's default chunk size (255 KiB). */
const CHUNK = 255 * 1024;
const PDF = { contentType: 'application/pdf' };

async function* failingAfter(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
  throw new Error('the render broke');
}

async function storedDocuments(db: Db) {
  const files = await db.collection(GRIDFS_FILES_COLLECTION).find({}).toArray();
  const chunks = await db.collection(GRIDFS_CHUNKS_COLLECTION).find({}).sort({ files_id: 1, n: 1 }).toArray();
  return { files, chunks: chunks.map((chunk) => ({ filesId: String(chunk['files_id']), n: Number(chunk['n']) })) };
}

async function indexNames(db: Db, collection: string): Promise<string[]> {
  const listed: unknown[] = await db.collection(collection).listIndexes().toArray();
  return listed.map((index) => String((index as { name?: unknown }).name)).sort();
}

/** A cursor id as the server gave it (a Long, or a number from some engines); 0 is no cursor. */
const cursorId = (value: unknown): string =>
  value instanceof Long ? value.toString() : typeof value === 'number' || typeof value === 'bigint' ? value.toString() : '0';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    runFileStoreContract('gridfs', async () => new GridFsFileStore(await database.indexedDb('files')));

    describe('GridFsFileStore documents', () => {
      it('leaves no chunk behind when the bytes fail after several chunks were written', async () => {
        const db = await database.indexedDb('files-failed');
        const store = new GridFsFileStore(db);
        const failed = await store.put('partial/new.pdf', failingAfter(patternBytes(3 * CHUNK + 10)), PDF);
        assert.equal(failed._unsafeUnwrapErr().type, 'FileSourceFailed');
        assert.deepEqual(await storedDocuments(db), { files: [], chunks: [] });

        const kept = (await store.put('partial/old.pdf', patternBytes(CHUNK + 1, 2), PDF))._unsafeUnwrap();
        assert.equal((await store.put('partial/old.pdf', failingAfter(patternBytes(3 * CHUNK)), PDF))._unsafeUnwrapErr().type, 'FileSourceFailed');
        const { files, chunks } = await storedDocuments(db);
        assert.deepEqual(files.map((file) => [String(file['filename']), Number(file['length'])]), [['partial/old.pdf', kept.size]]);
        assert.deepEqual(chunks, [0, 1].map((n) => ({ filesId: String(files[0]?._id), n })));
      });

      it('keeps one files document and only its chunks for a replaced key, also after concurrent puts', async () => {
        const db = await database.indexedDb('files-replaced');
        const store = new GridFsFileStore(db);
        (await store.put('covers/c.webp', patternBytes(3 * CHUNK, 1), PDF))._unsafeUnwrap();
        (await store.put('covers/c.webp', patternBytes(CHUNK + 5, 2), PDF))._unsafeUnwrap();
        let { files, chunks } = await storedDocuments(db);
        assert.deepEqual(files.map((file) => Number(file['length'])), [CHUNK + 5]);
        assert.deepEqual(chunks, [0, 1].map((n) => ({ filesId: String(files[0]?._id), n })));

        const sizes = [1, 2, 3, 4, 5].map((seed) => 2 * CHUNK + seed);
        const results = await Promise.all(sizes.map((size, seed) => store.put('covers/c.webp', patternBytes(size, seed), PDF)));
        results.forEach((result) => assert.ok(result.isOk()));
        ({ files, chunks } = await storedDocuments(db));
        assert.equal(files.length, 1, 'one files document for the key');
        assert.ok(sizes.includes(Number(files[0]?.['length'])));
        assert.deepEqual(chunks, [0, 1, 2].map((n) => ({ filesId: String(files[0]?._id), n })));
      });

      it('reads a file of many chunks (5 MiB and a bit) back byte for byte', async () => {
        const db = await database.indexedDb('files-large');
        const store = new GridFsFileStore(db);
        const bytes = patternBytes(5 * 1024 * 1024 + 12_345, 3);
        (await store.put('big/book.pdf', bytes, PDF))._unsafeUnwrap();
        assert.equal((await storedDocuments(db)).chunks.length, Math.ceil(bytes.byteLength / CHUNK));
        const got = (await store.get('big/book.pdf'))._unsafeUnwrap();
        const read = got === null ? new Uint8Array(0) : await readAll(got.body);
        assert.equal(read.byteLength, bytes.byteLength);
        assert.ok(Buffer.from(read).equals(Buffer.from(bytes)), 'the bytes read back differ');
      });

      it('inserts one chunk at a time, whether given the whole file or pieces of any size', async () => {
        const db = await database.indexedDb('files-paced');
        const watching = new MongoClient(database.handle.url, { monitorCommands: true });
        try {
          let [inFlight, most, inserts] = [0, 0, 0];
          const chunkInserts = new Set<number>();
          watching.on('commandStarted', (event) => {
            if (event.commandName !== 'insert' || (event.command as { insert?: unknown }).insert !== GRIDFS_CHUNKS_COLLECTION) return;
            chunkInserts.add(event.requestId);
            inserts += 1;
            inFlight += 1;
            most = Math.max(most, inFlight);
          });
          const settled = (event: { requestId: number }) => {
            if (chunkInserts.delete(event.requestId)) inFlight -= 1;
          };
          watching.on('commandSucceeded', settled);
          watching.on('commandFailed', settled);
          const store = new GridFsFileStore(watching.db(db.databaseName));
          const bytes = patternBytes(7 * CHUNK + 100, 4);
          (await store.put('paced/whole.pdf', bytes, PDF))._unsafeUnwrap();
          assert.deepEqual([inserts, most], [8, 1], 'the whole file: eight chunks, one insert at a time');
          async function* pieces(): AsyncGenerator<Uint8Array> {
            for (let at = 0; at < bytes.byteLength; at += 100_000) yield bytes.subarray(at, at + 100_000);
            yield bytes.subarray(0, 3 * CHUNK);
          }
          [inserts, most] = [0, 0];
          const stored = (await store.put('paced/pieces.pdf', pieces(), PDF))._unsafeUnwrap();
          assert.deepEqual([inserts, most, stored.size], [11, 1, 10 * CHUNK + 100]);
          const got = (await store.get('paced/pieces.pdf'))._unsafeUnwrap();
          assert.ok(got !== null);
          const read = await readAll(got.body);
          assert.ok(Buffer.from(read).equals(Buffer.concat([bytes, bytes.subarray(0, 3 * CHUNK)])), 'the bytes read back differ');
        } finally {
          await watching.close();
        }
      });

      it('leaves no cursor open on the server when a reader stops part-way', async () => {
        const db = await database.indexedDb('files-abandoned');
        // More chunks than a first batch holds (101), so that the server keeps a cursor for the rest. The emulator
        // answers every chunk at once and keeps none: there, nothing can be left open.
        const upload = new GridFSBucket(db, { bucketName: 'files', chunkSizeBytes: 1024 }).openUploadStream('many/chunks.bin', { metadata: { content_type: 'application/octet-stream' } });
        await new Promise<void>((resolve, reject) => upload.end(Buffer.from(patternBytes(300 * 1024)), (error?: Error | null) => (error ? reject(error) : resolve())));
        // A client of its own, to watch the cursors the server opens and the store closes.
        const watching = new MongoClient(database.handle.url, { monitorCommands: true });
        try {
          const open = new Set<string>();
          const getMores = new Map<number, string>();
          watching.on('commandStarted', (event) => {
            if (event.commandName === 'getMore') getMores.set(event.requestId, cursorId((event.command as { getMore?: unknown }).getMore));
            if (event.commandName === 'killCursors') for (const id of (event.command as { cursors: unknown[] }).cursors) open.delete(cursorId(id));
          });
          watching.on('commandSucceeded', (event) => {
            const id = cursorId((event.reply as { cursor?: { id?: unknown } }).cursor?.id);
            if (event.commandName === 'find' && id !== '0') open.add(id);
            // A getMore that returns the last documents: the server has closed that cursor itself.
            if (event.commandName === 'getMore' && id === '0') open.delete(getMores.get(event.requestId) ?? '');
          });
          const store = new GridFsFileStore(watching.db(db.databaseName));
          const got = (await store.get('many/chunks.bin'))._unsafeUnwrap();
          for await (const chunk of got?.body ?? []) {
            assert.equal(chunk.byteLength, 1024);
            break;
          }
          for (let waited = 0; waited < 2000 && open.size > 0; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
          assert.deepEqual([...open], [], 'cursors the server still holds');
          assert.equal((await store.head('many/chunks.bin'))._unsafeUnwrap()?.size, 300 * 1024);
        } finally {
          await watching.close();
        }
      });

      it('works without ensureIndexes (the driver creates the same indexes), and ensureIndexes then adds none', async () => {
        const db = database.freshDb('files-driver-indexes');
        const store = new GridFsFileStore(db);
        (await store.put('a/b.pdf', patternBytes(10), PDF))._unsafeUnwrap();
        const byDriver = [await indexNames(db, GRIDFS_FILES_COLLECTION), await indexNames(db, GRIDFS_CHUNKS_COLLECTION)];
        assert.deepEqual(byDriver, [['_id_', 'filename_1_uploadDate_1'], ['_id_', 'files_id_1_n_1']]);
        (await ensureIndexes(db))._unsafeUnwrap();
        assert.deepEqual([await indexNames(db, GRIDFS_FILES_COLLECTION), await indexNames(db, GRIDFS_CHUNKS_COLLECTION)], byDriver);

        const indexed = await database.indexedDb('files-indexed-first');
        (await new GridFsFileStore(indexed).put('a/b.pdf', patternBytes(10), PDF))._unsafeUnwrap();
        assert.deepEqual([await indexNames(indexed, GRIDFS_FILES_COLLECTION), await indexNames(indexed, GRIDFS_CHUNKS_COLLECTION)], byDriver);
      });
    });
  });
}
