/**
 * The fake's upload endpoints, after `Api::V2::FilesController` (presign, complete, abort of an S3 multipart upload),
 * `Api::V2::DirectUploadsController` (an ActiveStorage blob for an image) and `Api::V2::CoversController` (attach a
 * blob as a cover, delete a cover). The bytes themselves go to the fake's S3 (`fake-storage-routes.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, paramsOf, PRODUCT_NOT_FOUND, refusal, type FakeContext } from './fake-context.js';
import { coverJson } from './fake-json.js';
import { hex, type StoredProduct } from './fake-store.js';
import { paramInteger, paramObject, paramText, type ParamValue } from './rails-params.js';

/** `Link::MAX_PREVIEW_COUNT`. */
const MAX_COVERS = 8;
const IMAGE_TYPES = /^(?:image\/(?:jpeg|jpg|png|gif)|video\/[a-z0-9.+-]+)$/i;

/** `ActiveStorage::Filename#sanitized`: no path separators or reserved characters. */
const sanitizeFilename = (name: string): string =>
  [...name].map((char) => (char.charCodeAt(0) < 32 || '/\\:*?"<>|'.includes(char) ? '-' : char)).join('').trim();

const gigabytes = (bytes: number): string =>
  bytes % 1024 ** 3 === 0 ? `${bytes / 1024 ** 3} GB` : `${bytes} bytes`;

