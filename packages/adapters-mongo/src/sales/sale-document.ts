/**
 * How a sale is stored: the domain's fields, `_id` = the sale's id (`<platform>:<remote id>`, which makes one sale per
 * platform and remote id), dates as BSON dates, and the events it raised waiting in `outbox` until relayed.
 */
import type { Sale } from '@larder/domain';
import type { WithOutbox } from '../outbox/outbox-document.js';

export const SALES_COLLECTION = 'sales';

export interface SaleDocument extends Omit<Sale, 'id'>, WithOutbox {
  _id: string;
}

export function toSaleDocument(sale: Sale): SaleDocument {
  return {
    _id: sale.id,
    user_id: sale.user_id,
    product_id: sale.product_id,
    platform: sale.platform,
    remote_id: sale.remote_id,
    remote_listing_id: sale.remote_listing_id,
    amount_cents: sale.amount_cents,
    currency: sale.currency,
    refunded_cents: sale.refunded_cents,
    sold_at: sale.sold_at,
    recorded_at: sale.recorded_at,
    updated_at: sale.updated_at,
    version: sale.version,
  };
}

// Field by field, so that nothing but the domain's fields comes back (not the outbox).
export function toSale(document: SaleDocument): Sale {
  return {
    id: document._id,
    user_id: document.user_id,
    product_id: document.product_id,
    platform: document.platform,
    remote_id: document.remote_id,
    remote_listing_id: document.remote_listing_id,
    amount_cents: document.amount_cents,
    currency: document.currency,
    refunded_cents: document.refunded_cents,
    sold_at: document.sold_at,
    recorded_at: document.recorded_at,
    updated_at: document.updated_at,
    version: document.version,
  };
}
