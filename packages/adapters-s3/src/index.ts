/**
 * @larder/adapters-s3 — the domain's FileStore on S3 or an S3-compatible server.
 *
 *   const store = s3StoreFromUrl(process.env.STORAGE_URL, process.env); // s3://BUCKET?endpoint=URL&region=R
 *   if (store.isErr()) fail(store.error); // one line naming STORAGE_URL
 */
export { S3FileStore, type S3FileStoreOptions } from './s3-file-store.js';
export { createS3Client, S3_TIMEOUTS, type S3Credentials, type S3Settings, type S3Timeouts } from './s3-client.js';
export { parseStorageUrl, s3StoreFromSettings, s3StoreFromUrl } from './storage-url.js';
