/**
 * How a listing is stored: the domain's fields as they are, `_id` = `<product id>:<platform>` (one listing per product
 * and platform, made unique by the `_id` index itself), dates as BSON dates, absent values `null`.
 */
import type { Listing, ListingError, ListingState } from '@larder/domain';

export const LISTINGS_COLLECTION = 'listings';

export interface ListingDocument {
  _id: string;
  product_id: string;
  platform: string;
  state: ListingState;
  remote_id: string | null;
  url: string | null;
  error: ListingError | null;
  attempts: number;
  updated_at: Date;
  user_id: string;
  progress: {
    content: string | null;
    files: { key: string; remoteFileId: string }[];
    image: string | null;
    /** Absent in documents written before it was recorded (read as null: not known). */
    createSent?: boolean | null;
  };
  version: number;
}

/** Platform ids never hold `:` (`etsy`, `gumroad`), so the id splits one way only. */
export function listingDocumentId(productId: string, platform: string): string {
  if (platform.includes(':')) throw new Error(`a platform id with a colon: ${JSON.stringify(platform)}`);
  return `${productId}:${platform}`;
}

export function toListingDocument(listing: Listing): ListingDocument {
  return {
    _id: listingDocumentId(listing.product_id, listing.platform),
    product_id: listing.product_id,
    platform: listing.platform,
    state: listing.state,
    remote_id: listing.remote_id,
    url: listing.url,
    error: listing.error === null ? null : { code: listing.error.code, message: listing.error.message },
    attempts: listing.attempts,
    updated_at: listing.updated_at,
    user_id: listing.user_id,
    progress: {
      content: listing.progress.content,
      files: listing.progress.files.map((file) => ({ key: file.key, remoteFileId: file.remoteFileId })),
      image: listing.progress.image,
      createSent: listing.progress.createSent,
    },
    version: listing.version,
  };
}

// Field by field, so that nothing but the domain's fields comes back, whatever the store added or reordered.
export function toListing(document: ListingDocument): Listing {
  return {
    product_id: document.product_id,
    platform: document.platform,
    state: document.state,
    remote_id: document.remote_id,
    url: document.url,
    error: document.error === null ? null : { code: document.error.code, message: document.error.message },
    attempts: document.attempts,
    updated_at: document.updated_at,
    user_id: document.user_id,
    progress: {
      content: document.progress.content,
      files: document.progress.files.map((file) => ({ key: file.key, remoteFileId: file.remoteFileId })),
      image: document.progress.image,
      createSent: document.progress.createSent ?? null,
    },
    version: document.version,
  };
}
