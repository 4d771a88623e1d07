/**
 * A small client of Etsy Open API v3: one function per remote operation, named after its `operationId` in Etsy's
 * OpenAPI document, each one HTTP attempt through `send()`. Every request carries `x-api-key: keystring:shared_secret`
 * (required since February 2026) and, where the operation needs OAuth, `Authorization: Bearer <access_token>`.
 * Writes are application/x-www-form-urlencoded, uploads multipart/form-data, the inventory JSON: as the spec says.
 */
import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CallGate, Clock, ListingFile, RateBudget } from '@larder/domain';
import { refusalOf, send, type PlatformAnswer, type PlatformRequest } from '../shared/platform-http.js';
import { apiFailure, budgetOf, jsonOf, tokenFailure, type EtsyFailure } from './etsy-answers.js';
import type {
  EtsyDraftListingFields,
  EtsyInventoryUpdate,
  EtsyListing,
  EtsyListingChanges,
  EtsyListingFile,
  EtsyListingFiles,
  EtsyListingImage,
  EtsyListingPage,
  EtsyReceipt,
  EtsyReceiptPage,
  EtsyReceiptQuery,
  EtsyReceiptTransaction,
  EtsySelf,
  EtsyShop,
  EtsyTokenResponse,
} from './etsy-types.js';

export const ETSY_API_URL = 'https://api.etsy.com';

export interface EtsyClientOptions {
  readonly apiUrl: string;
  /** The app's keystring (also its OAuth `client_id`). */
  readonly apiKey: string;
  readonly sharedSecret: string;
  readonly fetch?: typeof fetch;
  readonly clock?: Clock;
  readonly timeoutMs?: number;
  /** Hears the budget headers of every answer that has them. */
  readonly onBudget?: (budget: RateBudget) => void;
  /** How each request is made (the job runner's pacing); at once without it. */
  readonly calls?: CallGate;
}

export type EtsyClient = ReturnType<typeof etsyClient>;

