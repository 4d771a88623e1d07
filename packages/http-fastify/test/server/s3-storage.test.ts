/**
 * The service started with `STORAGE_URL` (as the README tells an operator to): documents are kept in the object
 * store, a wrong store stops start-up with one line, and the keys never appear in the output.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createS3Client } from '@larder/adapters-s3';
import { seaweedfsForTests } from '@larder/adapters-s3/testing';
import { serviceEnv, spawnService, startSpawnedService } from './spawned-service.js';

const server = await seaweedfsForTests();
const DEMO_PASSWORD = 'try-the-larder';

describe('STORAGE_URL (SeaweedFS on loopback)', { skip: server === undefined }, () => {
  if (server === undefined) return;
  const { settings } = server;
  const keys = { AWS_ACCESS_KEY_ID: settings.credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: settings.credentials.secretAccessKey };
  const storageUrl = (bucket: string) => `s3://${bucket}/service-test/?endpoint=${encodeURIComponent(settings.endpoint)}&region=${settings.region}`;

  it('keeps rendered documents in the bucket, and serves the stored copy the second time', async () => {
    const service = await startSpawnedService(serviceEnv({ DEMO_PASSWORD, STORAGE_URL: storageUrl(settings.bucket), ...keys }));
    after(() => void service.child.kill('SIGKILL'));
    assert.match(service.stderr(), new RegExp(`files kept in the object store ${settings.bucket}`));
    const login = await fetch(`${service.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const products = (await (await fetch(`${service.url}/api/products?type=recipe_card_pack`, { headers: auth })).json()) as { data: { id: string }[] };
    const id = products.data[0]?.id ?? '';
    const first = await fetch(`${service.url}/api/products/${id}/document.pdf`, { headers: auth });
    assert.equal(first.status, 200);
    const bytes = Buffer.from(await first.arrayBuffer());
    const listed = await createS3Client(settings).send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `service-test/documents/${id}/` }));
    assert.deepEqual(listed.Contents?.map((object) => object.Size), [bytes.byteLength]);
    const second = await fetch(`${service.url}/api/products/${id}/document.pdf`, { headers: auth });
    assert.ok(Buffer.from(await second.arrayBuffer()).equals(bytes));
    assert.doesNotMatch(service.stdout() + service.stderr(), new RegExp(settings.credentials.secretAccessKey));
  });

  it('stops start-up with one line when the bucket does not exist, without echoing the secret', async () => {
    const child = spawnService(serviceEnv({ STORAGE_URL: storageUrl('no-such-bucket'), ...keys }));
    assert.equal(await child.exited, 1);
    assert.match(child.stderr(), /cannot use the object store STORAGE_URL names/);
    assert.doesNotMatch(child.stdout() + child.stderr(), new RegExp(settings.credentials.secretAccessKey));
  });

  it('refuses a STORAGE_URL that is not an s3:// URL with a bucket', async () => {
    const child = spawnService(serviceEnv({ STORAGE_URL: 'gs://bucket' }));
    assert.equal(await child.exited, 1);
    assert.match(child.stderr(), /STORAGE_URL must be/);
  });
});
