/**
 * A sale that came back from a platform: one line of an order (a Gumroad sale, an Etsy transaction). One per platform
 * and remote id, however often it is reported (a ping, a poll, a retry); a refund changes it.
 */

export interface Sale {
  /** `<platform>:<remote id>`: the same sale reported twice has the same id. */
  readonly id: string;
  /** Whose connection reported it. */
  readonly user_id: string;
  /** Our product, found through its listing's remote id; null when no listing of ours has it (kept and reported). */
  readonly product_id: string | null;
  readonly platform: string;
  readonly remote_id: string;
  /** The platform's id of what was sold (Gumroad product, Etsy listing). */
  readonly remote_listing_id: string | null;
  readonly amount_cents: number;
  readonly currency: string;
  readonly refunded_cents: number;
  readonly sold_at: Date;
  /** When the service first kept it, and last changed it. */
  readonly recorded_at: Date;
  readonly updated_at: Date;
  readonly version: number;
}

export const saleId = (platform: string, remoteId: string): string => `${platform}:${remoteId}`;

/** What `GET /api/sales` shows of a sale (and a `sale.*` event's data). */
export const saleView = (sale: Sale) => ({
  id: sale.id,
  product_id: sale.product_id,
  platform: sale.platform,
  remote_id: sale.remote_id,
  amount_cents: sale.amount_cents,
  currency: sale.currency,
  refunded_cents: sale.refunded_cents,
  sold_at: sale.sold_at,
});
export type SaleView = ReturnType<typeof saleView>;