export function etsyClient(options: EtsyClientOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const now = (): Date => options.clock?.now() ?? new Date();
  const apiKeyHeader = options.sharedSecret === '' ? options.apiKey : `${options.apiKey}:${options.sharedSecret}`;

  const call = (
    method: PlatformRequest['method'],
    path: string,
    token: string | null,
    body?: PlatformRequest['body'],
    contentType?: string,
  ): ResultAsync<PlatformAnswer, EtsyFailure> => {
    const headers: Record<string, string> = { 'x-api-key': apiKeyHeader, accept: 'application/json' };
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    if (contentType !== undefined) headers['content-type'] = contentType;
    // The budget is heard on every answer, refused ones too, before the gate decides whether to ask again.
    const attempt = () =>
      send({ method, url: `${base}${path}`, headers, body, timeoutMs: options.timeoutMs }, options.fetch).map((answer) => {
        const budget = budgetOf(answer.headers);
        if (budget !== null) options.onBudget?.(budget);
        return answer;
      });
    return options.calls === undefined ? attempt() : options.calls(attempt, refusalOf);
  };
  const form = (fields: Record<string, string>): URLSearchParams => new URLSearchParams(fields);
  const FORM = 'application/x-www-form-urlencoded; charset=utf-8';
  const json = <T>(answer: ResultAsync<PlatformAnswer, EtsyFailure>, expected?: number[]) =>
    answer.andThen((reply) => jsonOf<T>(reply, now(), expected));

  const shopListing = (shopId: number, listingId: string | number) =>
    `/v3/application/shops/${shopId}/listings/${encodeURIComponent(String(listingId))}`;

  return {
    /** `POST /v3/public/oauth/token`, either grant (Authentication: "Requesting an OAuth Token", "... Refresh"). */
    requestToken(fields: Record<string, string>): ResultAsync<EtsyTokenResponse, EtsyFailure> {
      const body = form({ ...fields, client_id: options.apiKey });
      return call('POST', '/v3/public/oauth/token', null, body, FORM).andThen(
        (answer): Result<EtsyTokenResponse, EtsyFailure> =>
          answer.status === 200 ? jsonOf<EtsyTokenResponse>(answer, now()) : err(tokenFailure(answer, now())),
      );
    },
    /** `getMe`: `GET /v3/application/users/me` (scope shops_r). */
    getMe: (token: string) => json<EtsySelf>(call('GET', '/v3/application/users/me', token)),
    /** `getShop`: `GET /v3/application/shops/{shop_id}`. */
    getShop: (token: string, shopId: number) => json<EtsyShop>(call('GET', `/v3/application/shops/${shopId}`, token)),
    /** `createDraftListing`: `POST /v3/application/shops/{shop_id}/listings` (listings_w), answers 201. */
    createDraftListing(token: string, shopId: number, fields: EtsyDraftListingFields) {
      const body = form({
        quantity: String(fields.quantity),
        title: fields.title,
        description: fields.description,
        price: String(fields.price),
        who_made: fields.who_made,
        when_made: fields.when_made,
        taxonomy_id: String(fields.taxonomy_id),
        is_supply: String(fields.is_supply),
        type: fields.type,
        tags: fields.tags.join(','),
      });
      return json<EtsyListing>(call('POST', `/v3/application/shops/${shopId}/listings`, token, body, FORM), [201, 200]);
    },
    /** `getListingsByShop`: `GET /v3/application/shops/{shop_id}/listings?state&limit&offset` (listings_r). */
    getListingsByShop(token: string, shopId: number, query: { state: string; limit: number; offset: number }) {
      const search = new URLSearchParams({ state: query.state, limit: String(query.limit), offset: String(query.offset) });
      return json<EtsyListingPage>(call('GET', `/v3/application/shops/${shopId}/listings?${search.toString()}`, token));
    },
    /** `getListing`: `GET /v3/application/listings/{listing_id}`. */
    getListing: (token: string, listingId: string) =>
      json<EtsyListing>(call('GET', `/v3/application/listings/${encodeURIComponent(listingId)}`, token)),
    /** `updateListing`: `PATCH /v3/application/shops/{shop_id}/listings/{listing_id}` (listings_w). */
    updateListing(token: string, shopId: number, listingId: string, changes: EtsyListingChanges) {
      const fields: Record<string, string> = {};
      if (changes.title !== undefined) fields['title'] = changes.title;
      if (changes.description !== undefined) fields['description'] = changes.description;
      if (changes.tags !== undefined) fields['tags'] = changes.tags.join(',');
      if (changes.state !== undefined) fields['state'] = changes.state;
      return json<EtsyListing>(call('PATCH', shopListing(shopId, listingId), token, form(fields), FORM));
    },
    /** `updateListingInventory`: `PUT /v3/application/listings/{listing_id}/inventory` (JSON; the way v3 changes a price). */
    updateListingInventory(token: string, listingId: string, update: EtsyInventoryUpdate) {
      const path = `/v3/application/listings/${encodeURIComponent(listingId)}/inventory`;
      return json<unknown>(call('PUT', path, token, JSON.stringify(update), 'application/json'));
    },
    /** `uploadListingFile`: multipart `file` and `name`, answers 201 `ShopListingFile`. */
    uploadListingFile(token: string, shopId: number, listingId: string, file: ListingFile) {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.name);
      body.append('name', file.name);
      return json<EtsyListingFile>(call('POST', `${shopListing(shopId, listingId)}/files`, token, body), [201, 200]);
    },
    /** `getAllListingFiles`: `GET .../listings/{listing_id}/files`. */
    getAllListingFiles: (token: string, shopId: number, listingId: string) =>
      json<EtsyListingFiles>(call('GET', `${shopListing(shopId, listingId)}/files`, token)),
    /** `deleteListingFile`: `DELETE .../files/{listing_file_id}`, answers 204. */
    deleteListingFile(token: string, shopId: number, listingId: string, fileId: string) {
      const path = `${shopListing(shopId, listingId)}/files/${encodeURIComponent(fileId)}`;
      return call('DELETE', path, token).andThen(
        (answer): Result<void, EtsyFailure> =>
          answer.status === 204 || answer.status === 200 ? ok(undefined) : err(apiFailure(answer, now())),
      );
    },
    /** `getShopReceipts`: `GET /v3/application/shops/{shop_id}/receipts?min_last_modified&sort_on&sort_order&limit&offset` (transactions_r). */
    getShopReceipts(token: string, shopId: number, query: EtsyReceiptQuery) {
      const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
      return json<EtsyReceiptPage>(call('GET', `/v3/application/shops/${shopId}/receipts?${search.toString()}`, token));
    },
    /** `getShopReceipt`: `GET /v3/application/shops/{shop_id}/receipts/{receipt_id}` (transactions_r). */
    getShopReceipt: (token: string, shopId: number, receiptId: number) =>
      json<EtsyReceipt>(call('GET', `/v3/application/shops/${shopId}/receipts/${receiptId}`, token)),
    /** `getShopReceiptTransaction`: `GET /v3/application/shops/{shop_id}/transactions/{transaction_id}` (transactions_r). */
    getShopReceiptTransaction: (token: string, shopId: number, transactionId: string) =>
      json<EtsyReceiptTransaction>(call('GET', `/v3/application/shops/${shopId}/transactions/${encodeURIComponent(transactionId)}`, token)),
    /** `uploadListingImage`: multipart `image`, `rank`, `overwrite` (true replaces the image at that rank). */
    uploadListingImage(token: string, shopId: number, listingId: string, image: ListingFile, place: { rank: number; overwrite: boolean }) {
      const body = new FormData();
      body.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.contentType }), image.name);
      body.append('rank', String(place.rank));
      body.append('overwrite', String(place.overwrite));
      return json<EtsyListingImage>(call('POST', `${shopListing(shopId, listingId)}/images`, token, body), [201, 200]);
    },
  };
}
