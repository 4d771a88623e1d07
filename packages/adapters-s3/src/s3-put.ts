/**
 * A whole-or-absent put. lib-storage's `Upload` buffers up to one part (5 MiB): a body that ends within it is sent
 * as one PutObject, which S3 applies atomically; a longer one becomes a multipart upload, which creates the object
 * only at CompleteMultipartUpload and which `Upload` aborts when anything fails, so that its parts (invisible, but
 * billed and counted by ListMultipartUploads) do not linger.
 */
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { FileStoreError, StoredFile } from '@larder/domain';
import { storeUnavailable } from './s3-errors.js';

/** User metadata (`x-amz-meta-stored-at`): milliseconds since the epoch, as LastModified keeps only seconds. */
export const STORED_AT = 'stored-at';

export interface PutRequest {
  readonly client: S3Client;
  readonly bucket: string;
  /** The object's key (the store's prefix included). */
  readonly objectKey: string;
  /** The port's key, as the caller gave it. */
  readonly key: string;
  readonly body: Uint8Array | AsyncIterable<Uint8Array>;
  readonly contentType: string;
  readonly storedAt: Date;
  readonly where: string;
}

interface SourceState {
  size: number;
  /** Set when the caller's own iterable threw: that is FileSourceFailed, not the store's failure. */
  failure: unknown;
}

function counted(body: AsyncIterable<Uint8Array>, state: SourceState): Readable {
  async function* pass(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of body) {
        state.size += chunk.byteLength;
        yield chunk;
      }
    } catch (error) {
      state.failure = error ?? new Error('the source failed');
      throw error;
    }
  }
  return Readable.from(pass(), { objectMode: false });
}

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

export function putObject(request: PutRequest): ResultAsync<StoredFile, FileStoreError> {
  const { body } = request;
  const state: SourceState = { size: body instanceof Uint8Array ? body.byteLength : 0, failure: undefined };
  const stream = body instanceof Uint8Array ? undefined : counted(body, state);
  const upload = new Upload({
    client: request.client,
    params: {
      Bucket: request.bucket,
      Key: request.objectKey,
      Body: body instanceof Uint8Array ? body : stream,
      ContentType: request.contentType,
      Metadata: { [STORED_AT]: String(request.storedAt.getTime()) },
    },
    // The default, stated because whole-or-absent depends on it: a failed multipart upload is aborted.
    leavePartsOnError: false,
  });
  return ResultAsync.fromPromise(upload.done(), (error) => error).orElse((error) => {
    // Upload stops reading when a request fails; ending the source lets the caller's generator run its `finally`.
    stream?.destroy();
    // When the source failed, Upload has already aborted the multipart upload (if the abort itself failed, the
    // parts linger unseen until the bucket's lifecycle rule removes them; the key is unchanged either way).
    if (state.failure !== undefined) return errAsync<never, FileStoreError>({ type: 'FileSourceFailed', message: oneLine(state.failure) });
    return errAsync<never, FileStoreError>(storeUnavailable(request.where, error));
  }).andThen(() => okAsync({ key: request.key, size: state.size, contentType: request.contentType, storedAt: request.storedAt }));
}
