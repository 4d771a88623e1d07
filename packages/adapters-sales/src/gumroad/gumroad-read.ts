/**
 * Reads Gumroad's answers into the typed shapes of `gumroad-types.ts`, checking only what the adapter relies on.
 * Each reader gives null when the answer lacks what it needs; the client turns that into `ChannelUnavailable`.
 */
import { isObject, type JsonObject } from './gumroad-answers.js';
import type {
  GumroadCover,
  GumroadCovers,
  GumroadDirectUpload,
  GumroadPresignedUpload,
  GumroadProduct,
  GumroadProductFile,
  GumroadProductPage,
  GumroadResourceSubscription,
  GumroadSale,
  GumroadSalePage,
  GumroadUser,
} from './gumroad-types.js';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function list<T>(value: unknown, read: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const items = value.map(read);
  return items.every((item): item is T => item !== null) ? items : null;
}

export function readUser(body: JsonObject): GumroadUser | null {
  const user = body['user'];
  if (!isObject(user)) return null;
  const id = text(user['id']);
  if (id === null) return null;
  return { id, name: text(user['name']), email: text(user['email']), url: text(user['url']) };
}

function readFile(value: unknown): GumroadProductFile | null {
  const id = isObject(value) ? text(value['id']) : null;
  return isObject(value) && id !== null ? { id, name: text(value['name']), size: count(value['size']) } : null;
}

function readCover(value: unknown): GumroadCover | null {
  const id = isObject(value) ? text(value['id']) : null;
  return isObject(value) && id !== null ? { id, url: text(value['url']) } : null;
}

export function readProduct(value: unknown): GumroadProduct | null {
  if (!isObject(value)) return null;
  const id = text(value['id']);
  const shortUrl = text(value['short_url']);
  if (id === null || shortUrl === null || typeof value['published'] !== 'boolean') return null;
  const files = value['files'] === undefined ? undefined : list(value['files'], readFile);
  const covers = value['covers'] === undefined ? undefined : list(value['covers'], readCover);
  if (files === null || covers === null) return null;
  return {
    id,
    name: text(value['name']) ?? '',
    custom_permalink: text(value['custom_permalink']),
    price: count(value['price']) ?? 0,
    currency: text(value['currency']) ?? '',
    short_url: shortUrl,
    published: value['published'],
    ...(covers === undefined ? {} : { covers }),
    main_cover_id: text(value['main_cover_id']),
    ...(files === undefined ? {} : { files }),
  };
}

export const readProductOf = (body: JsonObject): GumroadProduct | null => readProduct(body['product']);

export function readProductPage(body: JsonObject): GumroadProductPage | null {
  const products = list(body['products'], readProduct);
  return products === null ? null : { products, next_page_key: text(body['next_page_key']) };
}

/** `file_id_mappings` of a files update: the ids Gumroad gave the new files, by the `external_id` we sent. */
export function readFileIdMappings(body: JsonObject): Record<string, string> {
  const mappings = body['file_id_mappings'];
  if (!isObject(mappings)) return {};
  const read: Record<string, string> = {};
  for (const [key, value] of Object.entries(mappings)) if (typeof value === 'string') read[key] = value;
  return read;
}

export function readPresignedUpload(body: JsonObject): GumroadPresignedUpload | null {
  const uploadId = text(body['upload_id']);
  const key = text(body['key']);
  const fileUrl = text(body['file_url']);
  const parts = list(body['parts'], (part) => {
    if (!isObject(part)) return null;
    const partNumber = count(part['part_number']);
    const url = text(part['presigned_url']);
    return partNumber === null || url === null ? null : { part_number: partNumber, presigned_url: url };
  });
  if (uploadId === null || key === null || fileUrl === null || parts === null || parts.length === 0) return null;
  return { upload_id: uploadId, key, file_url: fileUrl, parts };
}

export const readFileUrl = (body: JsonObject): string | null => text(body['file_url']);

export function readDirectUpload(body: JsonObject): GumroadDirectUpload | null {
  const signedId = text(body['signed_id']);
  const direct = body['direct_upload'];
  if (signedId === null || !isObject(direct)) return null;
  const url = text(direct['url']);
  const headers = isObject(direct['headers']) ? direct['headers'] : {};
  if (url === null) return null;
  const stringHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') stringHeaders[name] = value;
  return { signed_id: signedId, direct_upload: { url, headers: stringHeaders } };
}

export function readCovers(body: JsonObject): GumroadCovers | null {
  const covers = list(body['covers'], readCover);
  return covers === null ? null : { covers, main_cover_id: text(body['main_cover_id']) };
}

const flag = (value: unknown): boolean => value === true || value === 'true';

export function readSale(value: unknown): GumroadSale | null {
  if (!isObject(value)) return null;
  const id = text(value['id']);
  const createdAt = text(value['created_at']);
  const price = count(value['price']);
  if (id === null || createdAt === null || Number.isNaN(Date.parse(createdAt)) || price === null || !Number.isInteger(price)) return null;
  return {
    id,
    product_id: text(value['product_id']),
    created_at: createdAt,
    price,
    currency: text(value['currency']),
    refunded: flag(value['refunded']),
    partially_refunded: flag(value['partially_refunded']),
    amount_refundable_in_currency: text(value['amount_refundable_in_currency']),
    formatted_total_price: text(value['formatted_total_price']),
  };
}

export const readSaleOf = (body: JsonObject): GumroadSale | null => readSale(body['sale']);

export function readSalePage(body: JsonObject): GumroadSalePage | null {
  const sales = list(body['sales'], readSale);
  return sales === null ? null : { sales, next_page_key: text(body['next_page_key']) };
}

function readResourceSubscription(value: unknown): GumroadResourceSubscription | null {
  if (!isObject(value)) return null;
  const id = text(value['id']);
  const resourceName = text(value['resource_name']);
  const postUrl = text(value['post_url']);
  return id === null || resourceName === null || postUrl === null ? null : { id, resource_name: resourceName, post_url: postUrl };
}

export const readResourceSubscriptions = (body: JsonObject): GumroadResourceSubscription[] | null =>
  list(body['resource_subscriptions'], readResourceSubscription);

export const readResourceSubscriptionOf = (body: JsonObject): GumroadResourceSubscription | null =>
  readResourceSubscription(body['resource_subscription']);
