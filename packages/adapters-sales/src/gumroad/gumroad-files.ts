/**
 * The files a buyer downloads. Gumroad takes no file bytes on its API (`reject_unsupported_upload_fields` refuses
 * `file`); a file goes to S3 through a presigned multipart upload (`/v2/files/presign`, a PUT per part,
 * `/v2/files/complete`) and is then attached with `PUT /v2/products/:id` `files[]`, which replaces the whole list:
 * the files we keep are named by id, the new one by its URL. Deleting a file is the same PUT without it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ChannelFailure, ListingFile, RemoteFile } from '@larder/domain';
import { unexpected } from './gumroad-answers.js';
import type { GumroadClient } from './gumroad-client.js';
import { toRemoteFile } from './gumroad-listing.js';
import type { GumroadFileEntry, GumroadPresignedUpload, GumroadProduct, GumroadUploadedPart } from './gumroad-types.js';

const keepAll = (product: GumroadProduct, except?: string): GumroadFileEntry[] =>
  (product.files ?? []).filter((file) => file.id !== except).map((file) => ({ id: file.id }));

/** PUTs the parts one after another; Gumroad's parts are 100 MB, and the bytes are cut into as many as it gave URLs. */
function uploadParts(client: GumroadClient, upload: GumroadPresignedUpload, bytes: Uint8Array): ResultAsync<GumroadUploadedPart[], ChannelFailure> {
  const parts = [...upload.parts].sort((a, b) => a.part_number - b.part_number);
  const partSize = Math.ceil(bytes.length / parts.length);
  return parts.reduce<ResultAsync<GumroadUploadedPart[], ChannelFailure>>(
    (done, part, index) =>
      done.andThen((uploaded) =>
        client.putFilePart(part.presigned_url, bytes.subarray(index * partSize, (index + 1) * partSize)).map((etag) => [
          ...uploaded,
          { part_number: part.part_number, etag },
        ]),
      ),
    okAsync([]),
  );
}

/**
 * Files stored on Gumroad's S3 (the upload completed) and not yet attached, by product, name and content: an attempt
 * whose attaching failed leaves the stored file's URL here, and the next attempt attaches it without sending the bytes
 * again. Kept in the process (a restart sends them once more); the oldest are forgotten past `STORED_KEPT`.
 */
export interface StoredUploads {
  get(key: string): string | undefined;
  set(key: string, url: string): void;
  delete(key: string): void;
}

const STORED_KEPT = 500;

export function storedUploads(): StoredUploads {
  const urls = new Map<string, string>();
  return {
    get: (key) => urls.get(key),
    set: (key, url) => {
      urls.delete(key);
      urls.set(key, url);
      if (urls.size > STORED_KEPT) urls.delete(urls.keys().next().value ?? '');
    },
    delete: (key) => void urls.delete(key),
  };
}

const storedKey = (productId: string, file: ListingFile): string =>
  `${productId}\n${file.name}\n${createHash('sha256').update(file.bytes).digest('hex')}`;

/** Stores the bytes on Gumroad's storage (or finds them stored by an earlier attempt); the file's canonical URL. */
function storeFile(client: GumroadClient, token: string, file: ListingFile, stored: StoredUploads, key: string): ResultAsync<string, ChannelFailure> {
  const earlier = stored.get(key);
  if (earlier !== undefined) return okAsync(earlier);
  return client
    .presignFile(token, file.name, file.bytes.length)
    .andThen((upload) => uploadParts(client, upload, file.bytes).andThen((parts) => client.completeFile(token, upload, parts)))
    .map((url) => {
      stored.set(key, url);
      return url;
    });
}

export function uploadProductFile(
  client: GumroadClient,
  token: string,
  productId: string,
  file: ListingFile,
  stored: StoredUploads = storedUploads(),
): ResultAsync<RemoteFile, ChannelFailure> {
  const key = storedKey(productId, file);
  // Our name for the new file in this request; Gumroad answers with the id it gave it (`file_id_mappings`).
  const uploadName = `larder-upload-${randomBytes(6).toString('hex')}`;
  // The product is read first: a listing that is gone fails here, before any bytes are sent.
  return client.getProduct(token, productId).andThen((before) =>
    storeFile(client, token, file, stored, key)
      .andThen((url) =>
        client.saveFiles(token, productId, [
          ...keepAll(before),
          { external_id: uploadName, url, display_name: file.name, size: file.bytes.length },
        ]),
      )
      .andThen(({ product, fileIdMappings }) => {
        stored.delete(key);
        const known = new Set((before.files ?? []).map((existing) => existing.id));
        const newId = fileIdMappings[uploadName];
        const added = (product.files ?? []).find((saved) => (newId === undefined ? !known.has(saved.id) : saved.id === newId));
        if (added !== undefined) return okAsync<RemoteFile, ChannelFailure>(toRemoteFile(added));
        if (newId !== undefined) return okAsync<RemoteFile, ChannelFailure>({ remoteFileId: newId, name: file.name, size: file.bytes.length });
        return errAsync<RemoteFile, ChannelFailure>(unexpected('did not show the new file'));
      }),
  );
}

export function deleteProductFile(client: GumroadClient, token: string, productId: string, fileId: string): ResultAsync<void, ChannelFailure> {
  return client.getProduct(token, productId).andThen((product) => {
    if (!(product.files ?? []).some((file) => file.id === fileId)) {
      return errAsync<void, ChannelFailure>({ type: 'ChannelRejected', code: 'not_found', message: 'The file was not found.' });
    }
    return client.saveFiles(token, productId, keepAll(product, fileId)).map(() => undefined);
  });
}

export const listProductFiles = (client: GumroadClient, token: string, productId: string): ResultAsync<RemoteFile[], ChannelFailure> =>
  client.getProduct(token, productId).map((product) => (product.files ?? []).map(toRemoteFile));
