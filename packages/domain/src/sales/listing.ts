/**
 * A product's listing on one platform: what buyers can see of it there, and how far the service got in putting it
 * there. Kept beside the product, not in it: the job runner changes a listing without moving the product's version.
 */

export const LISTING_STATES = ['pending', 'live', 'failed', 'not_connected', 'unlisted'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const LISTING_ERROR_CODES = ['currency_mismatch', 'platform_rejected', 'rate_limited', 'unavailable', 'not_connected'] as const;
export type ListingErrorCode = (typeof LISTING_ERROR_CODES)[number];

export interface ListingError {
  readonly code: ListingErrorCode;
  readonly message: string;
}

/** What the remote listing already holds, so that an attempt after a failure does only what is left. */
export interface RemoteProgress {
  /** Digest of the title, description, price, currency and tags last sent. */
  readonly content: string | null;
  /** Storage keys of the documents last uploaded (the buyer's files), with the platform's ids of them. */
  readonly files: readonly { readonly key: string; readonly remoteFileId: string }[];
  /** Identity of the generated cover last uploaded as the listing's image (its words and kind, digested). */
  readonly image: string | null;
  /**
   * Whether a create may have been sent while `remote_id` is unknown: `false` when none was (the listing is created
   * without looking for it first), `true` once one was sent (an answer lost: look for it by its marker first), null
   * when not known (kept before this was recorded: look first).
   */
  readonly createSent: boolean | null;
}

export const NO_PROGRESS: RemoteProgress = { content: null, files: [], image: null, createSent: false };

export interface Listing {
  readonly product_id: string;
  readonly platform: string;
  readonly state: ListingState;
  /** The platform's id of the listing, kept as soon as it exists: a listing is never created twice. */
  readonly remote_id: string | null;
  /** Where buyers find it, once live. */
  readonly url: string | null;
  readonly error: ListingError | null;
  /** Attempts made for the current change (0 while the first waits). */
  readonly attempts: number;
  readonly updated_at: Date;
  /** Whose connection to the platform publishes it: the user who published the product. */
  readonly user_id: string;
  readonly progress: RemoteProgress;
  /** Grows by one on every change (optimistic writes by the runner and the request handlers). */
  readonly version: number;
}

/** What a product response shows of a listing. */
export const listingView = (listing: Listing) => ({
  platform: listing.platform,
  state: listing.state,
  remote_id: listing.remote_id,
  url: listing.url,
  error: listing.error,
  attempts: listing.attempts,
  updated_at: listing.updated_at,
});
export type ListingView = ReturnType<typeof listingView>;
