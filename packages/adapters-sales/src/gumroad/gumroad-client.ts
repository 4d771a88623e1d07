/**
 * A small Gumroad API v2 client: one function per remote operation, each one HTTP attempt through `send()`. Paths and
 * parameters follow antiwork/gumroad `config/routes.rb` (the `api_routes` `v2` scope, mounted at the root of
 * api.gumroad.com and under `/api` of gumroad.com). The token travels as `Authorization: Bearer` (Doorkeeper also
 * takes an `access_token` parameter, which would put it in URLs and logs). Bodies are JSON: Rails reads them like a
 * form, and JSON keeps the arrays (`tags`, `files`, `parts`) in their shape.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { CallGate, ChannelFailure } from '@larder/domain';
import { gatedSend } from '../shared/platform-http.js';
import { readAnswer, unexpected, type JsonObject } from './gumroad-answers.js';
import { putDirectUpload, putUploadPart } from './gumroad-storage.js';
import {
  readCovers,
  readDirectUpload,
  readFileIdMappings,
  readFileUrl,
  readPresignedUpload,
  readProductOf,
  readProductPage,
  readResourceSubscriptionOf,
  readResourceSubscriptions,
  readSaleOf,
  readSalePage,
  readUser,
} from './gumroad-read.js';
import type {
  GumroadBlobRequest,
  GumroadCovers,
  GumroadCreateProduct,
  GumroadDirectUpload,
  GumroadFileEntry,
  GumroadFilesSaved,
  GumroadPresignedUpload,
  GumroadProduct,
  GumroadProductPage,
  GumroadResourceSubscription,
  GumroadSale,
  GumroadSalePage,
  GumroadSaleResource,
  GumroadUpdateProduct,
  GumroadUploadedPart,
  GumroadUser,
} from './gumroad-types.js';

export const DEFAULT_GUMROAD_API_URL = 'https://api.gumroad.com';

export interface GumroadClientSettings {
  /** Where Gumroad's API is: `https://api.gumroad.com` (`GUMROAD_API_URL`), or a fake's URL. */
  readonly apiUrl?: string;
  readonly fetch?: typeof fetch;
  /** Deadline of one request (default: `send()`'s 60 s, long enough for a 20 MB upload over a slow link). */
  readonly timeoutMs?: number;
  /** How each API request is made (the job runner's pacing); at once without it. Not the S3 PUTs: they are S3's. */
  readonly calls?: CallGate;
}

export interface GumroadClient {
  getUser(token: string): ResultAsync<GumroadUser, ChannelFailure>;
  listProducts(token: string, pageKey: string | null): ResultAsync<GumroadProductPage, ChannelFailure>;
  getProduct(token: string, productId: string): ResultAsync<GumroadProduct, ChannelFailure>;
  createProduct(token: string, product: GumroadCreateProduct): ResultAsync<GumroadProduct, ChannelFailure>;
  updateProduct(token: string, productId: string, changes: GumroadUpdateProduct): ResultAsync<GumroadProduct, ChannelFailure>;
  /** Replaces the product's files with `files` (see `GumroadFileEntry`). */
  saveFiles(token: string, productId: string, files: readonly GumroadFileEntry[]): ResultAsync<GumroadFilesSaved, ChannelFailure>;
  enableProduct(token: string, productId: string): ResultAsync<GumroadProduct, ChannelFailure>;
  disableProduct(token: string, productId: string): ResultAsync<GumroadProduct, ChannelFailure>;
  presignFile(token: string, filename: string, fileSize: number): ResultAsync<GumroadPresignedUpload, ChannelFailure>;
  /** Finishes a multipart upload; the file's canonical URL, to attach with `saveFiles`. */
  completeFile(token: string, upload: GumroadPresignedUpload, parts: readonly GumroadUploadedPart[]): ResultAsync<string, ChannelFailure>;
  createDirectUpload(token: string, blob: GumroadBlobRequest): ResultAsync<GumroadDirectUpload, ChannelFailure>;
  addCover(token: string, productId: string, signedBlobId: string): ResultAsync<GumroadCovers, ChannelFailure>;
  deleteCover(token: string, productId: string, coverId: string): ResultAsync<GumroadCovers, ChannelFailure>;
  /** `GET /v2/sales/:id` (scope `view_sales`); a sale the account does not have is `ChannelRejected` `not_found`. */
  getSale(token: string, saleId: string): ResultAsync<GumroadSale, ChannelFailure>;
  /** `GET /v2/sales?after=YYYY-MM-DD&page_key=…`: sales created on or after that day, newest first. */
  listSales(token: string, query: { readonly after: string; readonly pageKey: string | null }): ResultAsync<GumroadSalePage, ChannelFailure>;
  /** `GET /v2/resource_subscriptions?resource_name=…`, those this OAuth application made. */
  listResourceSubscriptions(token: string, resourceName: GumroadSaleResource): ResultAsync<GumroadResourceSubscription[], ChannelFailure>;
  /** `PUT /v2/resource_subscriptions` `{ resource_name, post_url }`: Gumroad makes a new one each time it is asked. */
  createResourceSubscription(token: string, resourceName: GumroadSaleResource, postUrl: string): ResultAsync<GumroadResourceSubscription, ChannelFailure>;
  /** `DELETE /v2/resource_subscriptions/:id`; one Gumroad does not have is `ChannelRejected` `not_found`. */
  deleteResourceSubscription(token: string, subscriptionId: string): ResultAsync<void, ChannelFailure>;
  /** PUTs one part to the presigned URL `presignFile` gave (to S3, without the token); the part's ETag. */
  putFilePart(presignedUrl: string, bytes: Uint8Array): ResultAsync<string, ChannelFailure>;
  /** PUTs an image's bytes where `createDirectUpload` said, with the headers it gave (to S3, without the token). */
  putBlob(upload: GumroadDirectUpload, bytes: Uint8Array): ResultAsync<void, ChannelFailure>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function gumroadClient(settings: GumroadClientSettings = {}): GumroadClient {
  const base = (settings.apiUrl ?? DEFAULT_GUMROAD_API_URL).replace(/\/+$/, '');
  const fetchImpl = settings.fetch ?? fetch;
  const timeout = settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs };
  const storage = { fetch: fetchImpl, ...timeout };

