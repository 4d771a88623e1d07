/**
 * The shapes of Etsy Open API v3 that the adapter sends and reads: the subset of Etsy's OpenAPI document
 * (https://www.etsy.com/openapi/generated/oas/3.0.0.json) behind the operations in `etsy-client.ts`, with Etsy's own
 * field names. Fields Etsy documents but the adapter never reads are left out.
 */

/** `POST /v3/public/oauth/token` (authorization_code and refresh_token grants). */
export interface EtsyTokenResponse {
  /** `<user_id>.<token>`: Etsy prefixes its tokens with the numeric user id. */
  readonly access_token: string;
  readonly token_type: string;
  /** Seconds; 3600 for Etsy's access tokens. */
  readonly expires_in: number;
  /** Valid 90 days; every refresh answers a new one. */
  readonly refresh_token: string;
}

/** The token endpoint's refusal (`invalid_grant`, `invalid_request`, ...), and the 401 of an expired access token. */
export interface EtsyOAuthError {
  readonly error: string;
  readonly error_description?: string;
}

/** `ErrorSchema`: every other refusal. */
export interface EtsyError {
  readonly error: string;
}

/** `getMe` (`Self`). `shop_id` is absent for a user without a shop. */
export interface EtsySelf {
  readonly user_id: number;
  readonly shop_id?: number | null;
}

/** `getShop` (`Shop`), the fields we read. */
export interface EtsyShop {
  readonly shop_id: number;
  readonly user_id: number;
  readonly shop_name: string;
  readonly currency_code: string;
  readonly url: string;
}

/** `Money`: `amount / divisor` in `currency_code`. */
export interface EtsyMoney {
  readonly amount: number;
  readonly divisor: number;
  readonly currency_code: string;
}

export type EtsyListingState = 'active' | 'inactive' | 'sold_out' | 'draft' | 'expired';

/** `ShopListing`, the fields we read. */
export interface EtsyListing {
  readonly listing_id: number;
  readonly shop_id: number;
  readonly user_id: number;
  readonly title: string;
  readonly description: string;
  /** One of `EtsyListingState`, or a state Etsy added since (`edit` has been seen). */
  readonly state: string;
  readonly quantity: number;
  /** The full URL of the listing's page on Etsy. */
  readonly url: string;
  readonly listing_type: 'physical' | 'download' | 'both';
  readonly tags: readonly string[];
  readonly who_made: string | null;
  readonly when_made: string | null;
  readonly is_supply: boolean | null;
  readonly taxonomy_id: number | null;
  readonly price: EtsyMoney;
}

/** `ShopListingsWithAssociations` (`getListingsByShop`). */
export interface EtsyListingPage {
  /** Listings in that state altogether, not on this page. */
  readonly count: number;
  readonly results: readonly EtsyListing[];
}

/** `createDraftListing` form fields (application/x-www-form-urlencoded). */
export interface EtsyDraftListingFields {
  readonly quantity: number;
  readonly title: string;
  readonly description: string;
  /** In the shop's currency, as a decimal number. */
  readonly price: number;
  readonly who_made: 'i_did' | 'someone_else' | 'collective';
  readonly when_made: string;
  readonly taxonomy_id: number;
  readonly is_supply: boolean;
  readonly type: 'physical' | 'download' | 'both';
  /** Sent as one comma-separated string (Etsy reads repeated keys as the last one only). */
  readonly tags: readonly string[];
}

/** `updateListing` form fields, the ones we change. */
export interface EtsyListingChanges {
  readonly title?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly state?: 'active' | 'inactive';
}

/** `updateListingInventory` body (application/json). */
export interface EtsyInventoryUpdate {
  readonly products: readonly {
    readonly sku: string;
    readonly property_values: readonly never[];
    readonly offerings: readonly { readonly price: number; readonly quantity: number; readonly is_enabled: boolean }[];
  }[];
  readonly price_on_property: readonly number[];
  readonly quantity_on_property: readonly number[];
  readonly sku_on_property: readonly number[];
}

/** `ShopListingFile`. */
export interface EtsyListingFile {
  readonly listing_file_id: number;
  readonly listing_id: number;
  readonly rank: number;
  readonly filename: string;
  /** Human-readable (`"1.2 MB"`). */
  readonly filesize: string;
  readonly size_bytes: number;
  readonly filetype: string;
  readonly create_timestamp: number;
  readonly created_timestamp: number;
}

/** `ShopListingFiles`. */
export interface EtsyListingFiles {
  readonly count: number;
  readonly results: readonly EtsyListingFile[];
}

/** `ListingImage`, the fields we read. */
export interface EtsyListingImage {
  readonly listing_id: number;
  readonly listing_image_id: number;
  readonly rank: number;
  readonly url_fullxfull: string;
}

/** `ShopReceiptTransaction`, the fields we read: one line of an order. */
export interface EtsyReceiptTransaction {
  readonly transaction_id: number;
  readonly receipt_id: number;
  readonly listing_id: number | null;
  readonly quantity: number;
  /** The price of one item ("the price recorded the transaction"; `total_price` sums `price * quantity`). */
  readonly price: EtsyMoney;
  readonly created_timestamp?: number;
}

/** `ShopRefund`: "The refund record for a receipt". */
export interface EtsyRefund {
  readonly amount: EtsyMoney;
  readonly created_timestamp: number;
  readonly reason: string | null;
  readonly note_from_issuer: string | null;
  readonly status: string | null;
}

/** `ShopReceipt`, the fields we read (`getShopReceipts`, `getShopReceipt`). */
export interface EtsyReceipt {
  readonly receipt_id: number;
  /** `paid`, `completed`, `open`, `payment processing` or `canceled`. */
  readonly status: string;
  readonly is_paid: boolean;
  /** Epoch seconds; `create_timestamp` / `update_timestamp` are the older names of the same values. */
  readonly created_timestamp: number;
  readonly updated_timestamp: number;
  /** `total_price` minus the coupon discount, plus tax and shipping. */
  readonly grandtotal: EtsyMoney;
  readonly transactions: readonly EtsyReceiptTransaction[];
  readonly refunds: readonly EtsyRefund[];
}

/** `ShopReceipts`. */
export interface EtsyReceiptPage {
  /** Receipts matching the filters altogether, not on this page. */
  readonly count: number;
  readonly results: readonly EtsyReceipt[];
}

/** `getShopReceipts` query parameters, the ones we send. */
export interface EtsyReceiptQuery {
  readonly min_last_modified: number;
  readonly sort_on: 'created' | 'updated' | 'receipt_id';
  readonly sort_order: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: number;
}

/** What a channel keeps for a connection (a `ChannelSecret`, hence a type literal), in Etsy's words. */
export type EtsySecret = {
  readonly access_token: string;
  readonly refresh_token: string;
  /** When the access token stops working, in ms since the epoch. */
  readonly expires_at: number;
  readonly shop_id: number;
  readonly user_id: number;
  /** The shop's currency when it was connected; prices in another currency are refused before any call. */
  readonly currency: string | null;
};
