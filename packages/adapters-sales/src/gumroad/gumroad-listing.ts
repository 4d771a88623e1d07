/**
 * Our listing as a Gumroad product, and a Gumroad product as our listing. The marker is the product's
 * `custom_permalink`: `POST /v2/products` accepts it (`create_permitted_params`), it fits Gumroad's permalink format
 * (`[a-zA-Z0-9_-]+`), it is unique among the seller's products (so a repeated create is refused rather than doubled),
 * every answer carries it, and it makes the buyer's URL `https://seller.gumroad.com/l/<marker>`.
 */
import type { ChannelAccount, ListingContent, RemoteFile, RemoteListing } from '@larder/domain';
import { textToHtml } from './gumroad-description.js';
import type { GumroadCreateProduct, GumroadProduct, GumroadProductFile, GumroadUpdateProduct, GumroadUser } from './gumroad-types.js';

/** Gumroad keeps currencies lower-case (`config/currencies.json`); older versions accepted no other spelling. */
const gumroadCurrency = (currency: string): string => currency.trim().toLowerCase();

export const createProductBody = (content: ListingContent): GumroadCreateProduct => ({
  name: content.title,
  description: textToHtml(content.description),
  custom_permalink: content.marker,
  price: content.priceCents,
  price_currency_type: gumroadCurrency(content.currency),
  tags: [...content.tags],
});

export const updateProductBody = (content: ListingContent): GumroadUpdateProduct => ({
  name: content.title,
  description: textToHtml(content.description),
  price: content.priceCents,
  price_currency_type: gumroadCurrency(content.currency),
  tags: [...content.tags],
});

/**
 * Gumroad says only whether a product is `published` (for sale). A product never published (`draft` in Gumroad's
 * database) and one taken down both read as unpublished, so an unpublished product reads as `inactive`; only
 * `createListing`, which knows it has just made one, says `draft`.
 */
export const toRemoteListing = (product: GumroadProduct, state?: RemoteListing['state']): RemoteListing => ({
  remoteId: product.id,
  url: product.short_url,
  state: state ?? (product.published ? 'active' : 'inactive'),
  marker: product.custom_permalink ?? '',
});

/** Permalinks compare without case on Gumroad (`uniqueness: { case_sensitive: false }`). */
export const carriesMarker = (product: GumroadProduct, marker: string): boolean =>
  product.custom_permalink !== null && product.custom_permalink.toLowerCase() === marker.toLowerCase();

export const toRemoteFile = (file: GumroadProductFile): RemoteFile => ({ remoteFileId: file.id, name: file.name ?? '', size: file.size });

/** A Gumroad account sells in any of Gumroad's currencies, whatever its own default currency. */
export const toAccount = (user: GumroadUser): ChannelAccount => ({
  accountName: user.name?.trim() || user.email?.trim() || user.id,
  currency: null,
});