export function uploadRoutes(app: FastifyInstance, ctx: FakeContext): void {
  const { store } = ctx;
  const keyPrefix = (): string => `attachments/${store.seller.id}/`;

  app.post('/v2/files/presign', async (request, reply) => {
    const params = paramsOf(request);
    const filename = sanitizeFilename(paramText(params['filename']) ?? '');
    if (filename === '') return reply.code(400).send(badRequest('filename is required'));
    const fileSize = paramInteger(params['file_size'], 0) ?? 0;
    if (fileSize <= 0) return reply.code(400).send(badRequest('file_size is required'));
    if (fileSize > ctx.maxFileSize) return reply.code(400).send(badRequest(`file_size exceeds the ${gigabytes(ctx.maxFileSize)} maximum`));
    const key = `${keyPrefix()}${hex()}/original/${filename}`;
    const upload = { uploadId: hex(24), key, signature: hex(32), parts: new Map<number, { bytes: Uint8Array; etag: string }>() };
    store.uploads.set(upload.uploadId, upload);
    const path = key.split('/').map(encodeURIComponent).join('/');
    const parts = Array.from({ length: Math.ceil(fileSize / ctx.partSize) }, (_, index) => ({
      part_number: index + 1,
      presigned_url: `${ctx.base()}/s3/gumroad/${path}?partNumber=${index + 1}&uploadId=${upload.uploadId}&X-Amz-Expires=900&X-Amz-Signature=${upload.signature}`,
    }));
    return { success: true, upload_id: upload.uploadId, key, file_url: `${ctx.s3Base()}${key}`, parts };
  });

  app.post('/v2/files/complete', async (request, reply) => {
    const params = paramsOf(request);
    const uploadId = paramText(params['upload_id']) ?? '';
    const key = paramText(params['key']) ?? '';
    const sentParts: ParamValue[] = Array.isArray(params['parts']) ? params['parts'] : [];
    if (uploadId === '') return reply.code(400).send(badRequest('upload_id is required'));
    if (key === '') return reply.code(400).send(badRequest('key is required'));
    if (sentParts.length === 0) return reply.code(400).send(badRequest('parts is required'));
    if (!key.startsWith(keyPrefix())) return reply.code(400).send(badRequest('invalid key'));
    const upload = store.uploads.get(uploadId);
    if (upload === undefined || upload.key !== key) return reply.code(400).send(badRequest('The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.'));
    const chunks: Uint8Array[] = [];
    for (const sent of sentParts) {
      const part = paramObject(sent);
      const stored = upload.parts.get(paramInteger(part?.['part_number'], -1) ?? -1);
      if (stored === undefined || stored.etag !== paramText(part?.['etag'])) {
        return reply.code(400).send(badRequest("One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not have matched the part's entity tag."));
      }
      chunks.push(stored.bytes);
    }
    store.objects.set(key, Buffer.concat(chunks));
    store.uploads.delete(uploadId);
    return { success: true, file_url: `${ctx.s3Base()}${key}` };
  });

  app.post('/v2/files/abort', async (request, reply) => {
    const params = paramsOf(request);
    const uploadId = paramText(params['upload_id']) ?? '';
    const key = paramText(params['key']) ?? '';
    if (uploadId === '') return reply.code(400).send(badRequest('upload_id is required'));
    if (key === '') return reply.code(400).send(badRequest('key is required'));
    if (!key.startsWith(keyPrefix())) return reply.code(400).send(badRequest('invalid key'));
    return { success: true, status: store.uploads.delete(uploadId) ? 'accepted' : 'already_gone' };
  });

  app.post('/v2/direct_uploads', async (request, reply) => {
    const blob = paramObject(paramsOf(request)['blob']);
    if (blob === null) return reply.code(400).send(badRequest('param is missing or the value is empty: blob'));
    const missing = (['filename', 'byte_size', 'checksum'] as const).find((key) => !(key in blob));
    if (missing !== undefined) return reply.code(400).send(badRequest(`${missing} is required`));
    const contentType = paramText(blob['content_type']) ?? '';
    if (!IMAGE_TYPES.test(contentType)) return reply.code(400).send(badRequest('content_type must be JPEG, PNG, GIF, or video.'));
    const checksum = paramText(blob['checksum']) ?? '';
    if (checksum === '') return reply.code(400).send(badRequest("Checksum can't be blank"));
    const filename = paramText(blob['filename']) ?? '';
    const byteSize = paramInteger(blob['byte_size'], 0) ?? 0;
    const key = hex(14);
    const stored = { key, signedId: `${Buffer.from(key).toString('base64')}--${hex(20)}`, signature: hex(32), filename, byteSize, checksum, contentType, bytes: null };
    store.blobs.set(key, stored);
    return {
      id: store.blobs.size,
      key,
      filename,
      content_type: contentType,
      metadata: {},
      service_name: 'amazon',
      byte_size: byteSize,
      checksum,
      created_at: new Date().toISOString(),
      signed_id: stored.signedId,
      direct_upload: {
        url: `${ctx.base()}/s3/gumroad-blobs/${key}?X-Amz-Expires=300&X-Amz-Signature=${stored.signature}`,
        headers: { 'Content-Type': contentType, 'Content-MD5': checksum },
      },
    };
  });

  const covers = (product: StoredProduct) => ({
    success: true,
    covers: product.covers.map((cover) => coverJson(ctx.base(), cover)),
    main_cover_id: product.covers[0]?.id ?? null,
  });
  const productOf = (params: unknown): StoredProduct | undefined =>
    typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string' ? store.product(params.id) : undefined;

  app.post('/v2/products/:id/covers', async (request) => {
    const product = productOf(request.params);
    if (product === undefined) return PRODUCT_NOT_FOUND;
    const params = paramsOf(request);
    const signedId = paramText(params['signed_blob_id']) ?? '';
    // The fake cannot fetch a remote image; Gumroad rescues a failed download with the same words.
    if (signedId === '') return refusal(paramText(params['url']) ? 'Could not process your cover, please try again.' : 'Please provide a signed_blob_id or url.');
    const blob = [...store.blobs.values()].find((candidate) => candidate.signedId === signedId);
    if (blob === undefined) return refusal('The signed_blob_id is invalid or expired.');
    if (blob.bytes === null) return refusal('Could not process your cover, please try again.');
    if (product.covers.length >= MAX_COVERS) {
      return refusal(`Sorry, we have a limit of ${MAX_COVERS} previews. Please delete an existing one before adding another.`);
    }
    product.covers.push({ id: hex(), key: blob.key, contentType: blob.contentType, bytes: blob.bytes });
    return covers(product);
  });

  app.delete('/v2/products/:id/covers/:coverId', async (request) => {
    const product = productOf(request.params);
    if (product === undefined) return PRODUCT_NOT_FOUND;
    const { coverId } = request.params as { coverId?: string };
    const index = product.covers.findIndex((cover) => cover.id === coverId);
    if (index === -1) return refusal('The cover was not found.');
    product.covers.splice(index, 1);
    return covers(product);
  });
}
