/**
 * The fake's answers in Gumroad's shapes: a product as `Product::AsJson#as_json_for_api` renders it (the slim form
 * for the index, with `files` for a single product), a cover as `AssetPreview#as_json`, the seller as
 * `User::AsJson` with an `edit_products` token, and the currency table of `config/currencies.json`.
 */
import { isPublished, type FakeGumroadStore, type StoredCover, type StoredProduct } from './fake-store.js';

/** `config/currencies.json`: the currencies Gumroad sells in, their smallest price, and their symbol. */
export const CURRENCIES: Readonly<Record<string, { readonly minPrice: number; readonly symbol: string }>> = {
  usd: { minPrice: 99, symbol: '$' },
  gbp: { minPrice: 59, symbol: '£' },
  eur: { minPrice: 79, symbol: '€' },
  jpy: { minPrice: 99, symbol: '¥' },
  inr: { minPrice: 7300, symbol: '₹' },
  aud: { minPrice: 99, symbol: 'A$' },
  cad: { minPrice: 99, symbol: 'CAD$' },
  hkd: { minPrice: 799, symbol: 'HK$' },
  sgd: { minPrice: 99, symbol: 'SGD$' },
  twd: { minPrice: 2999, symbol: 'NT$' },
  nzd: { minPrice: 99, symbol: 'NZ$' },
  brl: { minPrice: 533, symbol: 'R$' },
  zar: { minPrice: 1300, symbol: 'ZAR' },
  chf: { minPrice: 100, symbol: 'CHF' },
  ils: { minPrice: 700, symbol: '₪' },
  php: { minPrice: 4500, symbol: '₱' },
  krw: { minPrice: 111000, symbol: '₩' },
  pln: { minPrice: 379, symbol: 'zł' },
  czk: { minPrice: 2149, symbol: 'Kč' },
};

/** `MoneyFormatter.format(cents, currency, no_cents_if_whole: true, symbol: true)`, closely enough. */
export function formatMoney(cents: number, currency: string): string {
  const symbol = CURRENCIES[currency]?.symbol ?? currency.toUpperCase();
  const amount = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return `${symbol}${amount}`;
}

export function coverJson(base: string, cover: StoredCover): Record<string, unknown> {
  const url = `${base}/s3/gumroad-blobs/${cover.key}`;
  const filetype = cover.contentType.split('/')[1] ?? null;
  return { url, original_url: url, thumbnail: null, id: cover.id, type: 'image', filetype, width: null, height: null, native_width: null, native_height: null };
}

export function productJson(store: FakeGumroadStore, base: string, product: StoredProduct, slim: boolean): Record<string, unknown> {
  const shortUrl = store.shortUrl(product);
  const json: Record<string, unknown> = {
    name: product.name,
    description: product.description,
    require_shipping: false,
    preview_url: null,
    custom_receipt: null,
    customizable_price: false,
    custom_permalink: product.customPermalink,
    subscription_duration: null,
    custom_html: null,
    id: product.id,
    url: null,
    price: product.priceCents,
    currency: product.currency,
    short_url: shortUrl,
    landing_url: shortUrl,
    thumbnail_url: null,
    tags: product.tags,
    formatted_price: formatMoney(product.priceCents, product.currency),
    published: isPublished(product),
    file_info: {},
    max_purchase_count: null,
    deleted: product.deleted,
    custom_fields: [],
    custom_summary: null,
    is_tiered_membership: false,
    recurrences: null,
    covers: product.covers.map((cover) => coverJson(base, cover)),
    main_cover_id: product.covers[0]?.id ?? null,
    bundle_products: [],
    variants: [],
  };
  if (!slim) {
    json['rich_content'] = [];
    json['has_same_rich_content_for_all_variants'] = false;
    json['files'] = product.files.map((file) => ({
      id: file.id,
      name: file.displayName,
      size: file.bytes.length,
      url: `${file.url}?X-Amz-Expires=600&X-Amz-Signature=${file.id.length}`,
      filetype: file.displayName.includes('.') ? file.displayName.split('.').pop() : null,
      filegroup: 'document',
    }));
  }
  return json;
}

export function userJson(store: FakeGumroadStore): Record<string, unknown> {
  const { seller } = store;
  const links = store.visibleProducts().map((p) => p.customPermalink ?? p.uniquePermalink);
  return {
    name: seller.name,
    bio: null,
    twitter_handle: null,
    currency_type: seller.currency,
    id: seller.id,
    user_id: seller.id.replace(/[^a-zA-Z0-9]/g, '').slice(0, 12),
    url: `https://${seller.username}.gumroad.com`,
    links: links.length === 0 ? null : links,
    profile_url: null,
    email: seller.email,
  };
}

/** `Array#to_sentence`: "a", "a and b", "a, b, and c". */
export function toSentence(words: readonly string[]): string {
  if (words.length <= 2) return words.join(' and ');
  return `${words.slice(0, -1).join(', ')}, and ${words[words.length - 1] ?? ''}`;
}
