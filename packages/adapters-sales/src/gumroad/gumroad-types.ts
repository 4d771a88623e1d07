/**
 * Gumroad API v2 as its source shows it (antiwork/gumroad: `config/routes.rb`, `app/controllers/api/v2/*`,
 * `app/models/concerns/product/as_json.rb`): the request bodies the adapter sends and the answers it reads. Only the
 * fields the adapter uses are typed; Gumroad sends many more. Every answer carries `success`; a refusal is
 * `{ success: false, message }`, usually with HTTP 200 (see `gumroad-answers.ts`).
 */

/** `GET /v2/user` → `user` (`User::AsJson`; `email` needs a scope such as `edit_products`). */
export interface GumroadUser {
  /** The account's external id. */
  readonly id: string;
  readonly name: string | null;
  readonly email?: string | null;
  readonly url?: string | null;
}

/** One file a buyer downloads, as `GET /v2/products/:id` lists it under `files` (not in the slim index). */
export interface GumroadProductFile {
  readonly id: string;
  readonly name: string | null;
  readonly size: number | null;
}

/** One image of the product page (`AssetPreview#as_json`). */
export interface GumroadCover {
  /** The cover's guid, used by `DELETE /v2/products/:id/covers/:cover_id`. */
  readonly id: string;
  readonly url: string | null;
}

/** A product (`Product::AsJson#as_json_for_api`). */
export interface GumroadProduct {
  /** The product's external id (base64-like; may hold `=`, `+`, `/`: always URL-encode it in a path). */
  readonly id: string;
  readonly name: string;
  readonly custom_permalink: string | null;
  /** In the currency's smallest unit. */
  readonly price: number;
  /** Lower-case ISO code (`usd`). */
  readonly currency: string;
  /** Where buyers see it: `https://seller.gumroad.com/l/permalink`. */
  readonly short_url: string;
  /** For sale: not disabled and not deleted (`Link#alive?`). */
  readonly published: boolean;
  readonly covers?: readonly GumroadCover[];
  readonly main_cover_id?: string | null;
  /** Only in single-product answers (`slim` index answers leave it out). */
  readonly files?: readonly GumroadProductFile[];
}

/** `GET /v2/products`: ten products a page, newest first; `next_page_key` when there are more. */
export interface GumroadProductPage {
  readonly products: readonly GumroadProduct[];
  readonly next_page_key: string | null;
}

/** `POST /v2/products` (`create_permitted_params`, `price`, `price_currency_type`, `tags`). */
export interface GumroadCreateProduct {
  readonly name: string;
  /** HTML; Gumroad sanitizes it (`SaveContentUpsellsService#from_html`). */
  readonly description: string;
  readonly custom_permalink: string;
  readonly price: number;
  readonly price_currency_type: string;
  readonly tags: readonly string[];
}

/** `PUT /v2/products/:id`: only the keys present are changed. */
export interface GumroadUpdateProduct {
  readonly name?: string;
  readonly description?: string;
  readonly price?: number;
  readonly price_currency_type?: string;
  readonly tags?: readonly string[];
}

/**
 * One entry of `files[]` on `PUT /v2/products/:id`, which REPLACES the product's files: `{ id }` alone keeps an
 * existing file unchanged; `{ external_id, url, display_name, size }` attaches a file uploaded through
 * `/v2/files/complete` (the answer's `file_id_mappings[external_id]` names the new file's id). Files left out are
 * deleted (`WithProductFiles#save_files!`, `delete_missing: true`).
 */
export type GumroadFileEntry =
  | { readonly id: string }
  | { readonly external_id: string; readonly url: string; readonly display_name: string; readonly size: number };

/** `PUT /v2/products/:id` with `files` → the product, and the ids given to new files. */
export interface GumroadFilesSaved {
  readonly product: GumroadProduct;
  readonly fileIdMappings: Readonly<Record<string, string>>;
}

/** `POST /v2/files/presign` → an S3 multipart upload, one presigned URL per part of `PART_SIZE` (100 MB). */
export interface GumroadPresignedUpload {
  readonly upload_id: string;
  readonly key: string;
  readonly file_url: string;
  readonly parts: readonly { readonly part_number: number; readonly presigned_url: string }[];
}

/** A part uploaded to S3 and the ETag it answered with, for `POST /v2/files/complete`. */
export interface GumroadUploadedPart {
  readonly part_number: number;
  readonly etag: string;
}

/** `POST /v2/direct_uploads` `blob` (ActiveStorage direct upload; images must be JPEG, PNG or GIF). */
export interface GumroadBlobRequest {
  readonly filename: string;
  readonly byte_size: number;
  /** Base64 of the bytes' MD5 digest. */
  readonly checksum: string;
  readonly content_type: string;
}

/** `POST /v2/direct_uploads` → the blob, its `signed_id`, and where to PUT its bytes. */
export interface GumroadDirectUpload {
  readonly signed_id: string;
  readonly direct_upload: { readonly url: string; readonly headers: Readonly<Record<string, string>> };
}

/** `POST /v2/products/:id/covers` and `DELETE …/covers/:cover_id` → the product's covers after the change. */
export interface GumroadCovers {
  readonly covers: readonly GumroadCover[];
  readonly main_cover_id: string | null;
}

/**
 * A sale (`Purchase#as_json(version: 2)`, `GET /v2/sales/:id` → `sale`), the fields the adapter reads. Gumroad sends
 * about fifty more; nil ones are left out of the JSON (`delete_if { |_, v| v.nil? }`).
 */
export interface GumroadSale {
  /** The sale's id (`ObfuscateIds.encrypt(id)`, the ping's `sale_id`); base64-like, URL-encode it in a path. */
  readonly id: string;
  readonly product_id: string | null;
  /** ISO 8601 (`created_at`). */
  readonly created_at: string;
  /** USD cents whatever the buyer paid in (`price_cents`; the ping docs: "The price paid, in USD cents"). */
  readonly price: number;
  /** The currency the buyer saw, lower-case (`displayed_price_currency_type`); newer versions only. */
  readonly currency: string | null;
  /** Wholly refunded (`stripe_refunded`). */
  readonly refunded: boolean;
  /** Partly refunded, never together with `refunded` (`stripe_partially_refunded`). */
  readonly partially_refunded: boolean;
  /** What is left to refund, in `currency`, formatted without its symbol (`"7.50"`). */
  readonly amount_refundable_in_currency: string | null;
  /** The price in `currency`, formatted with its symbol (`"€10"`). */
  readonly formatted_total_price: string | null;
}

/** `GET /v2/sales`: ten sales a page, newest first; `next_page_key` when there are more. */
export interface GumroadSalePage {
  readonly sales: readonly GumroadSale[];
  readonly next_page_key: string | null;
}

/** The two resources the adapter subscribes to (of `ResourceSubscription::VALID_RESOURCE_NAMES`). */
export type GumroadSaleResource = 'sale' | 'refund';

/** A resource subscription (`ResourceSubscription#as_json`): Gumroad posts a ping to `post_url` on each event. */
export interface GumroadResourceSubscription {
  readonly id: string;
  readonly resource_name: string;
  readonly post_url: string;
}
