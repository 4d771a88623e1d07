/**
 * What the Etsy fake holds in memory: one shop and its owner, the OAuth codes and tokens it has issued, the shop's
 * listings with their tags, inventory, files (bytes kept) and images, and its receipts. Shapes answered to clients are
 * built here too, in Etsy's field names (`ShopListing`, `ShopListingFile`, `ListingImage`).
 */
import { randomBytes } from 'node:crypto';
import type { EtsyListing, EtsyListingFile, EtsyListingImage, EtsyShop } from '../etsy-types.js';
import type { FakeReceipt } from './fake-receipts.js';

export interface FakeFile {
  readonly listing_file_id: number;
  readonly filename: string;
  readonly filetype: string;
  readonly bytes: Uint8Array;
  rank: number;
  readonly created: number;
}

export interface FakeImage {
  listing_image_id: number;
  rank: number;
  readonly bytes: Uint8Array;
  readonly created: number;
}

export interface FakeStoredListing {
  readonly listing_id: number;
  title: string;
  description: string;
  state: 'draft' | 'active' | 'inactive' | 'sold_out' | 'expired';
  tags: string[];
  /** Price in minor units of the shop's currency (the inventory's one offering). */
  priceCents: number;
  quantity: number;
  who_made: string;
  when_made: string;
  is_supply: boolean;
  taxonomy_id: number;
  listing_type: 'physical' | 'download' | 'both';
  files: FakeFile[];
  images: FakeImage[];
  readonly created: number;
  updated: number;
  deleted: boolean;
}

export interface FakeCode {
  readonly challenge: string;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
  used: boolean;
}

export interface FakeAccessToken {
  readonly scopes: readonly string[];
  expiresAt: number;
  revoked: boolean;
}

export interface FakeRefreshToken {
  readonly scopes: readonly string[];
  readonly expiresAt: number;
  revoked: boolean;
}

export interface FakeShop {
  readonly shopId: number;
  readonly userId: number;
  shopName: string;
  currency: string;
}

export interface FakeState {
  readonly shop: FakeShop;
  readonly codes: Map<string, FakeCode>;
  readonly accessTokens: Map<string, FakeAccessToken>;
  readonly refreshTokens: Map<string, FakeRefreshToken>;
  readonly listings: Map<number, FakeStoredListing>;
  /** The shop's orders (`fake-receipts.ts`). */
  readonly receipts: Map<number, FakeReceipt>;
  /** What the shop's owner answers on the consent page: `allow`, or `deny` (Etsy sends them back with `error=access_denied`). */
  consent: 'allow' | 'deny';
  /** Requests that carried a valid bearer token, for the `expireTokenEvery` fault. */
  authenticatedRequests: number;
  nextId: number;
  /** The fake's own address, for listing URLs. */
  baseUrl: string;
}

export function fakeState(shop: FakeShop): FakeState {
  return {
    shop,
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    listings: new Map(),
    receipts: new Map(),
    consent: 'allow',
    authenticatedRequests: 0,
    nextId: 1_000_000_001,
    baseUrl: '',
  };
}

/** An opaque Etsy-style token: the owner's numeric id, a period, random characters. */
export const tokenFor = (userId: number): string => `${userId}.${randomBytes(48).toString('base64url')}`;

export const nextId = (state: FakeState): number => {
  state.nextId += 1;
  return state.nextId;
};

const epochSeconds = (ms: number): number => Math.floor(ms / 1000);

const slugOf = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'listing';

export const listingUrl = (state: FakeState, listing: FakeStoredListing): string =>
  `${state.baseUrl}/listing/${listing.listing_id}/${slugOf(listing.title)}`;

/** Minor units as Etsy's `Money` (`amount / divisor`). */
export const moneyOf = (cents: number, currency: string, digits: number) => ({ amount: cents, divisor: 10 ** digits, currency_code: currency });

export function shopListingOf(state: FakeState, listing: FakeStoredListing, digits: number): EtsyListing & Record<string, unknown> {
  return {
    listing_id: listing.listing_id,
    user_id: state.shop.userId,
    shop_id: state.shop.shopId,
    title: listing.title,
    description: listing.description,
    state: listing.state,
    creation_timestamp: epochSeconds(listing.created),
    created_timestamp: epochSeconds(listing.created),
    last_modified_timestamp: epochSeconds(listing.updated),
    updated_timestamp: epochSeconds(listing.updated),
    quantity: listing.quantity,
    url: listingUrl(state, listing),
    listing_type: listing.listing_type,
    tags: [...listing.tags],
    materials: [],
    who_made: listing.who_made,
    when_made: listing.when_made,
    is_supply: listing.is_supply,
    taxonomy_id: listing.taxonomy_id,
    has_variations: false,
    file_data: listing.files.map((file) => file.filename).join(', '),
    price: moneyOf(listing.priceCents, state.shop.currency, digits),
  };
}

const humanSize = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function listingFileOf(listing: FakeStoredListing, file: FakeFile): EtsyListingFile {
  return {
    listing_file_id: file.listing_file_id,
    listing_id: listing.listing_id,
    rank: file.rank,
    filename: file.filename,
    filesize: humanSize(file.bytes.byteLength),
    size_bytes: file.bytes.byteLength,
    filetype: file.filetype,
    create_timestamp: epochSeconds(file.created),
    created_timestamp: epochSeconds(file.created),
  };
}

export function listingImageOf(state: FakeState, listing: FakeStoredListing, image: FakeImage): EtsyListingImage & Record<string, unknown> {
  const url = `${state.baseUrl}/images/${listing.listing_id}/${image.listing_image_id}`;
  return {
    listing_id: listing.listing_id,
    listing_image_id: image.listing_image_id,
    rank: image.rank,
    creation_tsz: epochSeconds(image.created),
    created_timestamp: epochSeconds(image.created),
    url_75x75: url,
    url_170x135: url,
    url_570xN: url,
    url_fullxfull: url,
    alt_text: null,
  };
}

export function shopOf(state: FakeState): EtsyShop & Record<string, unknown> {
  return {
    shop_id: state.shop.shopId,
    user_id: state.shop.userId,
    shop_name: state.shop.shopName,
    currency_code: state.shop.currency,
    url: `${state.baseUrl}/shop/${encodeURIComponent(state.shop.shopName)}`,
    title: null,
    is_vacation: false,
    login_name: state.shop.shopName.toLowerCase(),
    listing_active_count: [...state.listings.values()].filter((listing) => !listing.deleted && listing.state === 'active').length,
    digital_listing_count: [...state.listings.values()].filter((listing) => !listing.deleted && listing.listing_type !== 'physical').length,
  };
}

/** Digits after the decimal point in amounts of a currency (2 for USD, 0 for JPY). */
export function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
