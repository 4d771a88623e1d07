/**
 * The Etsy fake's orders: receipts of the shop, each with its transactions (one listing, a quantity, a unit price)
 * and the refunds issued on it, shaped as `ShopReceipt`, `ShopReceiptTransaction` and `ShopRefund`. A sale is made
 * by a test or by hand (`sell`), paid at once and digital: no tax, no shipping, no coupon, so a receipt's grand total
 * is the sum of its lines. Every sale and refund moves the receipt's `updated_timestamp`.
 */
import type { FakeState, FakeStoredListing } from './fake-state.js';
import { digitsOf, nextId } from './fake-state.js';

export interface FakeTransaction {
  readonly transaction_id: number;
  readonly listing_id: number;
  readonly product_id: number;
  readonly title: string;
  readonly quantity: number;
  /** One item's price, in the minor unit of the receipt's currency. */
  readonly priceCents: number;
}

export interface FakeRefund {
  readonly amountCents: number;
  readonly created: number;
  readonly reason: string | null;
}

export interface FakeReceipt {
  readonly receipt_id: number;
  readonly buyer_user_id: number;
  readonly currency: string;
  /** The `divisor` of this receipt's `Money` (Etsy's is usually 100; any power of ten at least the currency's). */
  readonly divisor: number;
  /** ms. */
  readonly created: number;
  updated: number;
  readonly transactions: FakeTransaction[];
  readonly refunds: FakeRefund[];
}

export interface FakeSaleOptions {
  /** Items bought (default 1). */
  readonly quantity?: number;
  /** One item's price in the shop currency's minor unit; default the listing's price. */
  readonly priceCents?: number;
  /** The `divisor` Etsy's `Money` is given in for this receipt (default 10^digits of the currency, 100 for USD). */
  readonly divisor?: number;
}

export interface FakeSale {
  readonly receiptId: number;
  readonly transactionId: number;
}

const seconds = (ms: number): number => Math.floor(ms / 1000);
const lineTotal = (receipt: FakeReceipt): number => receipt.transactions.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
const refundedTotal = (receipt: FakeReceipt): number => receipt.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);

/** Minor units as `Money` with the receipt's divisor. */
const money = (receipt: FakeReceipt, minor: number) => ({
  amount: (minor * receipt.divisor) / 10 ** digitsOf(receipt.currency),
  divisor: receipt.divisor,
  currency_code: receipt.currency,
});

/** A paid receipt with one transaction, for an active listing; throws (a test's mistake) when it cannot be bought. */
export function recordSale(state: FakeState, listing: FakeStoredListing | undefined, options: FakeSaleOptions, now: number): FakeSale {
  if (listing === undefined || listing.deleted) throw new Error('the fake has no such listing');
  if (listing.state !== 'active') throw new Error(`listing ${listing.listing_id} is ${listing.state}: only an active listing can be bought`);
  const quantity = options.quantity ?? 1;
  const priceCents = options.priceCents ?? listing.priceCents;
  const unit = 10 ** digitsOf(state.shop.currency);
  const divisor = options.divisor ?? unit;
  if (!Number.isInteger(quantity) || quantity < 1) throw new Error('quantity must be a whole number, 1 or more');
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new Error('priceCents must be a whole number, 0 or more');
  if (!Number.isInteger(divisor) || divisor < unit || divisor % unit !== 0) throw new Error(`divisor must be a multiple of ${unit}`);
  const transaction: FakeTransaction = {
    transaction_id: nextId(state),
    listing_id: listing.listing_id,
    product_id: listing.listing_id + 1,
    title: listing.title,
    quantity,
    priceCents,
  };
  const receipt: FakeReceipt = {
    receipt_id: nextId(state),
    buyer_user_id: 90_000_000 + state.receipts.size,
    currency: state.shop.currency,
    divisor,
    created: now,
    updated: now,
    transactions: [transaction],
    refunds: [],
  };
  state.receipts.set(receipt.receipt_id, receipt);
  return { receiptId: receipt.receipt_id, transactionId: transaction.transaction_id };
}

/** The seller refunds `amountCents` of the receipt; throws when it is more than is left. */
export function recordRefund(state: FakeState, receiptId: number, amountCents: number, reason: string | null, now: number): void {
  const receipt = state.receipts.get(receiptId);
  if (receipt === undefined) throw new Error(`the fake has no receipt ${receiptId}`);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error('amountCents must be a positive whole number');
  if (amountCents > lineTotal(receipt) - refundedTotal(receipt)) throw new Error('The refund is more than is left to refund on this receipt.');
  receipt.refunds.push({ amountCents, created: now, reason });
  receipt.updated = Math.max(now, receipt.updated + 1);
}

export function transactionJson(state: FakeState, receipt: FakeReceipt, line: FakeTransaction): Record<string, unknown> {
  return {
    transaction_id: line.transaction_id,
    title: line.title,
    description: '',
    seller_user_id: state.shop.userId,
    buyer_user_id: receipt.buyer_user_id,
    create_timestamp: seconds(receipt.created),
    created_timestamp: seconds(receipt.created),
    paid_timestamp: seconds(receipt.created),
    shipped_timestamp: null,
    quantity: line.quantity,
    listing_image_id: null,
    receipt_id: receipt.receipt_id,
    is_digital: true,
    file_data: '',
    listing_id: line.listing_id,
    transaction_type: 'listing',
    product_id: line.product_id,
    sku: '',
    price: money(receipt, line.priceCents),
    shipping_cost: money(receipt, 0),
    variations: [],
    product_data: [],
    shipping_profile_id: null,
    min_processing_days: null,
    max_processing_days: null,
    shipping_method: null,
    shipping_upgrade: null,
    expected_ship_date: null,
    buyer_coupon: 0,
    shop_coupon: 0,
  };
}

export function receiptJson(state: FakeState, receipt: FakeReceipt): Record<string, unknown> {
  const total = lineTotal(receipt);
  return {
    receipt_id: receipt.receipt_id,
    receipt_type: 0,
    seller_user_id: state.shop.userId,
    seller_email: null,
    buyer_user_id: receipt.buyer_user_id,
    buyer_email: null,
    name: 'A. Buyer',
    first_line: '',
    second_line: null,
    city: '',
    state: null,
    zip: '',
    status: 'paid',
    formatted_address: '',
    country_iso: 'US',
    payment_method: 'cc',
    payment_email: '',
    message_from_seller: null,
    message_from_buyer: null,
    message_from_payment: null,
    is_paid: true,
    is_shipped: false,
    create_timestamp: seconds(receipt.created),
    created_timestamp: seconds(receipt.created),
    update_timestamp: seconds(receipt.updated),
    updated_timestamp: seconds(receipt.updated),
    is_gift: false,
    gift_message: '',
    grandtotal: money(receipt, total),
    subtotal: money(receipt, total),
    total_price: money(receipt, total),
    total_shipping_cost: money(receipt, 0),
    total_tax_cost: money(receipt, 0),
    total_vat_cost: money(receipt, 0),
    discount_amt: money(receipt, 0),
    gift_wrap_price: money(receipt, 0),
    shipments: [],
    transactions: receipt.transactions.map((line) => transactionJson(state, receipt, line)),
    refunds: receipt.refunds.map((refund) => ({
      amount: money(receipt, refund.amountCents),
      created_timestamp: seconds(refund.created),
      reason: refund.reason,
      note_from_issuer: null,
      status: 'succeeded',
    })),
  };
}
