/**
 * A Gumroad sale as the domain's `RemoteSale`. Gumroad's `price` is the price paid in USD cents, whatever currency
 * the buyer paid in (`Purchase#price_cents`; its ping docs: "The price paid, in USD cents"; `formatted_total_price`
 * converts it to the buyer's currency), so every Gumroad sale is reported in USD, exactly. What is refunded is told
 * by two flags and, for a partial refund, only by `amount_refundable_in_currency`, a formatted amount in the buyer's
 * currency: exact for a USD sale, in proportion to `formatted_total_price` for another (docs/platform-gumroad.md).
 */
import type { RemoteSale } from '@larder/domain';
import { divideRounded, formattedMinorUnits, minorDigits } from '../shared/money.js';
import type { GumroadSale } from './gumroad-types.js';

/** USD cents refunded of the sale; 0 when a partial refund cannot be read (the next look, or `findSale`, may tell). */
export function refundedCents(sale: GumroadSale): number {
  if (sale.refunded) return sale.price;
  if (!sale.partially_refunded || sale.amount_refundable_in_currency === null) return 0;
  // Older versions send no `currency`: their sales are read as USD, the currency of `price`.
  const currency = (sale.currency ?? 'usd').toUpperCase();
  const digits = minorDigits(currency);
  const refundable = formattedMinorUnits(sale.amount_refundable_in_currency, digits);
  if (refundable === null) return 0;
  if (currency === 'USD') return Math.min(sale.price, Math.max(0, sale.price - refundable));
  const total = sale.formatted_total_price === null ? null : formattedMinorUnits(sale.formatted_total_price, digits);
  if (total === null || total <= 0 || refundable > total) return 0;
  return sale.price - divideRounded(sale.price * refundable, total);
}

export const toRemoteSale = (sale: GumroadSale): RemoteSale => ({
  remoteId: sale.id,
  remoteListingId: sale.product_id,
  amountCents: sale.price,
  currency: 'USD',
  refundedCents: refundedCents(sale),
  soldAt: new Date(sale.created_at),
});
