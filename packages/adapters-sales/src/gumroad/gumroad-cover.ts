/**
 * The listing's main image is the product's first cover (`main_cover_id`). A cover is an ActiveStorage blob uploaded
 * directly (`POST /v2/direct_uploads`, then a PUT of the bytes with the headers given), attached with
 * `POST /v2/products/:id/covers` `signed_blob_id`; the covers that were there before are then deleted
 * (`DELETE /v2/products/:id/covers/:cover_id`), so the new one is the only one, and the main one.
 */
import { createHash } from 'node:crypto';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ChannelFailure, ListingFile } from '@larder/domain';
import { unexpected } from './gumroad-answers.js';
import type { GumroadClient } from './gumroad-client.js';

/** A cover already gone (deleted by someone else meanwhile) is what we wanted. */
const goneIsFine = (failure: ChannelFailure): ResultAsync<void, ChannelFailure> =>
  failure.type === 'ChannelRejected' && failure.code === 'not_found' ? okAsync(undefined) : errAsync(failure);

export function replaceCover(client: GumroadClient, token: string, productId: string, image: ListingFile): ResultAsync<void, ChannelFailure> {
  const blob = {
    filename: image.name,
    byte_size: image.bytes.length,
    checksum: createHash('md5').update(image.bytes).digest('base64'),
    content_type: image.contentType,
  };
  return client.getProduct(token, productId).andThen((before) => {
    const earlier = new Set((before.covers ?? []).map((cover) => cover.id));
    return client
      .createDirectUpload(token, blob)
      .andThen((upload) =>
        client.putBlob(upload, image.bytes).andThen(() => client.addCover(token, productId, upload.signed_id)),
      )
      .andThen(({ covers }) => {
        const added = covers.find((cover) => !earlier.has(cover.id));
        if (added === undefined) return errAsync<void, ChannelFailure>(unexpected('did not show the new cover'));
        return covers
          .filter((cover) => cover.id !== added.id)
          .reduce<ResultAsync<void, ChannelFailure>>(
            (done, old) => done.andThen(() => client.deleteCover(token, productId, old.id).map(() => undefined).orElse(goneIsFine)),
            okAsync(undefined),
          );
      });
  });
}
