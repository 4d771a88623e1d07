/**
 * The S3 store against a real S3-compatible server (SeaweedFS on loopback, one for this file): the domain's
 * contract, then what only an object store shows: multipart uploads that must not linger, and refused credentials.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { patternBytes, runFileStoreContract } from '@larder/domain/testing';
import { createS3Client, S3FileStore } from '../src/index.js';
import { seaweedfsForTests } from '../src/testing/index.js';

const server = await seaweedfsForTests();

/** A store with nothing in it: a key prefix of its own in the shared bucket. */
function freshStore(client: S3Client, bucket: string): { store: S3FileStore; keyPrefix: string } {
  const keyPrefix = `t-${randomBytes(6).toString('hex')}/`;
  return { store: new S3FileStore({ client, bucket, keyPrefix }), keyPrefix };
}

async function* failingAfter(bytes: Uint8Array, message: string): AsyncGenerator<Uint8Array> {
  yield bytes;
  throw new Error(message);
}

describe('s3 (seaweedfs)', { skip: server === undefined }, () => {
  if (server === undefined) return;
  const { settings } = server;
  const client = createS3Client(settings);

  runFileStoreContract('s3 (seaweedfs)', () => freshStore(client, settings.bucket).store);

  it('leaves neither an object nor a multipart upload behind when a large streamed put fails', async () => {
    const { store, keyPrefix } = freshStore(client, settings.bucket);
    // 12 MiB: two whole 5 MiB parts are uploaded before the source fails, so a multipart upload is under way.
    const failed = await store.put('big/broken.pdf', failingAfter(patternBytes(12 * 1024 * 1024, 3), 'the render broke'), { contentType: 'application/pdf' });
    assert.deepEqual(failed._unsafeUnwrapErr(), { type: 'FileSourceFailed', message: 'the render broke' });
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: settings.bucket, Prefix: keyPrefix }));
    assert.deepEqual(uploads.Uploads ?? [], [], 'a multipart upload was left behind');
    const objects = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: keyPrefix }));
    assert.deepEqual(objects.Contents ?? [], []);
  });

  it('keeps the millisecond of each put, which LastModified (whole seconds) cannot', async () => {
    const { store } = freshStore(client, settings.bucket);
    const stored = (await store.put('times/a.pdf', patternBytes(10), { contentType: 'application/pdf' }))._unsafeUnwrap();
    const listed = (await store.list('times/'))._unsafeUnwrap();
    assert.equal(listed[0]?.storedAt.getTime(), stored.storedAt.getTime());
    assert.equal((await store.head('times/a.pdf'))._unsafeUnwrap()?.storedAt.getTime(), stored.storedAt.getTime());
  });

  it('answers StoreUnavailable for wrong credentials, and names neither the secret nor the key in it', async () => {
    const secretAccessKey = `wrong-${randomBytes(16).toString('hex')}`;
    const wrong = createS3Client({ ...settings, credentials: { accessKeyId: settings.credentials.accessKeyId, secretAccessKey } });
    const store = new S3FileStore({ client: wrong, bucket: settings.bucket });
    const results = [await store.head('x/a.pdf'), await store.list('x/'), await store.put('x/a.pdf', patternBytes(10), { contentType: 'application/pdf' })];
    for (const result of results) {
      const error = result._unsafeUnwrapErr();
      assert.equal(error.type, 'StoreUnavailable');
      assert.match(error.message, /^S3 \w+ "x\/(a\.pdf)?" in bucket larder-test: it refused the credentials or their permissions \(403 \w+\)$/);
      assert.ok(!error.message.includes(secretAccessKey) && !error.message.includes(settings.credentials.accessKeyId), error.message);
    }
    wrong.destroy();
  });

  it('answers StoreUnavailable, not "no such file", when the bucket is missing', async () => {
    const store = new S3FileStore({ client, bucket: 'no-such-bucket' });
    for (const result of [await store.head('x/a.pdf'), await store.get('x/a.pdf'), await store.delete('x/a.pdf'), await store.list('x/')]) {
      assert.match(result._unsafeUnwrapErr().message, /the bucket does not exist \(404 \w+\)$/);
    }
  });
});
