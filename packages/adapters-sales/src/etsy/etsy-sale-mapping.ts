/**
 * An Etsy receipt as the domain's sales: every transaction (one listing, a quantity, a unit price) of a paid receipt
 * is one `RemoteSale`, sold when the receipt was made. Etsy keeps refunds on the receipt, not on its lines, so they
 * are spread over the lines by one rule (docs/platform-etsy.md, "Sales"):
 * - a receipt whose refunds reach the sum of its lines, or its grand total (smaller when a coupon was used), or
 *   whose status is `canceled`, is refunded in full: every line entirely;
 * - a smaller refund is given to the lines in the order Etsy lists them, each taking all it can before the next.
 */
import type { RemoteSale } from '@larder/domain';
import { divideRounded, minorDigits } from '../shared/money.js';
import type { EtsyMoney, EtsyReceipt, EtsyReceiptTransaction, EtsyRefund } from './etsy-types.js';

/** Minor units of `quantity` times `money` (`amount / divisor` of its currency), in integers only. */
export function minorUnitsOf(money: EtsyMoney, quantity = 1): number {
  const divisor = Number.isInteger(money.divisor) && money.divisor > 0 ? money.divisor : 1;
  return divideRounded(Math.round(money.amount) * quantity * 10 ** minorDigits(money.currency_code), divisor);
}

const isMoney = (value: unknown): boolean => {
  const money = value as Partial<EtsyMoney> | null;
  return typeof money === 'object' && money !== null && typeof money.amount === 'number' && typeof money.divisor === 'number' && typeof money.currency_code === 'string';
};

/** Whether a receipt has what the mapping reads (Etsy's answers are otherwise taken as the spec describes them). */
export function isReadableReceipt(value: unknown): value is EtsyReceipt {
  const receipt = value as Partial<EtsyReceipt> | null;
  if (typeof receipt !== 'object' || receipt === null || typeof receipt.receipt_id !== 'number') return false;
  const lines: unknown = receipt.transactions ?? [];
  const refunds: unknown = receipt.refunds ?? [];
  if (!Array.isArray(lines) || !Array.isArray(refunds)) return false;
  return (
    (lines as readonly (Partial<EtsyReceiptTransaction> | null)[]).every(
      (line) => typeof line?.transaction_id === 'number' && Number.isInteger(line.quantity) && isMoney(line.price),
    ) && (refunds as readonly (Partial<EtsyRefund> | null)[]).every((refund) => isMoney(refund?.amount))
  );
}

/** Epoch seconds as a date; Etsy sends both `created_timestamp` and the older `create_timestamp`. */
const secondsOf = (receipt: EtsyReceipt, field: 'created' | 'updated'): number => {
  const loose = receipt as unknown as Record<string, unknown>;
  const value = loose[`${field}_timestamp`] ?? loose[field === 'created' ? 'create_timestamp' : 'update_timestamp'];
  return typeof value === 'number' ? value : 0;
};

export const updatedAt = (receipt: EtsyReceipt): number => secondsOf(receipt, 'updated');

/** A receipt is a sale once paid; a refunded one may no longer say `is_paid`, but it was paid to be refunded. */
export const isSold = (receipt: EtsyReceipt): boolean => receipt.is_paid === true || (receipt.refunds ?? []).length > 0;

/** What of each line is refunded, by the rule above. */
export function refundedPerLine(receipt: EtsyReceipt, lines: readonly number[]): number[] {
  const refunded = (receipt.refunds ?? []).reduce((sum, refund) => sum + minorUnitsOf(refund.amount), 0);
  const linesTotal = lines.reduce((sum, line) => sum + line, 0);
  const grandtotal = receipt.grandtotal === undefined ? null : minorUnitsOf(receipt.grandtotal);
  const reachesTotal = refunded >= linesTotal || (grandtotal !== null && grandtotal > 0 && refunded >= grandtotal);
  if (receipt.status === 'canceled' || (refunded > 0 && reachesTotal)) return [...lines];
  let left = refunded;
  return lines.map((line) => {
    const taken = Math.min(line, left);
    left -= taken;
    return taken;
  });
}

/** The receipt's lines as sales; none while it is not paid. */
export function salesOfReceipt(receipt: EtsyReceipt): RemoteSale[] {
  if (!isSold(receipt)) return [];
  const transactions = receipt.transactions ?? [];
  const lines = transactions.map((transaction) => minorUnitsOf(transaction.price, transaction.quantity));
  const refunded = refundedPerLine(receipt, lines);
  const soldAt = new Date(secondsOf(receipt, 'created') * 1000);
  return transactions.map((transaction, index) => ({
    remoteId: String(transaction.transaction_id),
    remoteListingId: transaction.listing_id === null || transaction.listing_id === undefined ? null : String(transaction.listing_id),
    amountCents: lines[index] ?? 0,
    currency: transaction.price.currency_code.toUpperCase(),
    refundedCents: refunded[index] ?? 0,
    soldAt,
  }));
}
