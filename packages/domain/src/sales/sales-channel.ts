/**
 * The port to one sales platform's store (Etsy, Gumroad), seen through one connected account. Every method is one
 * honest attempt: it says what happened and never retries, sleeps or backs off itself (the job runner owns retries,
 * backoff and rate budgets). The one exception is authentication: a channel may refresh an expired access token and
 * repeat the call once, because that is part of making the call at all.
 */
import type { ResultAsync } from 'neverthrow';

/** The platform asked us to slow down (HTTP 429, or a budget header at zero). */
export interface ChannelRateLimited {
  readonly type: 'ChannelRateLimited';
  /** How long the platform asked us to wait, when it said (`Retry-After`, or the end of its per-day budget). */
  readonly retryAfterMs: number | null;
  readonly message: string;
}

/**
 * The platform could not be reached or failed on its side (5xx, timeout, connection dropped). The remote side may
 * or may not have acted: a create that ends here must be looked for (`findListing`) before it is tried again.
 */
export interface ChannelUnavailable {
  readonly type: 'ChannelUnavailable';
  readonly message: string;
  /** How long the platform asked us to wait, when it said (a 503's `Retry-After`). */
  readonly retryAfterMs?: number | null;
}

/** The account's credentials no longer work (revoked, or an expired token that could not be refreshed). */
export interface ChannelUnauthorized {
  readonly type: 'ChannelUnauthorized';
  readonly message: string;
}

/** The platform refused the request for a reason that retrying will not change (bad field, listing gone). */
export interface ChannelRejected {
  readonly type: 'ChannelRejected';
  /** `not_found` when the remote listing (or file) no longer exists; `platform_rejected` otherwise. */
  readonly code: 'platform_rejected' | 'not_found';
  /** The platform's own words, as far as they are safe to show (never a token). */
  readonly message: string;
}

export type ChannelFailure = ChannelRateLimited | ChannelUnavailable | ChannelUnauthorized | ChannelRejected;

/** The account a connection reaches. */
export interface ChannelAccount {
  /** Shown to the creator: the Etsy shop's name, the Gumroad account's name or e-mail. */
  readonly accountName: string;
  /** The only currency the account sells in (an Etsy shop's), or null when it can sell in any. */
  readonly currency: string | null;
}

/** What a listing says to buyers. */
export interface ListingContent {
  /**
   * Our mark on the remote listing, so that a listing created by an attempt whose answer was lost can be found again:
   * 6..20 characters of `[a-z0-9]`, the same for one product on every platform (see `listingMarker`).
   */
  readonly marker: string;
  readonly title: string;
  /** Plain text; may be empty. */
  readonly description: string;
  /** In the currency's minor unit (cents). */
  readonly priceCents: number;
  /** ISO 4217, upper-case. */
  readonly currency: string;
  /** Words buyers search for (recipe cuisines, product type), already cleaned: at most 13, each 1..20 characters. */
  readonly tags: readonly string[];
}

/** A remote listing as the platform describes it. */
export interface RemoteListing {
  readonly remoteId: string;
  /** Where a buyer sees it (`https://www.etsy.com/listing/123`, `https://name.gumroad.com/l/abc`). */
  readonly url: string;
  /** `draft`: created, not yet for sale; `active`: for sale; `inactive`: taken down. */
  readonly state: 'draft' | 'active' | 'inactive';
  readonly marker: string;
}

/** A file to attach: the document a buyer downloads, or an image shown on the listing. */
export interface ListingFile {
  /** The name the buyer sees (`sunday-suppers.pdf`). */
  readonly name: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** A file already on a remote listing. */
export interface RemoteFile {
  readonly remoteFileId: string;
  readonly name: string;
  /** Bytes, when the platform says. */
  readonly size: number | null;
}

/** A sale as the platform reports it (one line of an order: an Etsy transaction, a Gumroad sale). */
export interface RemoteSale {
  /** The platform's id of the sale: Gumroad's sale id, Etsy's transaction id. Unique per platform. */
  readonly remoteId: string;
  /** The platform's id of what was sold (Gumroad product id, Etsy listing id): how a sale finds our product. */
  readonly remoteListingId: string | null;
  /** What the buyer paid for this line, in the currency's minor unit (cents). */
  readonly amountCents: number;
  /** ISO 4217, upper-case. */
  readonly currency: string;
  /** How much of it has been refunded so far (0 when none; `amountCents` when fully refunded). */
  readonly refundedCents: number;
  readonly soldAt: Date;
}

/** A page of sales changed since a cursor (new ones and refunded ones), and where the next look starts. */
export interface SalesSince {
  readonly sales: readonly RemoteSale[];
  /** Opaque to the domain: handed back to the next `salesSince`. */
  readonly cursor: string;
  /** More changed sales wait right now: ask again at once. */
  readonly more: boolean;
}

export interface SalesChannel {
  readonly platform: string;
  /** The connected account, its name and its selling currency. */
  account(): ResultAsync<ChannelAccount, ChannelFailure>;
  /** The listing carrying `marker`, in any state, or null. */
  findListing(marker: string): ResultAsync<RemoteListing | null, ChannelFailure>;
  /** A new listing, not yet for sale (Etsy: a digital draft listing; Gumroad: an unpublished product). */
  createListing(content: ListingContent): ResultAsync<RemoteListing, ChannelFailure>;
  /** Changes title, description, price and tags of an existing listing; its state stays. */
  updateListing(remoteId: string, content: ListingContent): ResultAsync<RemoteListing, ChannelFailure>;
  /** The files a buyer gets with the listing. */
  listFiles(remoteId: string): ResultAsync<RemoteFile[], ChannelFailure>;
  uploadFile(remoteId: string, file: ListingFile): ResultAsync<RemoteFile, ChannelFailure>;
  deleteFile(remoteId: string, remoteFileId: string): ResultAsync<void, ChannelFailure>;
  /** Replaces the listing's main image with this one. */
  uploadImage(remoteId: string, image: ListingFile): ResultAsync<void, ChannelFailure>;
  /** For sale (Etsy `state=active`, Gumroad enable/publish); idempotent. */
  activate(remoteId: string): ResultAsync<RemoteListing, ChannelFailure>;
  /** Taken down but kept, so that `activate` brings it back (Etsy `state=inactive`, Gumroad disable); idempotent. */
  deactivate(remoteId: string): ResultAsync<RemoteListing, ChannelFailure>;

  /**
   * Sales created or changed (refunds) since `cursor` (null: since the account was connected, as far as the platform
   * keeps them; the adapter may bound it). A sale may come back more than once across calls: the caller keeps one.
   */
  salesSince(cursor: string | null): ResultAsync<SalesSince, ChannelFailure>;
  /** The account's sale with this id as the platform has it now, or null when the account has no such sale. */
  findSale(remoteId: string): ResultAsync<RemoteSale | null, ChannelFailure>;
  /**
   * Asks the platform to post sale and refund notices to `url` (Gumroad's resource subscriptions `sale` and
   * `refund`); subscriptions to `url` that exist already are kept, not doubled. Platforms without such notices
   * answer at once with nothing done (Etsy: its receipts are polled).
   */
  subscribeToSales(url: string): ResultAsync<void, ChannelFailure>;
  /** Removes every subscription of the account whose address starts with `urlPrefix`; idempotent. */
  unsubscribeFromSales(urlPrefix: string): ResultAsync<void, ChannelFailure>;
  /** Whether the platform posts notices (`push`) or must be asked (`poll`). */
  readonly saleNotices: 'push' | 'poll';
}
