/**
 * The fake's S3: the presigned PUTs Gumroad hands out. A multipart part answers with its ETag; a direct upload must
 * carry the `Content-Type` and `Content-MD5` it was signed for, and bytes matching them. Like S3, a presigned URL
 * refuses a request that also carries an `Authorization` header, and errors are XML documents.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from './fake-context.js';
import { md5Base64, md5Hex } from './fake-store.js';

function s3Error(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/xml')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

const bodyBytes = (request: FastifyRequest): Uint8Array => (request.body instanceof Uint8Array ? request.body : new Uint8Array());

const query = (request: FastifyRequest): URLSearchParams => new URL(request.url, 'http://fake.invalid').searchParams;

const twoAuths = (reply: FastifyReply): FastifyReply =>
  s3Error(reply, 400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified');

export function storageRoutes(app: FastifyInstance, ctx: FakeContext): void {
  const { store } = ctx;

  app.put('/s3/gumroad/*', async (request, reply) => {
    if (request.headers.authorization !== undefined) return twoAuths(reply);
    const search = query(request);
    const upload = store.uploads.get(search.get('uploadId') ?? '');
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (upload === undefined || upload.key !== key) return s3Error(reply, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    if (search.get('X-Amz-Signature') !== upload.signature) {
      return s3Error(reply, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    const partNumber = Number(search.get('partNumber'));
    const bytes = bodyBytes(request);
    const etag = `"${md5Hex(bytes)}"`;
    upload.parts.set(partNumber, { bytes, etag });
    return reply.code(200).header('etag', etag).send('');
  });

  app.put('/s3/gumroad-blobs/:key', async (request, reply) => {
    if (request.headers.authorization !== undefined) return twoAuths(reply);
    const blob = store.blobs.get((request.params as { key?: string }).key ?? '');
    if (blob === undefined || query(request).get('X-Amz-Signature') !== blob.signature) {
      return s3Error(reply, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    const bytes = bodyBytes(request);
    // Content-Type, Content-MD5 and the length were signed into the URL: a different one is another signature.
    if (request.headers['content-type'] !== blob.contentType || request.headers['content-md5'] !== blob.checksum || bytes.length !== blob.byteSize) {
      return s3Error(reply, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    if (md5Base64(bytes) !== blob.checksum) return s3Error(reply, 400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    blob.bytes = bytes;
    return reply.code(200).header('etag', `"${md5Hex(bytes)}"`).send('');
  });
}