  function call(token: string, method: Method, path: string, body?: unknown): ResultAsync<JsonObject, ChannelFailure> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = { method, url: `${base}/v2${path}`, headers, ...timeout, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    return gatedSend(request, fetchImpl, settings.calls).andThen((answer) => {
      const read = readAnswer(answer);
      return read.ok ? okAsync(read.body) : errAsync(read.failure);
    });
  }

  /** A successful answer read into its shape; an answer without it is `ChannelUnavailable`. */
  const expect = <T>(answer: ResultAsync<JsonObject, ChannelFailure>, read: (body: JsonObject) => T | null, what: string) =>
    answer.andThen((body) => {
      const value = read(body);
      return value === null ? errAsync<T, ChannelFailure>(unexpected(`had no ${what}`)) : okAsync<T, ChannelFailure>(value);
    });

  const product = (id: string, suffix = ''): string => `/products/${encodeURIComponent(id)}${suffix}`;

  return {
    getUser: (token) => expect(call(token, 'GET', '/user'), readUser, 'user'),
    listProducts: (token, pageKey) =>
      expect(call(token, 'GET', pageKey === null ? '/products' : `/products?page_key=${encodeURIComponent(pageKey)}`), readProductPage, 'products'),
    getProduct: (token, id) => expect(call(token, 'GET', product(id)), readProductOf, 'product'),
    createProduct: (token, body) => expect(call(token, 'POST', '/products', body), readProductOf, 'product'),
    updateProduct: (token, id, changes) => expect(call(token, 'PUT', product(id), changes), readProductOf, 'product'),
    saveFiles: (token, id, files) =>
      expect(
        call(token, 'PUT', product(id), { files }),
        (body) => {
          const saved = readProductOf(body);
          return saved === null ? null : { product: saved, fileIdMappings: readFileIdMappings(body) };
        },
        'product',
      ),
    enableProduct: (token, id) => expect(call(token, 'PUT', product(id, '/enable')), readProductOf, 'product'),
    disableProduct: (token, id) => expect(call(token, 'PUT', product(id, '/disable')), readProductOf, 'product'),
    presignFile: (token, filename, fileSize) =>
      expect(call(token, 'POST', '/files/presign', { filename, file_size: fileSize }), readPresignedUpload, 'upload'),
    completeFile: (token, upload, parts) =>
      expect(call(token, 'POST', '/files/complete', { upload_id: upload.upload_id, key: upload.key, parts }), readFileUrl, 'file_url'),
    createDirectUpload: (token, blob) => expect(call(token, 'POST', '/direct_uploads', { blob }), readDirectUpload, 'direct upload'),
    addCover: (token, id, signedBlobId) => expect(call(token, 'POST', product(id, '/covers'), { signed_blob_id: signedBlobId }), readCovers, 'covers'),
    deleteCover: (token, id, coverId) => expect(call(token, 'DELETE', product(id, `/covers/${encodeURIComponent(coverId)}`)), readCovers, 'covers'),
    getSale: (token, id) => expect(call(token, 'GET', `/sales/${encodeURIComponent(id)}`), readSaleOf, 'sale'),
    listSales: (token, query) => {
      const search = new URLSearchParams({ after: query.after });
      if (query.pageKey !== null) search.set('page_key', query.pageKey);
      return expect(call(token, 'GET', `/sales?${search.toString()}`), readSalePage, 'sales');
    },
    // `current_oauth_application_only`: another application's subscriptions are not ours to keep or delete (Gumroad
    // refuses to delete them: "The resource_subscription was not found."). Versions without the flag ignore it.
    listResourceSubscriptions: (token, resourceName) =>
      expect(
        call(token, 'GET', `/resource_subscriptions?${new URLSearchParams({ resource_name: resourceName, current_oauth_application_only: 'true' }).toString()}`),
        readResourceSubscriptions,
        'resource_subscriptions',
      ),
    createResourceSubscription: (token, resourceName, postUrl) =>
      expect(call(token, 'PUT', '/resource_subscriptions', { resource_name: resourceName, post_url: postUrl }), readResourceSubscriptionOf, 'resource_subscription'),
    deleteResourceSubscription: (token, id) => call(token, 'DELETE', `/resource_subscriptions/${encodeURIComponent(id)}`).map(() => undefined),
    putFilePart: (presignedUrl, bytes) => putUploadPart(presignedUrl, bytes, storage),
    putBlob: (upload, bytes) => putDirectUpload(upload.direct_upload.url, upload.direct_upload.headers, bytes, storage),
  };
}
