/**
 * STORAGE_URL as an operator writes it: what each form means, and the one line they get for each mistake (naming
 * the variable, never echoing a secret).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createS3Client, parseStorageUrl, s3StoreFromUrl, S3FileStore } from '../src/index.js';

const KEYS = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

const problemWith = (url: string, env: NodeJS.ProcessEnv = KEYS): string => parseStorageUrl(url, env)._unsafeUnwrapErr();

describe('STORAGE_URL', () => {
  it('names an S3-compatible server: path-style addressing there, the default region, keys from the environment', () => {
    const settings = parseStorageUrl('s3://larder-files?endpoint=http://127.0.0.1:8333', KEYS)._unsafeUnwrap();
    assert.deepEqual(settings, {
      bucket: 'larder-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:8333',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: KEYS.AWS_SECRET_ACCESS_KEY },
      keyPrefix: '',
    });
    // Path-style (`http://host/bucket/key`): such servers seldom have a DNS name per bucket, as AWS's default needs.
    assert.equal(createS3Client(settings).config.forcePathStyle, true);
  });

  it('names a bucket on AWS itself: no endpoint, the given region, keys from the SDK chain when none are set', () => {
    const settings = parseStorageUrl('s3://larder.files-eu?region=eu-west-3', {})._unsafeUnwrap();
    assert.deepEqual(settings, { bucket: 'larder.files-eu', region: 'eu-west-3', endpoint: undefined, credentials: undefined, keyPrefix: '' });
    assert.equal(createS3Client(settings).config.forcePathStyle, false);
  });

  it('keeps every file under the path given after the bucket, as a folder', () => {
    assert.equal(parseStorageUrl('s3://shared-bucket/larder/prod?region=eu-west-3', {})._unsafeUnwrap().keyPrefix, 'larder/prod/');
    assert.equal(parseStorageUrl('s3://shared-bucket/larder/', {})._unsafeUnwrap().keyPrefix, 'larder/');
    assert.match(problemWith('s3://shared-bucket/a b/'), /^STORAGE_URL must be a URL whose path \(the key prefix\)/);
  });

  it('gives a store with no request made yet', () => {
    assert.ok(s3StoreFromUrl('s3://larder-files?endpoint=https://s3.example.test', KEYS)._unsafeUnwrap() instanceof S3FileStore);
  });

  it('refuses what is not an s3:// URL of a valid bucket, naming STORAGE_URL in one line', () => {
    const cases: [string, RegExp][] = [
      ['https://larder-files', /^STORAGE_URL must be an s3:\/\/BUCKET URL .*, got "https:\/\/larder-files"$/],
      ['larder-files', /^STORAGE_URL must be an s3:\/\/BUCKET URL/],
      ['s3://', /^STORAGE_URL must be a URL whose host is a bucket name: .*, got ""$/],
      ['s3://Larder_Files', /^STORAGE_URL must be a URL whose host is a bucket name: 3 to 63 lower-case letters, .*, got "Larder_Files"$/],
      ['s3://ab', /bucket name.*, got "ab"$/],
      ['s3://192.168.1.10', /bucket name.*, got "192.168.1.10"$/],
      ['s3://larder..files', /bucket name/],
      ['s3://larder-files:9000', /without a port/],
      ['s3://larder-files?endpoint=ftp://host', /^STORAGE_URL must be an http:\/\/ or https:\/\/ URL .* endpoint option, got "ftp:\/\/host"$/],
      ['s3://larder-files?endpoint=not a url', /endpoint option/],
      ['s3://larder-files?endpoint=http://h:1&endpoint=http://h:2', /each option once, got "endpoint"$/],
      ['s3://larder-files?regoin=eu-west-3', /^STORAGE_URL must be a URL whose options are among endpoint, region, got "regoin"$/],
      ['s3://larder-files?region=EU WEST', /region option/],
    ];
    for (const [url, expected] of cases) {
      const message = problemWith(url);
      assert.match(message, expected, url);
      assert.ok(!message.includes('\n'), `${url}: more than one line`);
    }
  });

  it('refuses credentials in the URL, and shows neither them nor an endpoint\'s', () => {
    for (const url of ['s3://AKIAX:topsecret-value@larder-files', 's3://larder-files?endpoint=http://admin:topsecret-value@127.0.0.1:8333']) {
      const message = problemWith(url);
      assert.match(message, /^STORAGE_URL must be /);
      assert.ok(!message.includes('topsecret-value'), message);
    }
  });

  it('asks for both keys or neither, and for keys whenever an endpoint is named', () => {
    assert.equal(problemWith('s3://larder-files', { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' }), 'AWS_SECRET_ACCESS_KEY must be set when AWS_ACCESS_KEY_ID is (both or neither)');
    assert.equal(problemWith('s3://larder-files', { AWS_SECRET_ACCESS_KEY: 'x' }), 'AWS_ACCESS_KEY_ID must be set when AWS_SECRET_ACCESS_KEY is (both or neither)');
    assert.equal(
      problemWith('s3://larder-files?endpoint=http://127.0.0.1:8333', { AWS_ACCESS_KEY_ID: ' ' }),
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set when STORAGE_URL names an endpoint',
    );
  });
});
