/**
 * The checks Gumroad makes on a product write that matter to a listing, with Gumroad's words: the parameters
 * `Api::V2::LinksController#create`/`#update` refuse before saving, and the `Link` model's validations (name present
 * and at most 255 characters, permalink format and uniqueness, price zero or at least the currency's minimum).
 */
import { CURRENCIES, formatMoney, toSentence } from './fake-json.js';
import type { FakeGumroadStore, StoredProduct } from './fake-store.js';
import { paramInteger, paramText, type Params } from './rails-params.js';

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

export interface ProductChanges {
  name?: string;
  description?: string;
  customPermalink?: string | null;
  priceCents?: number;
  currency?: string;
  tags?: string[];
}

const refuse = <T>(message: string): Outcome<T> => ({ ok: false, message });

/** `reject_unsupported_upload_fields`: bytes are never taken here. */
function unsupportedUpload(params: Params, action: 'create' | 'update'): string | null {
  const field = (['file', 'preview', 'thumbnail'] as const).find((key) => params[key] !== undefined && params[key] !== '' && params[key] !== null);
  if (field === undefined) return null;
  const verbPath = action === 'create' ? 'POST /v2/products' : 'PUT /v2/products/:id';
  const guidance =
    field === 'file'
      ? 'Upload files with the presign flow (POST /v2/files/presign, upload parts to the returned S3 URLs, then POST /v2/files/complete), then attach them by including the returned URLs in files[][url].'
      : `Use POST /v2/products/:id/${field === 'preview' ? 'covers' : 'thumbnail'} with a signed_blob_id.`;
  return `'${field}' is not an accepted parameter on ${verbPath}. ${guidance}`;
}

/** The changes a create or update asks for, or the first parameter Gumroad refuses before touching the product. */
export function readChanges(params: Params, action: 'create' | 'update'): Outcome<ProductChanges> {
  const unsupported = unsupportedUpload(params, action);
  if (unsupported !== null) return refuse(unsupported);
  const changes: ProductChanges = {};
  if ('price_currency_type' in params) {
    const sent = paramText(params['price_currency_type']) ?? '';
    const currency = sent.trim().toLowerCase();
    if (CURRENCIES[currency] === undefined) return refuse(`'${sent}' is not a supported currency.`);
    changes.currency = currency;
  }
  if ('tags' in params) {
    const tags = params['tags'];
    if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) return refuse('tags must be an array of strings.');
    changes.tags = tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '');
  }
  if ('name' in params) changes.name = paramText(params['name']) ?? '';
  if ('description' in params) changes.description = paramText(params['description']) ?? '';
  if ('custom_permalink' in params) changes.customPermalink = paramText(params['custom_permalink']);
  if ('price' in params) {
    const price = paramInteger(params['price'], null);
    if (price === null) return refuse('One or more numeric values are out of range.');
    changes.priceCents = price;
  }
  return { ok: true, value: changes };
}

/** The model's validations on the product as it would be saved; Gumroad joins them into one sentence. */
export function productErrors(store: FakeGumroadStore, product: StoredProduct): string[] {
  const errors: string[] = [];
  if (product.name.trim() === '') errors.push("Name can't be blank");
  else if (product.name.length > 255) errors.push('Name is too long (maximum is 255 characters)');
  const permalink = product.customPermalink;
  if (permalink !== null && permalink !== '') {
    const others = store.products.filter((other) => other.id !== product.id && !other.deleted);
    const taken = others.some(
      (other) => other.customPermalink?.toLowerCase() === permalink.toLowerCase() || other.uniquePermalink === permalink,
    );
    if (!/^[a-zA-Z0-9_-]+$/.test(permalink)) errors.push('Custom permalink is invalid');
    else if (taken) errors.push('Custom permalink has already been taken');
  }
  const minimum = CURRENCIES[product.currency]?.minPrice ?? 99;
  if (product.priceCents !== 0 && product.priceCents < minimum) {
    errors.push(`Sorry, a product must be at least ${formatMoney(minimum, product.currency)}.`);
  }
  return errors;
}

/** Applies `changes` to a copy of `product`; the copy, or Gumroad's sentence of what is wrong with it. */
export function changedProduct(store: FakeGumroadStore, product: StoredProduct, changes: ProductChanges): Outcome<StoredProduct> {
  const candidate: StoredProduct = { ...product, files: [...product.files], covers: [...product.covers] };
  if (changes.name !== undefined) candidate.name = changes.name;
  if (changes.description !== undefined) candidate.description = changes.description;
  if (changes.customPermalink !== undefined) candidate.customPermalink = changes.customPermalink === '' ? null : changes.customPermalink;
  if (changes.currency !== undefined) candidate.currency = changes.currency;
  if (changes.priceCents !== undefined) candidate.priceCents = changes.priceCents;
  if (changes.tags !== undefined) candidate.tags = changes.tags;
  const errors = productErrors(store, candidate);
  return errors.length === 0 ? { ok: true, value: candidate } : refuse(toSentence(errors));
}
