/**
 * What the Gumroad fake holds, in memory: one seller, their products (with files, covers and bytes), multipart
 * uploads under way, the objects stored in "S3", and ActiveStorage blobs. Ids look like Gumroad's: external ids are
 * base64 (with `=`, so clients must encode them in paths), permalinks are lower-case letters.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface StoredFile {
  readonly id: string;
  readonly url: string;
  readonly displayName: string;
  readonly bytes: Uint8Array;
}

export interface StoredCover {
  readonly id: string;
  readonly key: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

export interface StoredProduct {
  readonly id: string;
  readonly uniquePermalink: string;
  readonly createdAt: number;
  customPermalink: string | null;
  name: string;
  /** HTML, as Gumroad keeps it. */
  description: string;
  priceCents: number;
  /** Lower-case. */
  currency: string;
  tags: string[];
  /** Never published yet (`draft`). */
  draft: boolean;
  /** Unpublished (`purchase_disabled_at` set). */
  purchaseDisabled: boolean;
  deleted: boolean;
  files: StoredFile[];
  covers: StoredCover[];
}

export interface MultipartUpload {
  readonly uploadId: string;
  readonly key: string;
  readonly signature: string;
  readonly parts: Map<number, { readonly bytes: Uint8Array; readonly etag: string }>;
}

export interface StoredBlob {
  readonly key: string;
  readonly signedId: string;
  readonly signature: string;
  readonly filename: string;
  readonly byteSize: number;
  readonly checksum: string;
  readonly contentType: string;
  bytes: Uint8Array | null;
}

/** A purchase of one of the seller's products. */
export interface StoredSale {
  readonly id: string;
  /** `external_id_numeric`: the ping's `order_number`, the sale's `order_id`. */
  readonly orderNumber: number;
  readonly productId: string;
  /** µs, from `now()`. */
  readonly createdAt: number;
  readonly email: string;
  /** What the buyer saw and paid in, lower-case (`displayed_price_currency_type`). */
  readonly currency: string;
  /** In `currency`'s minor unit (`displayed_price_cents`). */
  readonly displayedCents: number;
  /** USD cents (`price_cents`): what the API and the pings call `price`. */
  readonly priceCents: number;
  /** USD cents refunded so far. */
  refundedCents: number;
}

/** A `ResourceSubscription`: pings of `resourceName` go to `postUrl`. */
export interface StoredSubscription {
  readonly id: string;
  readonly resourceName: string;
  readonly postUrl: string;
  deleted: boolean;
}

export interface FakeSeller {
  readonly id: string;
  readonly name: string | null;
  readonly email: string;
  /** The subdomain of the seller's store: `https://USERNAME.gumroad.com`. */
  readonly username: string;
  readonly currency: string;
}

export const externalId = (): string => randomBytes(16).toString('base64');
export const hex = (bytes = 16): string => randomBytes(bytes).toString('hex');
export const md5Hex = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');
export const md5Base64 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('base64');

export class FakeGumroadStore {
  readonly products: StoredProduct[] = [];
  readonly uploads = new Map<string, MultipartUpload>();
  /** Completed uploads by S3 key. */
  readonly objects = new Map<string, Uint8Array>();
  readonly blobs = new Map<string, StoredBlob>();
  readonly sales: StoredSale[] = [];
  readonly subscriptions: StoredSubscription[] = [];
  private clock = 0;

  constructor(readonly seller: FakeSeller) {}

  /** A strictly increasing creation time (µs), so that "newest first" never ties. */
  now(): number {
    this.clock = Math.max(this.clock + 1, Date.now() * 1000);
    return this.clock;
  }

  /** The seller's product by external id or unique permalink, as `fetch_product` looks it up; deleted ones are gone. */
  product(idOrPermalink: string): StoredProduct | undefined {
    return this.products.find((p) => !p.deleted && (p.id === idOrPermalink || p.uniquePermalink === idOrPermalink));
  }

  /** Sales newest first (`order(created_at: :desc, id: :desc)`). */
  salesNewestFirst(): StoredSale[] {
    return [...this.sales].sort((a, b) => b.createdAt - a.createdAt);
  }

  visibleProducts(): StoredProduct[] {
    return this.products.filter((p) => !p.deleted).sort((a, b) => b.createdAt - a.createdAt);
  }

  uniquePermalink(): string {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    let candidate = '';
    do candidate += letters.charAt(randomBytes(1).readUInt8(0) % letters.length);
    while (candidate.length < 5 || this.products.some((p) => p.uniquePermalink === candidate || p.customPermalink === candidate));
    return candidate;
  }

  /** Where a product is bought: `https://username.gumroad.com/l/permalink`. */
  shortUrl(product: StoredProduct): string {
    return `https://${this.seller.username}.gumroad.com/l/${product.customPermalink ?? product.uniquePermalink}`;
  }
}

export const isPublished = (product: StoredProduct): boolean => !product.purchaseDisabled && !product.deleted;
